// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions"
)

// permissionsService is what the Permissions tab asks of the permissions
// service (*permissions.Service): each call takes the project's folder.
type permissionsService interface {
	Show(path string) (permissions.Status, error)
	TrustReviewed(path, hash string) (permissions.Status, error)
	// SaveReviewed writes content and trusts it with only what the review
	// (its hash) showed of what the rules run.
	SaveReviewed(path string, content []byte, reviewed string) (permissions.Status, error)
	commandChecker
	ruleAllower
}

// permissionsTab is the permissions editor (docs/window.md §4): the viewer shows
// the file's state, its rules with a verdict each, what the pending version
// changes and its diff against the last trusted one, with Trust and Revert;
// the editor writes a new version (Save & Trust); the command tester asks
// about a line. It refreshes when the file changes on disk.
type permissionsTab struct {
	root string
	svc  permissionsService
	d    *dialogs
	// changed hears that the tab read the file anew (trusted, saved or
	// changed on disk): the project list checks its marker again.
	changed func(root string)
	run     runner
	// notify runs f on the UI goroutine when the file changes on disk
	// (runner.notice); nil: the file is not watched.
	notify   func(f func())
	watcher  *fileWatcher
	follower *reviewFollower // every other pinned file

	st     permissions.Status
	err    error
	loaded bool

	viewer *permissionsViewer
	editor *permissionsEditor
	tester *commandTester
	body   *pageScroll
}

func newPermissionsTab(root string, svc permissionsService, d *dialogs, changed func(root string), r runner) *permissionsTab {
	t := &permissionsTab{root: root, svc: svc, d: d, changed: changed, run: r, notify: r.notice}
	t.viewer = newPermissionsViewer(t.onTrust, t.onEdit, t.onRevert, func() { t.d.openFile(permissions.Path(t.root)) })
	t.editor = newPermissionsEditor(t.onSave, t.onEditorClosed)
	t.editor.askDiscard = d.confirmDiscard
	var checker commandChecker
	if svc != nil {
		checker = svc
	}
	t.tester = newCommandTester(root, checker, r)
	if svc != nil {
		t.tester.allow = t.onAllow
	}
	page := container.NewVBox(
		t.viewer.top,
		t.editor.box,
		widget.NewSeparator(),
		t.viewer.details,
		widget.NewSeparator(),
		t.tester.body,
	)
	t.body = newPageScroll(container.New(&maxWidthLayout{readableWidth}, page))
	return t
}

func (t *permissionsTab) content() fyne.CanvasObject { return t.body }

// shown is what the tab read last, with the diff of the pending file
// computed off the UI goroutine.
type shown struct {
	st    permissions.Status
	err   error
	hunks []permissions.Hunk
	derr  error
	// pretty: a side was one line of JSON, compared laid out a value per
	// line (a one-line file changed shows as the rules that changed).
	pretty bool
	runs   []runsDiff // what the rules run, where not as trusted
}

// diffContext is how many unchanged lines a hunk shows around a change.
const diffContext = 3

// shownOf is st as the tab shows it: with the diff of a pending file.
func shownOf(st permissions.Status, err error) shown {
	s := shown{st: st, err: err}
	if err == nil && pending(st) {
		old, p1 := prettyJSON(st.TrustedBytes)
		cur, p2 := prettyJSON(st.Bytes)
		s.pretty = p1 || p2
		s.hunks, s.derr = permissions.Diff(old, cur, diffContext)
	}
	if err == nil && st.State != permissions.StateInvalid {
		s.runs = runsDiffs(st)
	}
	return s
}

// refresh reads the file off the UI goroutine and shows it; the first call
// starts watching the file.
func (t *permissionsTab) refresh() {
	if t.svc == nil {
		t.show(shown{err: errNoPermissions})
		return
	}
	if t.watcher == nil && t.notify != nil {
		t.watcher = watchFile(permissions.Path(t.root), func() { t.notify(t.refresh) })
		t.follower = followReview(func() (permissions.Status, error) { return t.svc.Show(t.root) }, followInterval, func() { t.notify(t.refresh) })
	}
	background(t.run, func() shown { return shownOf(t.svc.Show(t.root)) }, t.show)
}

