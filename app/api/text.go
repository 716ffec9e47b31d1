// SPDX-License-Identifier: Apache-2.0

package api

import (
	"errors"
	"io"
	"net/http"
	"unicode/utf16"
	"unicode/utf8"

	"memo.dev/projects/domain"
)

// readText reads a request body that must be JSON text: valid UTF-8 with no
// \u escape that names half of a UTF-16 pair. encoding/json turns either
// into U+FFFD without a word, and a path would then name another folder
// (one that really holds U+FFFD) than the caller meant.
func readText(r io.Reader) ([]byte, error) {
	body, err := io.ReadAll(r)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, errTooLarge
	case err != nil:
		return nil, domain.Because(domain.ErrInvalid, err, "the request body cannot be read: send it again")
	case !utf8.Valid(body):
		return nil, domain.Invalid("the request body is not valid UTF-8")
	case loneSurrogate(body):
		return nil, domain.Invalid(`the request body holds a \u escape of half a UTF-16 surrogate pair, which names no character`)
	}
	return body, nil
}

// loneSurrogate reports whether a JSON text holds, inside a string, a \u
// escape of a surrogate that is not one half of a pair.
func loneSurrogate(b []byte) bool {
	inString := false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			inString = !inString
		case c == '\\' && inString && i+1 < len(b):
			if b[i+1] != 'u' {
				i++ // \" \\ \n …: the escaped byte is not a quote
				continue
			}
			r, ok := hex4(b, i+2)
			if !ok {
				return false // malformed: the decoder says so
			}
			i += 5
			if !utf16.IsSurrogate(r) {
				continue
			}
			next, ok := hex4(b, i+3)
			if r >= 0xdc00 || i+2 >= len(b) || b[i+1] != '\\' || b[i+2] != 'u' || !ok || utf16.DecodeRune(r, next) == utf8.RuneError {
				return true
			}
			i += 6
		}
	}
	return false
}

// hex4 reads the four hex digits at b[i:].
func hex4(b []byte, i int) (rune, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}
