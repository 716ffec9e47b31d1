// SPDX-License-Identifier: Apache-2.0

package assets

import "embed"

// Translations holds the UI translations, one JSON file per language
// (translations/en.json, translations/tr.json, ...). Each key is the English
// source text passed to lang.L; the app loads them with
// lang.AddTranslationsFS(assets.Translations, "translations").
//
//go:embed translations
var Translations embed.FS