var errNoPermissions = errors.New("the permissions service is not available in this window")

// close stops watching the file (the project is no longer shown).
func (t *permissionsTab) close() {
	if t.watcher != nil {
		t.watcher.close()
	}
	t.follower.close()
}

func (t *permissionsTab) show(s shown) {
	prev, wasLoaded := t.st.Hash, t.loaded
	prevShown := reviewFingerprint(t.st, t.err)
	t.st, t.err, t.loaded = s.st, s.err, true
	shownNow := reviewFingerprint(s.st, s.err)
	t.follower.showing(shownNow)
	t.viewer.show(s, t.editor.editing())
	t.editor.fileRead(s.st.Hash, prev)
	var rules, trusted []string
	if s.err == nil && pending(s.st) && s.st.State != permissions.StateInvalid {
		rules = append([]string{}, s.st.File.AllowedCommands...)
		if p, probs := permissions.Parse(s.st.TrustedBytes); len(probs) == 0 {
			trusted = p.AllowedCommands
		}
	}
	t.tester.setPending(rules, trusted)
	t.tester.again() // the verdict follows the file
	releaseHiddenFocusOf(t.body)
	// The list's marker follows what the rules run too, not only the file.
	if s.err == nil && (shownNow != prevShown || !wasLoaded) && t.changed != nil {
		t.changed(t.root)
	}
}

// wordedError is err for a dialog: a file with problems (*FileError) lists
// each in the reader's language; other errors are worded by say. Paths in
// it wrap at their separators.
func wordedError(err error) error {
	var fe *permissions.FileError
	if !errors.As(err, &fe) {
		if text, detail := plainError(err); detail == "" {
			return errors.New(breakablePath(text))
		}
		return err
	}
	return errors.New(breakablePath(lang.L("{{.Path}} cannot be trusted until fixed:", map[string]any{"Path": fe.Path})) + "\n" + problemLines(fe.Problems))
}

// onTrust asks, with the evidence of the version shown (what it allows,
// what the rules run and what changed in it, what they allow together),
// then trusts that version, and shows the status the service answered with
// (nothing is read again); after a failure it reads the file again, as it
// may have changed.
func (t *permissionsTab) onTrust() {
	// The review's hash covers what the rules run as shown, too.
	hash := t.st.ReviewHash
	if hash == "" {
		hash = t.st.Hash
	}
	ev := trustEvidence(t.st, runsDiffs(t.st))
	t.d.confirm(lang.L("Trust the permissions file of “{{.Name}}”?", map[string]any{"Name": filepath.Base(t.root)}),
		allowsLine(t.st.File), ev.object(t.d.win), lang.L("Trust"), func() {
			reviewed := t.st
			background(t.run, func() shown { return shownOf(t.svc.TrustReviewed(t.root, hash)) }, func(s shown) {
				if errors.Is(s.err, domain.ErrConflict) {
					// Read again, and name exactly what changed since the
					// version shown (a script, not the file, perhaps).
					background(t.run, func() shown { return shownOf(t.svc.Show(t.root)) }, func(now shown) {
						err := s.err
						if places := changedPlaces(t.root, reviewed, now.st); now.err == nil && len(places) > 0 {
							err = errors.New(lang.L("{{.Path}} changed since you reviewed it; review the new version, then trust it", map[string]any{"Path": strings.Join(places, ", ")}))
						}
						t.d.showError(lang.L("Could not trust the permissions file"), wordedError(err))
						t.show(now)
					})
					return
				}
				if s.err != nil {
					t.d.showError(lang.L("Could not trust the permissions file"), wordedError(s.err))
					t.refresh()
					return
				}
				t.show(s)
				t.body.ScrollToTop() // the new state is what to see
			})
		})
}

// changedPlaces names what differs between the review shown and the
// project now: the permissions file, each script, recipe or alias.
func changedPlaces(root string, shown, now permissions.Status) []string {
	var places []string
	if shown.Hash != now.Hash {
		places = append(places, permissions.Path(root))
	}
	was := map[string]string{}
	for _, d := range shown.Definitions {
		if d.State != permissions.DefRemoved {
			was[d.Rule+"\x00"+d.File+"\x00"+d.Key] = d.Hash
		}
	}
	for _, d := range now.Definitions {
		hash, ok := was[d.Rule+"\x00"+d.File+"\x00"+d.Key]
		if d.State == permissions.DefRemoved || (ok && hash == d.Hash) || (!ok && d.Hash == "") {
			continue
		}
		place := filepath.Join(root, filepath.FromSlash(d.File))
		if d.Key != "" {
			place += " " + d.Key
		}
		if !slices.Contains(places, place) {
			places = append(places, place)
		}
	}
	return places
}

