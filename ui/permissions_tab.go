package ui

import (
	"errors"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/permissions"
)

// permissionsService is what the Permissions tab asks of the permissions
// service (*permissions.Service): each call takes the project's folder.
type permissionsService interface {
	Show(path string) (permissions.Status, error)
	TrustReviewed(path, hash string) (permissions.Status, error)
	Save(path string, content []byte) (permissions.Status, error)
	commandChecker
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
	notify  func(f func())
	watcher *fileWatcher

	st     permissions.Status
	err    error
	loaded bool

	viewer *permissionsViewer
	editor *permissionsEditor
	tester *commandTester
	body   *container.Scroll
}

func newPermissionsTab(root string, svc permissionsService, d *dialogs, changed func(root string), r runner) *permissionsTab {
	t := &permissionsTab{root: root, svc: svc, d: d, changed: changed, run: r, notify: r.notice}
	t.viewer = newPermissionsViewer(t.onTrust, t.onEdit, t.onRevert, func() { t.d.openPath(permissions.Path(t.root)) })
	t.editor = newPermissionsEditor(t.onSave, t.onEditorClosed)
	var checker commandChecker
	if svc != nil {
		checker = svc
	}
	t.tester = newCommandTester(root, checker, r)
	page := container.NewVBox(
		t.viewer.top,
		t.editor.box,
		widget.NewSeparator(),
		t.viewer.details,
		widget.NewSeparator(),
		t.tester.body,
	)
	t.body = container.NewVScroll(container.New(&maxWidthLayout{readableWidth}, page))
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
	}
	background(t.run, func() shown { return shownOf(t.svc.Show(t.root)) }, t.show)
}

var errNoPermissions = errors.New("the permissions service is not available in this window")

// close stops watching the file (the project is no longer shown).
func (t *permissionsTab) close() {
	if t.watcher != nil {
		t.watcher.close()
	}
}

func (t *permissionsTab) show(s shown) {
	prev, prevState, wasLoaded := t.st.Hash, t.st.State, t.loaded
	t.st, t.err, t.loaded = s.st, s.err, true
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
	if s.err == nil && (s.st.Hash != prev || s.st.State != prevState || !wasLoaded) && t.changed != nil {
		t.changed(t.root)
	}
}

// wordedError is err for a dialog: a file with problems (*FileError) lists
// each in the reader's language; other errors are worded by say.
func wordedError(err error) error {
	var fe *permissions.FileError
	if !errors.As(err, &fe) {
		return err
	}
	return errors.New(lang.L("{{.Path}} cannot be trusted until fixed:", map[string]any{"Path": fe.Path}) + "\n" + problemLines(fe.Problems))
}

// onTrust asks, saying in one line what the version allows, then trusts
// the version shown, and shows the status the service answered with
// (nothing is read again); after a failure it reads the file again, as it
// may have changed.
func (t *permissionsTab) onTrust() {
	// The review's hash covers what the rules run as shown, too.
	hash := t.st.ReviewHash
	if hash == "" {
		hash = t.st.Hash
	}
	t.d.confirm(lang.L("Trust the permissions file of “{{.Name}}”?", map[string]any{"Name": filepath.Base(t.root)}),
		allowsLine(t.st.File), lang.L("Trust"), func() {
			background(t.run, func() shown { return shownOf(t.svc.TrustReviewed(t.root, hash)) }, func(s shown) {
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
	text := lang.L("Replace .memo/permissions.json with the version you trusted on {{.When}}? Its current content is lost.", map[string]any{"When": when.Local().Format(time.DateTime)})
	t.d.confirmLoss(lang.L("Revert “{{.Name}}” to the trusted version?", map[string]any{"Name": filepath.Base(t.root)}), text, lang.L("Revert"), func() {
		t.write(trusted, lang.L("Could not revert the permissions file"))
	})
}

// write saves content as the file and trusts it (Save & Trust, Revert), and
// shows the status the service answered with.
func (t *permissionsTab) write(content []byte, failed string) {
	background(t.run, func() shown { return shownOf(t.svc.Save(t.root, content)) }, func(s shown) {
		if s.err != nil {
			t.d.showError(failed, wordedError(s.err))
			t.refresh()
			return
		}
		t.editor.close()
		t.show(s)
		t.body.ScrollToTop() // the new state is what to see
	})
}

// onEdit opens the editor with the file as it is.
func (t *permissionsTab) onEdit() {
	t.editor.open(t.st)
	t.viewer.edit.Hide()
}

// onEditorClosed shows Edit again.
func (t *permissionsTab) onEditorClosed() {
	t.viewer.edit.Hidden = t.err != nil
	t.viewer.edit.Refresh()
}

func (t *permissionsTab) onSave(content []byte) {
	if _, probs := permissions.Parse(content); len(probs) > 0 {
		// Save is disabled then; this guards a tap that raced an edit.
		t.d.showError(lang.L("Could not save the permissions file"), wordedError(permissions.InvalidError(permissions.FileName, probs)))
		return
	}
	perms, _ := permissions.Parse(content)
	t.d.confirm(lang.L("Save and trust the permissions file of “{{.Name}}”?", map[string]any{"Name": filepath.Base(t.root)}),
		allowsLine(perms), lang.L("Save & Trust"), func() { t.write(content, lang.L("Could not save the permissions file")) })
}
