// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions"
)

// TestPermissionsTabSpeaksTurkish: the reasons, problems and errors the
// permissions domain gives are worded in Turkish where the window shows
// them — a refused rule, a problem line, the command tester's reason, the
// editor's live verdict, what trusting would change, dialogs — with the rule,
// the argument and the path kept as they are, and a sentence within a
// sentence worded too.
func TestPermissionsTabSpeaksTurkish(t *testing.T) {
	useTurkish(t)
	f, tab, root := permsProject(t, func(f *fixture, root string) { writePerms(t, root, invalidFile) })

	const bash = "“bash”: bir kabuk ya da yorumlayıcı; her şeyi çalıştırabilir"
	has := func(where, got string, want ...string) {
		t.Helper()
		got = strings.ReplaceAll(got, "\u200a", "") // paths wrap at their separators
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q does not contain %q", where, got, w)
			}
		}
		for _, english := range []string{"is a shell", "always asks", "no rule applies", "runs another program", "cannot be trusted", "changed since", "reaches the network", "too large"} {
			if strings.Contains(got, english) {
				t.Errorf("%s: %q still says %q in English", where, got, english)
			}
		}
	}

	has("rule rows", rowTexts(tab),
		"Komut “bash”: reddedildi, "+bash,
		"Dosya aracı “run_command”: reddedildi, run_command için her zaman izin istenir")
	has("problems", tab.viewer.problems.Text,
		"• “bash”: "+bash,
		"• “run_command”: run_command için her zaman izin istenir")

	// The tester: a character's reason, and the state's meaning inside the
	// reason that no rule applies.
	tab.tester.line.SetText("go test & id")
	has("tester", tab.tester.result.Text, "İzin istenirdi: “&” komutları zincirleyebilir")
	tab.tester.line.SetText("ls")
	has("tester", tab.tester.result.Text, "İzin istenirdi: hiçbir kural geçerli değil. İzin dosyasında sorunlar var: düzeltilene kadar bütünüyle yok sayılır")

	// What a new version would change, each refusal worded.
	has("changes", changesText(permissions.Compare(nil, []byte(invalidFile)), true),
		"+ komut “bash” (reddedildi: "+bash+")",
		"+ araç “run_command” (reddedildi: run_command için her zaman izin istenir; komutları allowed_commands ile onaylayın)")

	// The editor's live verdict on a row.
	row := tab.editor.lists.addRow("curl example.com")
	has("editor row", row.verdict.Text, "reddedildi: “curl”: ağa erişir ya da konteyner çalıştırır")

	// A file with problems in a dialog: its path and every problem.
	_, probs := permissions.Parse([]byte(invalidFile))
	has("file error", say(wordedError(permissions.InvalidError(permissions.Path(root), probs))),
		permissions.Path(root)+" dosyasına düzeltilene kadar güvenilemez:",
		"• “bash”: "+bash)

	// A diff too large to show.
	_, err := permissions.DiffAll(make([]byte, permissions.MaxDiffSize+1), nil)
	has("diff error", say(err), "dosyalar karşılaştırılamayacak kadar büyük (4 MiB'tan fazla)")

	// Trusted rules: an argument's reason keeps the argument and the option.
	saveTrusted(t, f, root, trustedFile)
	tab.refresh()
	tab.tester.line.SetText("go test -exec=sh ./...")
	has("tester", tab.tester.result.Text, "İzin istenirdi: “-exec=sh”: başka bir program çalıştırır (go -exec)")

	// A refusal from the service in a dialog: the version shown is not the
	// one on disk any more.
	writePerms(t, root, changedFile)
	tab.refresh()
	writePerms(t, root, strings.Replace(changedFile, "git log", "git diff", 1))
	trustConfirmed(f, tab)
	if len(f.shown) == 0 {
		t.Fatal("the refusal to trust was not shown")
	}
	has("trust dialog", f.shown[len(f.shown)-1],
		"İzin dosyasına güvenilemedi: "+permissions.Path(root)+" siz inceledikten sonra değişti; yeni sürümü inceleyin, sonra ona güvenin")
}
