// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"archive/tar"
	"compress/flate"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/url"
	"strings"
	"syscall"

	"fyne.io/fyne/v2/lang"

	"memo.dev/projects/domain"
)

// plainError is err as the window says it: a sentence in the reader's
// language, and the error's own text as the detail behind "Details" (""
// when the sentence says all of it). A sentence the domain made from a
// template is worded as it is; a network, file-system or decoder error
// from a library — inside a domain error too — is said by its class
// ("dial tcp 127.0.0.1:8765: connect: connection refused" is "Memo could
// not connect to 127.0.0.1:8765: nothing answers there."); any other error
// keeps its own sentence, which is the project's own English.
func plainError(err error) (text, detail string) {
	if err == nil {
		return "", ""
	}
	lib := libraryError(err)
	if t, ok := domain.TextOf(err); ok {
		if lib == "" && !quotesAnError(t) {
			// The library's or the system's own words the domain kept
			// apart (domain.Because) are the detail.
			return sayText(t), domain.DetailOf(err)
		}
		// A domain sentence that quotes an error's own text ("cannot
		// download from h: dial tcp …", "… not valid YAML: yaml: line 3: …",
		// made with domain.Sentence): the quote is said in plain words
		// where its class is known, else it points to Details, which hold
		// it; the rest is worded as the domain wrote it. So no Go, SQLite
		// or system text stands in a sentence, in any language.
		plain := lib
		if plain == "" {
			plain = lang.L("see Details")
		}
		detail := err.Error()
		if d := domain.DetailOf(err); d != "" && !strings.Contains(detail, d) {
			detail += "\n" + d
		}
		return sayText(quoting(t, plain)), detail
	}
	if lib != "" {
		return lib, err.Error()
	}
	return err.Error(), ""
}

// quoting is t with each error it quotes (a domain.Sentence of an error
// that carries no template of its own) replaced by plain.
func quoting(t domain.Text, plain string) domain.Text {
	args := make(map[string]any, len(t.Args))
	for k, v := range t.Args {
		if inner, ok := v.(domain.Text); ok {
			if raw := rawSentence(); inner.Template == raw {
				v = domain.Text{Template: raw, Args: map[string]any{"Text": plain}}
			} else {
				v = quoting(inner, plain)
			}
		}
		args[k] = v
	}
	return domain.Text{Template: t.Template, Args: args}
}

// quotesAnError reports whether t quotes an error's own text (a
// domain.Sentence of an error that carries no template of its own), at any
// depth.
func quotesAnError(t domain.Text) bool {
	for _, v := range t.Args {
		if inner, ok := v.(domain.Text); ok && (inner.Template == rawSentence() || quotesAnError(inner)) {
			return true
		}
	}
	return false
}

// rawSentence is the template domain.Sentence gives an error's own text.
func rawSentence() string { return domain.Sentence(errors.New("")).Template }

// libraryError words the library errors a person meets; "" for others.
func libraryError(err error) string {
	var dns *net.DNSError
	var op *net.OpError
	var uerr *url.Error
	var nerr net.Error
	var perr *fs.PathError
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var corrupt flate.CorruptInputError
	host := func() string {
		switch {
		case op != nil && op.Addr != nil:
			return op.Addr.String()
		case uerr != nil:
			if u, e := url.Parse(uerr.URL); e == nil && u.Host != "" {
				return u.Host
			}
		}
		return lang.L("the server")
	}
	errors.As(err, &op)
	errors.As(err, &uerr)
	switch {
	case errors.Is(err, context.Canceled):
		return lang.L("It was cancelled.")
	case errors.Is(err, context.DeadlineExceeded):
		return lang.L("It took too long and was stopped.")
	case errors.As(err, &dns):
		return lang.L("Memo could not find the server {{.Host}}: check the address and the network.", map[string]any{"Host": dns.Name})
	case errors.Is(err, syscall.ECONNREFUSED):
		return lang.L("Memo could not connect to {{.Host}}: nothing answers there.", map[string]any{"Host": host()})
	case errors.As(err, &nerr) && nerr.Timeout():
		return lang.L("{{.Host}} did not answer in time: check the network, then try again.", map[string]any{"Host": host()})
	case errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.EHOSTUNREACH):
		return lang.L("Memo could not reach {{.Host}}: this computer seems to be offline.", map[string]any{"Host": host()})
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return lang.L("The connection to {{.Host}} broke off: try again.", map[string]any{"Host": host()})
	case errors.Is(err, syscall.EADDRINUSE):
		return lang.L("Another program already uses that port.")
	case errors.Is(err, syscall.ENOSPC):
		return lang.L("The disk is full: free some space, then try again.")
	case errors.Is(err, syscall.EROFS):
		return lang.L("The disk is read-only, so Memo cannot write there.")
	case errors.As(err, &perr) && errors.Is(err, fs.ErrNotExist):
		return lang.L("{{.Path}} is not there.", map[string]any{"Path": perr.Path})
	case errors.As(err, &perr) && errors.Is(err, fs.ErrPermission):
		return lang.L("Memo may not use {{.Path}}: permission denied.", map[string]any{"Path": perr.Path})
	case errors.As(err, &perr):
		return lang.L("Memo could not use {{.Path}}.", map[string]any{"Path": perr.Path})
	case errors.Is(err, fs.ErrPermission):
		return lang.L("Memo may not do that here: permission denied.")
	case errors.As(err, &syn), errors.As(err, &typ), errors.As(err, &corrupt),
		errors.Is(err, gzip.ErrHeader), errors.Is(err, gzip.ErrChecksum), errors.Is(err, tar.ErrHeader),
		errors.Is(err, io.ErrUnexpectedEOF):
		return lang.L("The data could not be read: it is damaged or not what was expected.")
	case op != nil, uerr != nil:
		return lang.L("Memo could not talk to {{.Host}}: check the network, then try again.", map[string]any{"Host": host()})
	}
	return ""
}
