// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"memo.dev/projects/domain/project"
)

// luminance is WCAG 2's relative luminance of c over an opaque backdrop.
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v) / 0xffff
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// over blends c onto the opaque backdrop bg (c's alpha is premultiplied by
// RGBA, as Fyne paints).
func over(c, bg color.Color) color.Color {
	r, g, b, a := c.RGBA()
	br, bgg, bb, _ := bg.RGBA()
	k := 0xffff - a
	return color.RGBA64{uint16(r + br*k/0xffff), uint16(g + bgg*k/0xffff), uint16(b + bb*k/0xffff), 0xffff}
}

// TestTextContrast: every color the app draws text in meets WCAG AA (4.5:1)
// against the background it is drawn on, in the dark and the light theme:
// label importances on the window, dialogs and inputs, button text on its
// button (also focused), the path label, and the list badges.
func TestTextContrast(t *testing.T) {
	th := newAppTheme()
	backgrounds := []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameOverlayBackground,
		theme.ColorNameInputBackground, theme.ColorNameMenuBackground, theme.ColorNameHeaderBackground}
	texts := map[string]fyne.ThemeColorName{
		"label (medium)": theme.ColorNameForeground, "path label and placeholder": theme.ColorNamePlaceHolder,
		"label (high)": theme.ColorNamePrimary, "label (danger)": theme.ColorNameError,
		"label (warning)": theme.ColorNameWarning, "label (success)": theme.ColorNameSuccess,
		"hyperlink": theme.ColorNameHyperlink,
	}
	buttons := map[string][2]fyne.ThemeColorName{
		"button":          {theme.ColorNameForeground, theme.ColorNameButton},
		"button (high)":   {theme.ColorNameForegroundOnPrimary, theme.ColorNamePrimary},
		"button (danger)": {theme.ColorNameForegroundOnError, theme.ColorNameError},
	} // the app has no warning or success buttons
	for _, v := range []fyne.ThemeVariant{theme.VariantDark, theme.VariantLight} {
		variant := map[fyne.ThemeVariant]string{theme.VariantDark: "dark", theme.VariantLight: "light"}[v]
		check := func(what string, fg, bg color.Color) {
			if r := contrast(fg, bg); r < 4.5 {
				t.Errorf("%s theme: %s: %v on %v has contrast %.2f, want ≥ 4.5", variant, what, fg, bg, r)
			}
		}
		for what, fg := range texts {
			for _, bg := range backgrounds {
				check(fmt.Sprintf("%s on %s", what, bg), th.Color(fg, v), th.Color(bg, v))
			}
		}
		for what, p := range buttons {
			bg := th.Color(p[1], v)
			check(what, th.Color(p[0], v), bg)
			check(what+", focused", th.Color(p[0], v), over(th.Color(theme.ColorNameFocus, v), bg))
			// Focus must show: the focused button differs from the plain one.
			if f := over(th.Color(theme.ColorNameFocus, v), bg); contrast(f, bg) < 1.2 {
				t.Errorf("%s theme: %s: focus is hard to see (%.2f:1 against the plain button)", variant, what, contrast(f, bg))
			}
		}
		for _, b := range []project.Badge{project.BadgeSetUp, project.BadgeNotSetUp, project.BadgeNever,
			project.BadgeNotAllowed, project.BadgeMissing, badgeNeedsAttention} {
			check("badge "+string(b), color.White, badgeColor(b))
		}
	}
}

// TestWindowUsesAppTheme: the main window sets the theme whose colors
// TestTextContrast checks.
func TestWindowUsesAppTheme(t *testing.T) {
	f := newFixture(t, memoryOn)
	if _, ok := f.m.app.Settings().Theme().(appTheme); !ok {
		t.Errorf("the app's theme is %T, want appTheme", f.m.app.Settings().Theme())
	}
}
