// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"encoding/binary"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"memo.dev/projects/domain"
)

// hidden is a set of kinds of characters that read differently to a model
// than to a person: the model sees them, a person sees nothing or sees the
// text in another order.
type hidden uint8

const (
	// hiddenBidi: Unicode's Bidi_Control characters (direction marks,
	// embeddings, overrides, isolates), which reorder what a person sees.
	hiddenBidi hidden = 1 << iota
	// hiddenInvisible: Default_Ignorable_Code_Point characters, drawn as
	// nothing: zero-width spaces and joiners, the soft hyphen, U+034F,
	// the Hangul fillers, U+180E …
	hiddenInvisible
	// hiddenTag: the tag characters U+E0000–U+E007F, an invisible copy of ASCII.
	hiddenTag
	// hiddenSelector: a variation selector or a joiner where it can modify
	// nothing visible (after plain ASCII text or after another invisible
	// character): a way to smuggle bytes into text.
	hiddenSelector
	// hiddenControl: control characters other than tab and line ends, and
	// bytes that are not UTF-8 (in names and front-matter values).
	hiddenControl
)

// hiddenKinds orders the kinds as warnings name them.
var hiddenKinds = []struct {
	kind hidden
	what func() domain.Text
}{
	{hiddenBidi, func() domain.Text { return domain.T("bidirectional controls") }},
	{hiddenInvisible, func() domain.Text { return domain.T("invisible characters") }},
	{hiddenTag, func() domain.Text { return domain.T("Unicode tag characters") }},
	{hiddenSelector, func() domain.Text { return domain.T("variation selectors or joiners after plain text") }},
	{hiddenControl, func() domain.Text { return domain.T("control characters or bytes that are not text") }},
}

// texts names the kinds in h, in a fixed order.
func (h hidden) texts() []domain.Text {
	var out []domain.Text
	for _, k := range hiddenKinds {
		if h&k.kind != 0 {
			out = append(out, k.what())
		}
	}
	return out
}

// String names the kinds in English, for JSON.
func (h hidden) String() string {
	var s []string
	for _, t := range h.texts() {
		s = append(s, t.String())
	}
	return strings.Join(s, ", ")
}

// isDefaultIgnorable is Unicode's derived Default_Ignorable_Code_Point
// property (UAX #44): Other_Default_Ignorable_Code_Point, format characters
// (Cf) and variation selectors, less white space, the interlinear annotation
// and Egyptian format characters and the prepended concatenation marks, which
// are meant to be seen.
func isDefaultIgnorable(r rune) bool {
	if r < 0xA0 {
		return false
	}
	if !unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) && !unicode.Is(unicode.Cf, r) && !unicode.Is(unicode.Variation_Selector, r) {
		return false
	}
	switch {
	case unicode.Is(unicode.White_Space, r), r >= 0xFFF9 && r <= 0xFFFB, r >= 0x13430 && r <= 0x1343F,
		unicode.Is(unicode.Prepended_Concatenation_Mark, r):
		return false
	}
	return true
}

// classify judges r, which follows prev (-1 at the start of a text).
func classify(r, prev rune) hidden {
	switch {
	case r < 0x80:
		return 0
	case unicode.Is(unicode.Bidi_Control, r):
		return hiddenBidi
	case r >= 0xE0000 && r <= 0xE007F:
		return hiddenTag
	case modifier(r):
		// After a letter of another script or an emoji a joiner or a
		// selector does its job; after ASCII, after another invisible
		// character or at the start it can only hide something.
		if prev < 0x80 && !(r == 0xFE0F && isKeycapBase(prev)) || prev >= 0 && (modifier(prev) || isDefaultIgnorable(prev)) {
			return hiddenSelector
		}
		return 0
	case isDefaultIgnorable(r):
		return hiddenInvisible
	}
	return 0
}

// modifier: the variation selectors and the zero-width (non-)joiner, which
// change how the character before them is drawn.
func modifier(r rune) bool {
	return r == 0x200C || r == 0x200D || unicode.Is(unicode.Variation_Selector, r)
}

// isKeycapBase: the ASCII characters that U+FE0F U+20E3 turn into keycap emoji (1️⃣).
func isKeycapBase(r rune) bool { return r == '#' || r == '*' || r >= '0' && r <= '9' }

