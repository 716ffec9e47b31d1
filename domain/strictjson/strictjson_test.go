// SPDX-License-Identifier: Apache-2.0

package strictjson_test

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/strictjson"
)

type entry struct {
	Source string `json:"source"`
	Hash   string `json:"hash"`
}

type lock struct {
	Version int              `json:"version"`
	Skills  map[string]entry `json:"skills"`
	List    []entry          `json:"list"`
}

var cases = []struct {
	in   string
	want string // the error's sentence, "" for none
}{
	{`{"version":1,"skills":{"demo":{"source":"good/repo","hash":"h"}}}`, ""},
	{`{"version":1,"skills":{"demo":{"source":"good/repo","SOURCE":"evil/x"}}}`, `key "SOURCE" differs from "source" only in case, in skills.demo`},
	{`{"version":1,"skills":{"demo":{"SOURCE":"evil/x"}}}`, `key "SOURCE" differs from "source" only in case, in skills.demo`},
	{`{"version":1,"Version":2}`, `key "Version" differs from "version" only in case, at the top level`},
	{`{"VERSION":1}`, `key "VERSION" differs from "version" only in case, at the top level`},
	{`{"version":1,"skills":{"demo":{"hash":"a","Hash":"b"}}}`, `key "Hash" differs from "hash" only in case, in skills.demo`},
	{`{"version":1,"skills":{"demo":{"hash":"a","hash":"b"}}}`, `duplicate key "hash" in skills.demo`},
	{`{"version":1,"skills":{"demo":{},"demo":{}}}`, `duplicate key "demo" in skills`},
	{`{"version":1,"skills":{"demo":{},"Demo":{}}}`, `key "Demo" differs from "demo" only in case, in skills`},
	{`{"version":1,"skills":{},"skills":{}}`, `duplicate key "skills" at the top level`},
	{`{"version":1,"list":[{"hash":"a"},{"hash":"a","hash":"b"}]}`, `duplicate key "hash" in list[1]`},
	{`{"version":1,"list":[{"source":"a","Source":"b"}]}`, `key "Source" differs from "source" only in case, in list[0]`},
	{`{"version":1,"skills":{"demo":{"x":1}}}`, `unknown key "x" in skills.demo`},
	{`{"version":1,"extra":true}`, `unknown key "extra" at the top level`},
	{`{"version":1,"skills":{"demo":{"hash":3}}}`, `skills.demo.hash must be a string`},
	{`{"version":"1"}`, `version must be a whole number`},
	{`{"version":1} {}`, `there is more after the JSON value`},
	{` `, `there is no JSON value`},
	{"{\n\"version\":1 x}", `the JSON is not valid at line 2, column 13`},
	{`{"version":1,`, `the JSON ends before its value is complete`},
	{"{\"version\":1,\"skills\":{\"d\xffe\":{}}}", `the JSON is not valid at line 1, column 26`},
	// Escapes are read before keys are compared.
	{`{"version":1,"\u0076ersion":2}`, `duplicate key "version" at the top level`},
	{`{"version":1,"\u0056ersion":2}`, `key "Version" differs from "version" only in case, at the top level`},
	// encoding/json takes the Kelvin sign for k: so does the fold.
	{`{"skills":{"k":{},"` + "\u212a" + `":{}}}`, `key "` + "\u212a" + `" differs from "k" only in case, in skills`},
}

