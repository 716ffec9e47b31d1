// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// hiddenCases: text and what the review must find in it. Each hidden
// character is tried after plain ASCII (where a person sees nothing of it).
var hiddenCases = []struct {
	text string
	want hidden
}{
	{"plain ASCII, tabs\tand\r\nline ends", 0},
	{"café, naïve, 日本語, ελληνικά, עברית, العربية", 0},
	{"a\u202eb", hiddenBidi}, // right-to-left override
	{"a\u2066b\u2069", hiddenBidi},
	{"a\u200eb", hiddenBidi},          // left-to-right mark
	{"a\u061cb", hiddenBidi},          // Arabic letter mark
	{"a\u00adb", hiddenInvisible},     // soft hyphen
	{"a\u034fb", hiddenInvisible},     // combining grapheme joiner
	{"a\u115fb", hiddenInvisible},     // Hangul choseong filler
	{"a\u3164b", hiddenInvisible},     // Hangul filler
	{"a\uffa0b", hiddenInvisible},     // halfwidth Hangul filler
	{"a\u180eb", hiddenInvisible},     // Mongolian vowel separator
	{"a\u200bb", hiddenInvisible},     // zero-width space
	{"a\u2060b", hiddenInvisible},     // word joiner
	{"a\u2064b", hiddenInvisible},     // invisible plus
	{"a\ufeffb", hiddenInvisible},     // a byte-order mark inside the text
	{"a\U0001d173b", hiddenInvisible}, // musical symbol begin beam
	{"a\U000E0041\U000E007Fb", hiddenTag},
	{"a\ufe0fb", hiddenSelector},     // variation selector 16 after ASCII
	{"a\U000E0100b", hiddenSelector}, // variation selector 17 after ASCII
	{"\ufe0f at the start", hiddenSelector},
	{"a\u200db", hiddenSelector},           // zero-width joiner after ASCII
	{"a\u200cb", hiddenSelector},           // zero-width non-joiner after ASCII
	{"\u2764\ufe0f\ufe0f", hiddenSelector}, // a second selector modifies nothing
	// Where they do their job, joiners and selectors are not hidden.
	{"\u2764\ufe0f", 0},                                     // red heart, emoji style
	{"\U0001F468\u200d\U0001F4BB", 0},                       // technologist: man ZWJ laptop
	{"1\ufe0f\u20e3 #\ufe0f\u20e3", 0},                      // keycaps
	{"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", 0}, // Persian with ZWNJ
	{"\u845b\U000E0100", 0},                                 // an ideographic variation sequence
	// Meant to be seen: not hidden.
	{"\u0600\u0661", 0}, // Arabic number sign (a prepended concatenation mark)
	{"a\u00a0b\u3000c", 0},
}

func TestClassifyHidden(t *testing.T) {
	for _, tt := range hiddenCases {
		if got := hiddenIn(tt.text); got != tt.want {
			t.Errorf("hiddenIn(%+q) = %q, want %q", tt.text, got, tt.want)
		}
		// The stream finds the same, wherever the chunks are cut.
		for cut := 0; cut <= len(tt.text); cut++ {
			for cut2 := cut; cut2 <= len(tt.text); cut2++ {
				ts := newTextScan()
				ts.write([]byte(tt.text[:cut]))
				ts.write([]byte(tt.text[cut:cut2]))
				ts.write([]byte(tt.text[cut2:]))
				if ts.found != tt.want {
					t.Errorf("textScan(%+q) cut at %d and %d found %q, want %q", tt.text, cut, cut2, ts.found, tt.want)
				}
			}
		}
	}
	// A leading byte-order mark is how some editors start UTF-8 files.
	ts := newTextScan()
	ts.write([]byte("\ufeff# Title\n"))
	if ts.found != 0 {
		t.Errorf("a leading byte-order mark counts as hidden: %q", ts.found)
	}
	if got := hiddenIn("ok\x1b[2Jcleared"); got != hiddenControl {
		t.Errorf("hiddenIn of an escape sequence = %q, want control characters", got)
	}
	if got := hiddenIn("bin\xff\xfe"); got != hiddenControl {
		t.Errorf("hiddenIn of bytes that are not UTF-8 = %q, want control characters", got)
	}
	if got := hiddenIn("replacement \ufffd is text"); got != 0 {
		t.Errorf("hiddenIn of a real U+FFFD = %q, want nothing", got)
	}
}

