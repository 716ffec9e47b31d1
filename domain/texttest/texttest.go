// SPDX-License-Identifier: Apache-2.0

// Package texttest checks, in tests, an error made from a domain.Text: the
// English sentence the command line prints, its kind, and the template it
// carries for the window.
package texttest

import (
	"testing"

	"memo.dev/projects/domain"
)

// Check reports on t (naming the case name) what err lacks: the English
// sentence want, the kind, a Text that renders that same sentence, and, when
// inner is not "", a value that is itself a Text with the template inner. It
// returns the Text for checks of its own, and false when err is nil or
// carries none.
func Check(t testing.TB, name string, err error, want string, kind domain.Kind, inner string) (domain.Text, bool) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error", name)
		return domain.Text{}, false
	}
	if got := err.Error(); got != want {
		t.Errorf("%s: %q, want %q", name, got, want)
	}
	if k := domain.KindOf(err); k != kind {
		t.Errorf("%s: kind %s, want %s", name, k, kind)
	}
	txt, ok := domain.TextOf(err)
	if !ok || txt.String() != err.Error() {
		t.Errorf("%s: carries Text %+v (%v), want its own sentence", name, txt, ok)
		return txt, false
	}
	if inner != "" && !holds(txt, inner) {
		t.Errorf("%s: values %v hold no Text %q", name, txt.Args, inner)
	}
	return txt, true
}

func holds(txt domain.Text, template string) bool {
	for _, v := range txt.Args {
		if in, ok := v.(domain.Text); ok && in.Template == template {
			return true
		}
	}
	return false
}