// hiddenIn judges a whole string: a name or a front-matter value. Controls
// other than tab and line ends, and bytes that are not UTF-8, count too.
func hiddenIn(s string) hidden {
	var h hidden
	prev := rune(-1)
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			h |= hiddenControl
		case r != '\t' && r != '\n' && r != '\r' && unicode.IsControl(r):
			h |= hiddenControl
		default:
			h |= classify(r, prev)
		}
		prev = r
	}
	return h
}

// textScan judges a stream of text as it goes by, one chunk at a time: a
// character cut between two chunks is carried to the next.
type textScan struct {
	found hidden
	prev  rune // the last character seen, -1 before the first
	tail  [utf8.UTFMax]byte
	ntail int
	start bool // nothing seen yet: a leading byte-order mark is harmless
}

func newTextScan() textScan { return textScan{prev: -1, start: true} }

func (t *textScan) write(p []byte) {
	if t.ntail > 0 {
		// Complete the character cut at the end of the last chunk.
		var buf [2 * utf8.UTFMax]byte
		n := copy(buf[:], t.tail[:t.ntail])
		n += copy(buf[n:], p[:min(len(p), utf8.UTFMax)])
		if !utf8.FullRune(buf[:n]) { // still cut: p is shorter than the rest of it
			t.ntail = copy(t.tail[:], buf[:n])
			return
		}
		r, size := utf8.DecodeRune(buf[:n])
		t.see(r)
		p = p[max(size-t.ntail, 0):] // a broken sequence is dropped whole
		t.ntail = 0
	}
	for i := 0; i < len(p); {
		// ASCII runs are the common case: skip them eight bytes at a time.
		from := i
		for i+8 <= len(p) && binary.LittleEndian.Uint64(p[i:])&0x8080808080808080 == 0 {
			i += 8
		}
		for i < len(p) && p[i] < 0x80 {
			i++
		}
		if i > from {
			t.prev, t.start = rune(p[i-1]), false
		}
		if i == len(p) {
			return
		}
		if !utf8.FullRune(p[i:]) {
			t.ntail = copy(t.tail[:], p[i:])
			return
		}
		r, size := utf8.DecodeRune(p[i:])
		t.see(r)
		i += size
	}
}

func (t *textScan) see(r rune) {
	if !(r == 0xFEFF && t.start) {
		t.found |= classify(r, t.prev)
	}
	t.prev, t.start = r, false
}

// TextPiece is a stretch of text as the window shows it: what a person
// sees, or one character that hides, written as its code point.
type TextPiece struct {
	Text   string
	Hidden bool
}

// RevealHidden splits text into what a person sees and the characters
// that hide in it, each written as its code point (`\u{202E}`, and `\xff`
// for a byte that is not UTF-8), as the review's warnings write them.
// Hidden is what the review warns of — classify's kinds, so that an emoji
// sequence or a joiner in another script stays whole — and control
// characters other than tab and line ends; a carriage return that ends no
// line counts (on a terminal it hides what comes before it). A byte-order
// mark at the start is dropped.
func RevealHidden(text string) []TextPiece {
	text = strings.TrimPrefix(text, "\uFEFF")
	var out []TextPiece
	plain := 0 // where the stretch a person sees began
	prev := rune(-1)
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		var shown string
		switch {
		case r == utf8.RuneError && size == 1:
			shown = `\x` + strconv.FormatUint(uint64(text[i]), 16)
		case r == '\r' && !strings.HasPrefix(text[i+1:], "\n"),
			r != '\t' && r != '\n' && r != '\r' && unicode.IsControl(r),
			classify(r, prev) != 0:
			shown = codePoint(r)
		}
		if shown != "" {
			if i > plain {
				out = append(out, TextPiece{Text: text[plain:i]})
			}
			out = append(out, TextPiece{Text: shown, Hidden: true})
			plain = i + size
		}
		prev = r
		i += size
	}
	if plain < len(text) {
		out = append(out, TextPiece{Text: text[plain:]})
	}
	return out
}

// codePoint writes r as Memo's warnings do: \u{202E}.
func codePoint(r rune) string {
	return `\u{` + strings.ToUpper(strconv.FormatInt(int64(r), 16)) + `}`
}