// The rule is Unicode's own properties, not a list: every code point of
// the derived Default_Ignorable_Code_Point property hides.
func TestDefaultIgnorableIsTheUnicodeProperty(t *testing.T) {
	// DerivedCoreProperties.txt (Unicode 15): Default_Ignorable_Code_Point.
	ranges := [][2]rune{{0x00AD, 0x00AD}, {0x034F, 0x034F}, {0x061C, 0x061C}, {0x115F, 0x1160}, {0x17B4, 0x17B5},
		{0x180B, 0x180F}, {0x200B, 0x200F}, {0x202A, 0x202E}, {0x2060, 0x206F}, {0x3164, 0x3164}, {0xFE00, 0xFE0F},
		{0xFEFF, 0xFEFF}, {0xFFA0, 0xFFA0}, {0xFFF0, 0xFFF8}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF}}
	in := func(r rune) bool {
		for _, rg := range ranges {
			if r >= rg[0] && r <= rg[1] {
				return true
			}
		}
		return false
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if got := isDefaultIgnorable(r); got != in(r) {
			t.Errorf("isDefaultIgnorable(%U) = %v, want %v", r, got, in(r))
		}
	}
}

func TestFrontMatterHiddenAfterDecoding(t *testing.T) {
	tests := []struct {
		md   string
		keys string // the keys reported, with what they hide
	}{
		{"---\nname: pdf\ndescription: plain\n---\n", ""},
		{"---\nname: pdf\ndescription: \"read \\u202edaer\"\n---\n", "description (bidirectional controls)"},
		{"---\nname: pdf\ndescription: 'x'\nnote: \"a\\u00adb\"\n---\n", "note (invisible characters)"},
		{"---\nname: pdf\ndescription: !!binary cmVhZCDigK5kYWVy\n---\n", "description (bidirectional controls)"}, // "read \u202edaer"
		{"---\nname: pdf\ndescription: !!binary //79\n---\n", "description (control characters or bytes that are not text)"},
		{"---\nname: pdf\ndescription: d\nmeta:\n  deep: [\"x\", \"\\U000E0041\"]\n---\n", "meta (Unicode tag characters)"},
		{"---\nname: pdf\ndescription: d\n\"k\\u200bey\": v\n---\n", `"k\u{200B}ey" (invisible characters)`},
	}
	for _, tt := range tests {
		m, err := ParseSkillMD([]byte(tt.md))
		if err != nil {
			t.Errorf("ParseSkillMD(%q) = %v", tt.md, err)
			continue
		}
		var got []string
		for _, k := range m.hidden {
			got = append(got, hiddenItem(k.key, k.found).String())
		}
		if strings.Join(got, "; ") != tt.keys {
			t.Errorf("ParseSkillMD(%q) hides %q; want %q", tt.md, got, tt.keys)
		}
	}
}

func TestReveal(t *testing.T) {
	for in, want := range map[string]string{
		"plain":             `"plain"`,
		"a\u202eb":          `"a\u{202E}b"`,
		"x\u3164y":          `"x\u{3164}y"`,
		"tab\there":         `"tab\u{9}here"`,
		"bad\xffbyte":       `"bad\xffbyte"`,
		`q"uo\te`:           `"q\"uo\\te"`,
		"café \u2764\ufe0f": "\"café \u2764\\u{FE0F}\"",
	} {
		if got := reveal(in); got != want {
			t.Errorf("reveal(%+q) = %s, want %s", in, got, want)
		}
	}
}
