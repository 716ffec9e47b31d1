// SPDX-License-Identifier: Apache-2.0

package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strconv"
)

// jsonErrors gives the answers net/http makes without any handler a JSON
// body like every other answer. A request net/http cannot read (a bad
// method token, a path such as /%zz, a missing Host, headers over the
// limit) is answered by the server itself, straight to the connection, in
// plain text, and closed: there is no hook, so its connections recognise
// that one write and send the same status as JSON instead. No handler's
// answer can look like it: every one is JSON, and JSON text holds no raw
// line break.
type jsonErrors struct{ net.Listener }

func (l jsonErrors) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return jsonErrorConn{c}, nil
}

type jsonErrorConn struct{ net.Conn }

// goErrorHeaders is how net/http's own answer to an unreadable request
// goes on after its status line (net/http/server.go, conn.serve).
const goErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

func (c jsonErrorConn) Write(b []byte) (int, error) {
	status, ok := goAnswer(b)
	if !ok {
		return c.Conn.Write(b)
	}
	body, _ := json.Marshal(errorBody{Error: unreadable(status), Kind: kindOfStatus(status)})
	body = append(body, '\n')
	var out bytes.Buffer
	fmt.Fprintf(&out, "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nCache-Control: no-store\r\nConnection: close\r\nContent-Length: %d\r\n\r\n", status, http.StatusText(status), len(body))
	out.Write(body)
	if _, err := c.Conn.Write(out.Bytes()); err != nil {
		return 0, err
	}
	return len(b), nil
}

// goAnswer reports whether b is net/http's own answer to a request it could
// not read or will not serve (417: an Expect it does not know), and its
// status.
func goAnswer(b []byte) (int, bool) {
	const prefix = "HTTP/1.1 "
	if !bytes.HasPrefix(b, []byte(prefix)) || len(b) < len(prefix)+3 {
		return 0, false
	}
	status, err := strconv.Atoi(string(b[len(prefix) : len(prefix)+3]))
	if err != nil {
		return 0, false
	}
	if status == http.StatusExpectationFailed || bytes.Contains(b, []byte(goErrorHeaders)) {
		return status, true
	}
	return 0, false
}

func kindOfStatus(status int) string {
	if status >= 500 && status != http.StatusNotImplemented && status != http.StatusHTTPVersionNotSupported {
		return "internal"
	}
	return "invalid"
}

// unreadable words why net/http refused a request, by its status.
func unreadable(status int) string {
	switch status {
	case http.StatusRequestHeaderFieldsTooLarge:
		return "the request's headers are larger than 16 KiB"
	case http.StatusNotImplemented:
		return "the request's Transfer-Encoding is not one the API reads: send the body with a Content-Length"
	case http.StatusHTTPVersionNotSupported:
		return "the request's HTTP version is not one the API speaks: use HTTP/1.1"
	case http.StatusExpectationFailed:
		return "the request's Expect header asks for something the API does not do"
	}
	return "the request is not valid HTTP: its method, path or headers cannot be read (a method is a word such as POST, and a path has no bare %)"
}