// allowsLine says in one line what a valid file pre-approves.
func allowsLine(p permissions.Permissions) string {
	if len(p.AllowedCommands) == 0 && len(p.AllowedTools) == 0 {
		return lang.L("It approves nothing: every command and file change will still ask.")
	}
	var names []string
	for _, r := range p.AllowedCommands {
		names = append(names, visible(r))
	}
	names = append(names, p.AllowedTools...)
	return lang.L("From now on, without asking: {{.Rules}}.", map[string]any{"Rules": strings.Join(names, ", ")})
}

func (t *permissionsTab) onRevert() {
	trusted, when := t.st.TrustedBytes, t.st.TrustedAt
	if trusted == nil {
		return
	}
	// What the tab shows of what the rules run is what Revert may pin.
	review := t.st.ReviewHash
	text := lang.L("Replace .memo/permissions.json with the version you trusted on {{.When}}? Its current content is lost.", map[string]any{"When": when.Local().Format(time.DateTime)})
	t.d.confirmLoss(lang.L("Revert “{{.Name}}” to the trusted version?", map[string]any{"Name": filepath.Base(t.root)}), text, lang.L("Revert"), func() {
		t.write(trusted, review, lang.L("Could not revert the permissions file"))
	})
}

// write saves content as the file and trusts it (Save & Trust, Revert)
// with what the review (its hash) showed of what the rules run, and shows
// the status the service answered with; what it did not pin is said.
func (t *permissionsTab) write(content []byte, review, failed string) {
	background(t.run, func() shown { return shownOf(t.svc.SaveReviewed(t.root, content, review)) }, func(s shown) {
		if s.err != nil {
			t.d.showError(failed, wordedError(s.err))
			t.refresh()
			return
		}
		t.editor.close()
		t.show(s)
		t.body.ScrollToTop() // the new state is what to see
		if text := notPinnedText(s.st.NotPinned); text != "" {
			t.d.message(lang.L("Saved; some scripts were not pinned"), text, nil, choice{text: lang.L("Close"), importance: widget.HighImportance})
		}
	})
}

// onEdit opens the editor with the file as it is, and the review it is
// opened on.
func (t *permissionsTab) onEdit() {
	t.editor.open(t.st)
	t.viewer.edit.Hide()
}

// onEditorClosed shows Edit again, with the focus when the editor had it.
func (t *permissionsTab) onEditorClosed() {
	t.viewer.edit.Hidden = t.err != nil
	t.viewer.edit.Refresh()
	if c := fyne.CurrentApp().Driver().CanvasForObject(t.body); c != nil && (c.Focused() == nil || pathTo(t.editor.box, c.Focused().(fyne.CanvasObject)) != nil) && t.viewer.edit.Visible() {
		c.Focus(t.viewer.edit)
	}
}

// onSave asks, with the evidence of the new file against the review the
// editor was opened on, then writes it: Save trusts the bytes written and,
// of what the rules run, only what that review showed.
func (t *permissionsTab) onSave(content []byte) {
	if _, probs := permissions.Parse(content); len(probs) > 0 {
		// Save is disabled then; this guards a tap that raced an edit.
		t.d.showError(lang.L("Could not save the permissions file"), wordedError(permissions.InvalidError(permissions.FileName, probs)))
		return
	}
	perms, _ := permissions.Parse(content)
	opened := t.editor.opened
	ev := saveEvidence(perms, opened, runsDiffs(opened))
	t.d.confirm(lang.L("Save and trust the permissions file of “{{.Name}}”?", map[string]any{"Name": filepath.Base(t.root)}),
		allowsLine(perms), ev.object(t.d.win), lang.L("Save & Trust"), func() {
			t.write(content, opened.ReviewHash, lang.L("Could not save the permissions file"))
		})
}
