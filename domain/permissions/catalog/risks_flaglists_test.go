// SPDX-License-Identifier: Apache-2.0

package catalog

import "testing"

// A flag list passes a value only when every flag in it is listed, with
// its value where it takes one; everything else asks as the option does.
func TestFlagLists(t *testing.T) {
	l, ok := parseFlagList("-s -w -X= -m=?")
	if !ok {
		t.Fatal("the spec does not parse")
	}
	cases := map[string]bool{
		"-s -w":                      true,
		"-X main.v=1":                true,
		"-X=main.v=1 -s":             true,
		"all=-m -m=2":                true,
		"  -w  ":                     true,
		"":                           false,
		"-X":                         false, // -X names no value
		"-s=1":                       false, // -s takes none
		"-m=-extld=/tmp/x":           false,
		"-extld=/tmp/x":              false,
		"-s -linkmode external":      false,
		"-s main.v":                  false, // a word that is no flag
		"-X 'main.v=a b'":            false, // quotes the tool splits its own way
		"-X \"main.v=a\"":            false,
		"-X main.v=1 -extldflags -x": false,
	}
	for value, want := range cases {
		if got := l.holds(value); got != want {
			t.Errorf("holds(%q) = %v, want %v", value, got, want)
		}
	}
	for _, bad := range []string{"s", "-", "-x=?=", "--"} {
		if _, ok := parseFlagList(bad); ok {
			t.Errorf("parseFlagList(%q) is accepted, want it refused", bad)
		}
	}
}

// flag_shapes load only as patterns of one flag for an option flag_lists
// names, and a value's flag passes when one matches it whole.
func TestFlagShapes(t *testing.T) {
	for _, bad := range []riskData{
		{FlagShapes: map[string][]string{"--x": {"-a"}}},                                             // no flag_lists entry
		{FlagLists: map[string]string{"--x": "-s"}, FlagShapes: map[string][]string{"--x": {"("}}},   // no pattern
		{FlagLists: map[string]string{"--x": "-s"}, FlagShapes: map[string][]string{"--x": {""}}},    // empty
		{FlagLists: map[string]string{"--x": "-s"}, FlagShapes: map[string][]string{"--x": {"a b"}}}, // two flags
	} {
		if _, err := buildProgram(bad, Getopt, nil, nil); err == nil {
			t.Errorf("buildProgram(%+v) loads, want it refused", bad)
		}
	}
	p, err := buildProgram(riskData{FlagLists: map[string]string{"--x": "-s"}, FlagShapes: map[string][]string{"--x": {"-W[a-z]+"}}}, Getopt, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for value, want := range map[string]bool{"-s -Wall": true, "-Wextra": true, "-Wall1": false, "x-Wall": false, "-Wall -o": false} {
		if got := p.flagLists["--x"].holds(value, p.flagShapes["--x"]...); got != want {
			t.Errorf("holds(%q) = %v, want %v (the pattern matches a flag whole)", value, got, want)
		}
	}
}

// text_shapes load only as a pattern under an option's spelling.
func TestTextShapesLoad(t *testing.T) {
	for _, bad := range []map[string]string{{"P": "a"}, {"-P": "("}, {"-P": ""}, {"--p=x": "a"}} {
		if _, err := buildEntry(programData{TextShapes: bad}); err == nil {
			t.Errorf("text_shapes %v loads, want it refused", bad)
		}
	}
	if _, err := buildEntry(programData{TextShapes: map[string]string{"-P": "[a-z]+", "--profiles": "[a-z]+"}}); err != nil {
		t.Errorf("text_shapes refused: %v", err)
	}
}

// A flag of a list may take two values (Xvfb's -screen 0 1280x1024x24), and
// a risky short option spelled alone passes a value of its list (xvfb-run
// -s): the hostile neighbours, Xvfb's options that write or read files or
// reach other hosts, ask.
func TestFlagListsTwoValuesAndShortOptions(t *testing.T) {
	l, ok := parseFlagList("-screen== -ac -nolisten=")
	if !ok {
		t.Fatal("the spec does not parse")
	}
	for value, want := range map[string]bool{
		"-screen 0 1280x1024x24":                   true,
		"-ac -screen 0 1920x1080x24 -nolisten tcp": true,
		"-screen 0":                          false, // one value of two
		"-screen=0 1280x1024x24":             false, // glued
		"-screen 0 1280x1024x24 -fbdir /tmp": false,
	} {
		if got := l.holds(value); got != want {
			t.Errorf("holds(%q) = %v, want %v", value, got, want)
		}
	}
	p, ok := Builtin().Programs["xvfb-run"]
	if !ok {
		t.Fatal("no builtin table for xvfb-run")
	}
	for _, c := range []struct {
		args []string
		asks bool
	}{
		{[]string{"-a", "-s", "-screen 0 1280x1024x24", "npm", "test"}, false},
		{[]string{"--server-args=-ac -screen 0 1280x1024x24", "npm", "test"}, false},
		{[]string{"--server-args", "-screen 0 1280x1024x24 -nolisten tcp", "npm", "test"}, false},
		{[]string{"-s", "-fbdir /tmp", "npm", "test"}, true},
		{[]string{"-s", "-auth /etc/x", "npm", "test"}, true},
		{[]string{"-s", "-screen 0 1024x768x24 -query evil.example", "npm", "test"}, true},
		{[]string{"--server-args=-listen tcp", "npm", "test"}, true},
		{[]string{"-s-screen", "npm", "test"}, true}, // glued: not read as a list
		{[]string{"-as", "-screen 0 1x1x8", "npm", "test"}, true},
		{[]string{"-s"}, true},
		{[]string{"-l", "npm", "test"}, true},
	} {
		if got := !p.check("xvfb-run", c.args).IsZero(); got != c.asks {
			t.Errorf("xvfb-run check(%q) asks = %v, want %v", c.args, got, c.asks)
		}
	}
}
