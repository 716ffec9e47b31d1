package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"

	"memo.dev/projects/domain"
)

// bodyError words why body is not the JSON an endpoint takes, in the
// caller's terms (which field, what it must be); the decoder's own text
// (json: cannot unmarshal number into Go struct field …) is the detail.
func bodyError(body []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case bytes.HasPrefix(body, []byte("\ufeff")):
		return domain.Because(domain.ErrInvalid, err, "the request body starts with a byte order mark (BOM): send the JSON object without it")
	case errors.As(err, &typ) && typ.Field != "":
		return domain.Because(domain.ErrInvalid, err, "the request body's %q must be %s, not %s", typ.Field, jsonWords(typ.Type), jsonValueWords(typ.Value))
	case errors.As(err, &typ):
		return domain.Because(domain.ErrInvalid, err, "the request body must be a JSON object, not %s", jsonValueWords(typ.Value))
	case errors.As(err, &syn):
		return domain.Because(domain.ErrInvalid, err, "the request body is not valid JSON (the mistake is at byte %d): send one JSON object", syn.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return domain.Because(domain.ErrInvalid, err, "the request body ends in the middle of its JSON: send the whole object")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return domain.Because(domain.ErrInvalid, err, "the request body has the field %s, which this endpoint does not take", strings.TrimPrefix(err.Error(), "json: unknown field "))
	}
	return domain.Because(domain.ErrInvalid, err, "the request body is not the JSON object this endpoint takes")
}

// jsonWords names a Go type as the JSON value it is read from.
func jsonWords(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == reflect.TypeFor[json.RawMessage]() {
		return "a JSON value"
	}
	switch t.Kind().String() {
	case "bool":
		return "true or false"
	case "string":
		return "a string"
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64":
		return "a number"
	case "slice", "array":
		return "a list"
	case "map", "struct":
		return "an object"
	}
	return "another kind of value"
}

// jsonValueWords names the kind of JSON value the decoder met ("number").
func jsonValueWords(v string) string {
	switch v {
	case "number", "string":
		return "a " + v
	case "object":
		return "an object"
	case "bool":
		return "true or false"
	case "array":
		return "a list"
	}
	if strings.HasPrefix(v, "number") {
		return "a number"
	}
	return v
}