func TestDecode(t *testing.T) {
	for _, c := range cases {
		var l lock
		err := strictjson.Decode([]byte(c.in), &l)
		got := ""
		if err != nil {
			got = err.Error()
			if !errors.Is(err, domain.ErrInvalid) {
				t.Errorf("Decode(%q) = %v, not of kind invalid", c.in, err)
			}
			if _, ok := domain.TextOf(err); !ok {
				t.Errorf("Decode(%q) = %v, without a Text the window can word", c.in, err)
			}
		}
		if got != c.want {
			t.Errorf("Decode(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestDecodeKnownSkipsOtherKeysExactly(t *testing.T) {
	var v struct {
		Scripts map[string]string `json:"scripts"`
	}
	err := strictjson.DecodeKnown([]byte(`{"name":"x","Scripts":{"a":"evil"},"scripts":{"b":"good"}}`), &v)
	if err == nil || err.Error() != `key "scripts" differs from "Scripts" only in case, at the top level` {
		t.Fatalf("DecodeKnown with Scripts and scripts = %v", err)
	}
	v.Scripts = nil
	if err := strictjson.DecodeKnown([]byte(`{"name":"x","Scripts":{"a":"evil"}}`), &v); err != nil || v.Scripts != nil {
		t.Fatalf("DecodeKnown with only Scripts = %v, %v; want it skipped as npm does", err, v.Scripts)
	}
	if err := strictjson.DecodeKnown([]byte(`{"scripts":{"b":"1","b":"2"}}`), &v); err == nil || err.Error() != `duplicate key "b" in scripts` {
		t.Fatalf("DecodeKnown with a duplicate script = %v", err)
	}
}

// hasTwin is the reference for Check's key rule, built on encoding/json's
// own tokenizer: some object, at any depth, has two keys equal under
// strings.EqualFold (which includes two equal keys).
func hasTwin(b []byte) (twin bool, valid bool) {
	dec := stdjson.NewDecoder(bytes.NewReader(b))
	type obj struct {
		keys   []string
		expect bool // the next string token is a key
	}
	var stack []*obj
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return twin, true
		}
		if err != nil {
			return twin, false
		}
		var top *obj
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if s, ok := tok.(string); ok && top != nil && top.expect {
			for _, k := range top.keys {
				if strings.EqualFold(k, s) {
					twin = true
				}
			}
			top.keys = append(top.keys, s)
			top.expect = false
			continue
		}
		if top != nil && top.keys != nil {
			top.expect = true // after a value comes a key
		}
		switch tok {
		case stdjson.Delim('{'):
			stack = append(stack, &obj{keys: []string{}, expect: true})
		case stdjson.Delim('['):
			stack = append(stack, &obj{})
		case stdjson.Delim('}'), stdjson.Delim(']'):
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].keys != nil {
				stack[len(stack)-1].expect = true
			}
		}
	}
}

// FuzzDecode compares the strict reader with encoding/json: what it
// accepts, encoding/json reads to the same value; what has two keys that
// encoding/json would take for one is always refused.
func FuzzDecode(f *testing.F) {
	for _, c := range cases {
		f.Add([]byte(c.in))
	}
	f.Add([]byte(`{"a":[1,2,{"b":null,"c":"d"}],"e":{"f":{"g":true}}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var got any
		err := strictjson.Decode(b, &got)
		twin, valid := hasTwin(b)
		if twin && err == nil {
			t.Fatalf("Decode(%q) accepted keys that differ only in case or repeat", b)
		}
		if err != nil {
			if !errors.Is(err, domain.ErrInvalid) {
				t.Fatalf("Decode(%q) = %v, not of kind invalid", b, err)
			}
			return
		}
		if !valid {
			t.Fatalf("Decode(%q) accepted what encoding/json's tokenizer refuses", b)
		}
		var want any
		if err := stdjson.Unmarshal(b, &want); err != nil {
			t.Fatalf("Decode(%q) accepted what encoding/json refuses: %v", b, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Decode(%q) = %#v, encoding/json reads %#v", b, got, want)
		}
		// Into a struct, the accepted input reads the same as well.
		var l1, l2 lock
		errStrict := strictjson.Decode(b, &l1)
		if errStrict == nil {
			if err := stdjson.Unmarshal(b, &l2); err != nil || !reflect.DeepEqual(l1, l2) {
				t.Fatalf("Decode(%q) into a struct = %+v, encoding/json reads %+v (%v)", b, l1, l2, err)
			}
		}
	})
}
