// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// appTheme is Fyne's default theme with the colors that carry text raised to
// WCAG AA contrast (4.5:1) against the backgrounds they sit on, in the dark
// and the light variant, and a focus color that shows on the blue buttons
// too (Fyne's default blends a translucent blue over the blue).
type appTheme struct {
	fyne.Theme
	light, dark map[fyne.ThemeColorName]color.Color
}

func newAppTheme() fyne.Theme {
	return appTheme{
		Theme: theme.DefaultTheme(),
		light: map[fyne.ThemeColorName]color.Color{ // on white and the light greys of inputs and menus
			theme.ColorNamePlaceHolder: color.NRGBA{0x6b, 0x6b, 0x6b, 0xff},
			theme.ColorNamePrimary:     color.NRGBA{0x1f, 0x5f, 0xd9, 0xff},
			theme.ColorNameHyperlink:   color.NRGBA{0x1f, 0x5f, 0xd9, 0xff},
			theme.ColorNameError:       color.NRGBA{0xc6, 0x28, 0x28, 0xff},
			theme.ColorNameWarning:     color.NRGBA{0x9a, 0x5b, 0x00, 0xff},
			theme.ColorNameSuccess:     color.NRGBA{0x2e, 0x7d, 0x32, 0xff},
			// The foreground, translucent: darker over any button color.
			theme.ColorNameFocus: color.NRGBA{0x00, 0x00, 0x00, 0x24},
		},
		dark: map[fyne.ThemeColorName]color.Color{ // on near-black; the blue is light, so its buttons take dark text
			theme.ColorNamePrimary:             color.NRGBA{0x6e, 0xa8, 0xff, 0xff},
			theme.ColorNameHyperlink:           color.NRGBA{0x6e, 0xa8, 0xff, 0xff},
			theme.ColorNameForegroundOnPrimary: color.NRGBA{0x17, 0x17, 0x18, 0xff},
			theme.ColorNameError:               color.NRGBA{0xff, 0x7a, 0x70, 0xff},
			theme.ColorNameFocus:               color.NRGBA{0xff, 0xff, 0xff, 0x48},
		},
	}
}

func (t appTheme) Color(name fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	colors := t.dark
	if v == theme.VariantLight {
		colors = t.light
	}
	if c, ok := colors[name]; ok {
		return c
	}
	return t.Theme.Color(name, v)
}
