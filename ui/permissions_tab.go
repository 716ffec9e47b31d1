package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions"
)

// permissionsService is what the Permissions tab asks of the permissions
// service (*permissions.Service): each call takes the project's folder.
type permissionsService interface {
	Show(path string) (permissions.Status, error)
	TrustReviewed(path, hash string) (permissions.Status, error)
	Save(path string, content []byte) (permissions.Status, error)
	CheckCommand(path, line string) (permissions.Verdict, error)
}

// permissionsHost is what the tab asks of the window: dialogs, and opening
// the file in the system's editor.
type permissionsHost interface {
	confirm(title, text, ok string, do func())
	showError(title string, err error)
	openPath(path string)
	// permissionsChanged: the tab read the file anew (trusted, saved or
	// changed on disk), so the project list's marker is checked again.
	permissionsChanged(root string)
}

// permissionsTab is the permissions editor (SPEC §8.1): the file's state,
// its rules with a verdict each, what the pending version changes and its
// diff against the last trusted one, Trust, Save & Trust, Revert, and a
// command tester. It refreshes when the file changes on disk.
type permissionsTab struct {
	root string
	svc  permissionsService
	host permissionsHost
	run  runner
	// notify runs f on the UI goroutine when the file changes on disk
	// (runner.notice); nil: the file is not watched.
	notify  func(f func())
	watcher *fileWatcher

	st     permissions.Status
	err    error
	loaded bool

	stateIcon *widget.Icon
	stateName *widget.Label
	meaning   *widget.Label
	detail    *widget.Label // hash and time of the pin, why no pin applies

	trust     *widget.Button
	trustHint *widget.Label // the hash Trust pins
	edit      *widget.Button
	revert    *widget.Button
	openFile  *widget.Button

	rules    *fyne.Container
	problems *widget.Label

	changesBox *fyne.Container
	changes    *widget.Label
	diffTitle  *widget.Label
	diff       *diffView
	diffBox    *fyne.Container

	editorBox    *fyne.Container
	lists        *ruleLists // the editor as lists; the JSON text is the fallback
	jsonBox      *fyne.Container
	jsonMode     bool // the JSON text is being edited, not the lists
	asJSON       *widget.Button
	editStart    string // the text the editor started from
	editor       *widget.Entry
	editorCheck  *widget.Label
	editorStale  *widget.Label
	save         *widget.Button
	cancelEdit   *widget.Button
	editingFrom  string // the hash of the file when editing started
	testLine     *widget.Entry
	testResult   *widget.Label
	testSequence int // the tester's last question: older answers are dropped

	body fyne.CanvasObject
}

func newPermissionsTab(root string, svc permissionsService, host permissionsHost, r runner) *permissionsTab {
	t := &permissionsTab{root: root, svc: svc, host: host, run: r, notify: r.notice}
	t.buildUI()
	return t
}

func (t *permissionsTab) buildUI() {
	t.stateIcon = widget.NewIcon(theme.InfoIcon())
	t.stateName = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord}
	t.meaning = &widget.Label{Text: lang.L("Reading the permissions file…"), Wrapping: fyne.TextWrapWord}
	t.detail = &widget.Label{Wrapping: fyne.TextWrapWord}
	t.detail.Hide()

	t.trust = &widget.Button{Text: lang.L("Trust this version"), Icon: theme.ConfirmIcon(), Importance: widget.HighImportance, OnTapped: t.onTrust}
	t.trustHint = &widget.Label{Wrapping: fyne.TextWrapWord}
	t.edit = &widget.Button{Text: lang.L("Edit…"), Icon: theme.DocumentCreateIcon(), OnTapped: t.onEdit}
	t.revert = &widget.Button{Text: lang.L("Revert to trusted…"), Icon: theme.HistoryIcon(), OnTapped: t.onRevert}
	t.openFile = &widget.Button{Text: lang.L("Open file"), Icon: theme.FileTextIcon(), OnTapped: func() { t.host.openPath(permissions.Path(t.root)) }}
	for _, o := range []fyne.CanvasObject{t.trust, t.trustHint, t.edit, t.revert, t.openFile} {
		o.Hide()
	}

	t.rules = container.NewVBox()
	t.problems = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}
	t.problems.Hide()

	t.changes = &widget.Label{Wrapping: fyne.TextWrapWord}
	t.changesBox = container.NewVBox(heading(lang.L("What trusting this version changes")), t.changes)
	t.changesBox.Hide()
	t.diffTitle = heading("")
	t.diff = newDiffView()
	t.diffBox = container.NewVBox(t.diffTitle, container.New(&minHeightLayout{220}, container.NewScroll(t.diff)))
	t.diffBox.Hide()

	t.editor = &widget.Entry{MultiLine: true, Wrapping: fyne.TextWrapOff, TextStyle: fyne.TextStyle{Monospace: true}, OnChanged: t.onEdited}
	t.editorCheck = &widget.Label{Wrapping: fyne.TextWrapWord}
	t.editorStale = &widget.Label{Text: lang.L("The file changed on disk while you were editing: Save & Trust replaces it with your text."), Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance}
	t.editorStale.Hide()
	t.save = &widget.Button{Text: lang.L("Save & Trust…"), Icon: theme.DocumentSaveIcon(), Importance: widget.HighImportance, OnTapped: t.onSave}
	t.cancelEdit = &widget.Button{Text: lang.L("Cancel"), OnTapped: t.closeEditor}
	t.lists = newRuleLists(t.onListsEdited)
	t.jsonBox = container.NewVBox(container.New(&minHeightLayout{200}, t.editor))
	t.asJSON = &widget.Button{Text: lang.L("Edit as JSON…"), Icon: theme.FileTextIcon(), OnTapped: t.onSwitchMode}
	t.editorBox = container.NewVBox(
		heading(lang.L("Edit the permissions file")),
		t.lists.body, t.jsonBox,
		t.editorCheck, t.editorStale,
		container.New(&wrapLayout{}, t.save, t.asJSON, t.cancelEdit),
	)
	t.editorBox.Hide()

	t.testLine = &widget.Entry{PlaceHolder: lang.L("A command line, e.g. go test ./..."), OnChanged: t.onTestLine}
	t.testResult = &widget.Label{Wrapping: fyne.TextWrapWord}
	tester := container.NewVBox(
		heading(lang.L("Test a command")),
		&widget.Label{Text: lang.L("Type a command line to see whether the trusted rules approve it, or why it would ask."), Wrapping: fyne.TextWrapWord},
		t.testLine, t.testResult,
	)

	banner := container.NewBorder(nil, nil, besideText(t.stateIcon), nil, container.NewVBox(t.stateName, t.meaning, t.detail))
	actions := container.New(&wrapLayout{}, t.trust, t.edit, t.revert, t.openFile)
	page := container.NewVBox(
		banner, actions, t.trustHint,
		t.editorBox,
		widget.NewSeparator(),
		heading(lang.L("Rules in the file")), t.problems, t.rules,
		t.changesBox, t.diffBox,
		widget.NewSeparator(),
		tester,
	)
	t.body = container.NewVScroll(container.New(&maxWidthLayout{readableWidth}, page))
}

func (t *permissionsTab) content() fyne.CanvasObject { return t.body }

// shown is what the tab read last, with the diff of the pending file
// computed off the UI goroutine.
type shown struct {
	st   permissions.Status
	err  error
	diff []permissions.DiffLine
	derr error
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
	background(t.run, func() shown {
		st, err := t.svc.Show(t.root)
		s := shown{st: st, err: err}
		if err == nil && pending(st) {
			s.diff, s.derr = permissions.DiffAll(st.TrustedBytes, st.Bytes)
		}
		return s
	}, t.show)
}

var errNoPermissions = errors.New("the permissions service is not available in this window")

// close stops watching the file (the project is no longer shown).
func (t *permissionsTab) close() {
	if t.watcher != nil {
		t.watcher.close()
	}
}

// pending says that the file on disk waits for review: it is there and is
// not the version trusted.
func pending(st permissions.Status) bool {
	return st.Exists && st.Bytes != nil && st.State != permissions.StateTrusted
}

func (t *permissionsTab) show(s shown) {
	prev, prevState, wasLoaded := t.st.Hash, t.st.State, t.loaded
	t.st, t.err, t.loaded = s.st, s.err, true
	st := s.st
	t.showBanner()
	// Buttons: Trust only a valid file that is not trusted yet; Revert
	// when a trusted version exists and the file is not it.
	canTrust := s.err == nil && st.Exists && (st.State == permissions.StateNotTrusted || st.State == permissions.StateChanged)
	t.trust.Hidden, t.trustHint.Hidden = !canTrust, !canTrust
	if canTrust {
		t.trustHint.SetText(lang.L("Trusting pins this exact content (SHA-256 {{.Hash}}); any later change is ignored until you trust it again.", map[string]any{"Hash": shortHash(st.Hash)}))
	}
	t.revert.Hidden = s.err != nil || st.TrustedBytes == nil || st.Hash == st.TrustedHash
	t.edit.Hidden = s.err != nil || t.editorBox.Visible()
	// Only a plain file that was read opens in the system's editor (not a
	// link to elsewhere, nor a FIFO an editor would hang on).
	t.openFile.Hidden = s.err != nil || st.Bytes == nil
	if st.Exists {
		t.edit.SetText(lang.L("Edit…"))
	} else {
		t.edit.SetText(lang.L("Write a permissions file…"))
	}
	for _, b := range []*widget.Button{t.trust, t.edit, t.revert, t.openFile} {
		b.Refresh()
	}
	t.trustHint.Refresh()
	t.showRules()
	t.showChanges(s)
	if t.editorBox.Visible() && st.Hash != prev && st.Hash != t.editingFrom {
		t.editorStale.Show()
	}
	t.onTestLine(t.testLine.Text) // the verdict follows the file
	if s.err == nil && (st.Hash != prev || st.State != prevState || !wasLoaded) {
		t.host.permissionsChanged(t.root)
	}
}

func (t *permissionsTab) showBanner() {
	st := t.st
	t.detail.Hidden = true
	if t.err != nil {
		t.stateIcon.SetResource(theme.NewErrorThemedResource(theme.ErrorIcon()))
		t.stateName.SetText(lang.L("The permissions file cannot be read"))
		t.meaning.SetText(say(t.err))
		return
	}
	var name, meaning string
	var icon fyne.Resource = theme.InfoIcon()
	switch st.State {
	case permissions.StateNoFile:
		name = lang.L("No permissions file")
		meaning = lang.L("Every command and file change asks. A permissions file can pre-approve a few safe commands and file tools.")
		if st.TrustedHash != "" {
			meaning = lang.L("The file you trusted was deleted: every command and file change asks. Revert to trusted puts it back.")
		}
	case permissions.StateNotTrusted:
		name = lang.L("Not trusted yet")
		meaning = lang.L("Memo ignores this file and everything asks until you review and trust it: a file that came with a clone or was written by a model never grants anything by itself.")
		icon = theme.NewWarningThemedResource(theme.WarningIcon())
	case permissions.StateTrusted:
		name = lang.L("Trusted")
		meaning = lang.L("Its rules pre-approve what they name; everything else asks.")
		icon = theme.NewSuccessThemedResource(theme.ConfirmIcon())
	case permissions.StateChanged:
		name = lang.L("Changed since you trusted it")
		meaning = lang.L("The file changed after you trusted it, so Memo ignores it and everything asks until you review the change below and trust it again.")
		icon = theme.NewWarningThemedResource(theme.WarningIcon())
	case permissions.StateInvalid:
		name = lang.L("Invalid, so ignored")
		meaning = lang.L("The file has problems, so Memo ignores all of it and everything asks until it is fixed.")
		icon = theme.NewErrorThemedResource(theme.ErrorIcon())
	}
	t.stateIcon.SetResource(icon)
	t.stateName.SetText(name)
	t.meaning.SetText(meaning)
	var details []string
	if st.TrustedHash != "" {
		details = append(details, lang.L("Last trusted {{.When}} (SHA-256 {{.Hash}}).", map[string]any{"When": st.TrustedAt.Local().Format(time.DateTime), "Hash": shortHash(st.TrustedHash)}))
	}
	if !st.Why.IsZero() {
		details = append(details, sayText(st.Why))
	}
	if len(details) > 0 {
		t.detail.SetText(strings.Join(details, "\n"))
		t.detail.Show()
	}
}

// showRules lists the file's rules and tools with a verdict each, and every
// problem with its place when the file is invalid.
func (t *permissionsTab) showRules() {
	st := t.st
	t.rules.Objects = nil
	if t.err == nil && st.Exists {
		for _, r := range st.File.AllowedCommands {
			t.rules.Add(verdictRow(lang.L("Command"), r, permissions.AcceptRule(r)))
		}
		for _, name := range st.File.AllowedTools {
			t.rules.Add(verdictRow(lang.L("File tool"), name, permissions.AcceptTool(name)))
		}
		if len(t.rules.Objects) == 0 && st.State != permissions.StateInvalid {
			t.rules.Add(&widget.Label{Text: lang.L("The file approves no commands and no tools."), Wrapping: fyne.TextWrapWord})
		}
	} else if t.err == nil {
		t.rules.Add(&widget.Label{Text: lang.L("There is no file, so there are no rules."), Wrapping: fyne.TextWrapWord})
	}
	t.rules.Refresh()
	if st.State == permissions.StateInvalid && len(st.Problems) > 0 {
		t.problems.SetText(problemList(st.Problems))
		t.problems.Show()
	} else {
		t.problems.Hide()
	}
}

// verdictRow is one rule with its verdict: accepted, or refused and why.
func verdictRow(kind, rule string, refused domain.Text) fyne.CanvasObject {
	var icon fyne.Resource = theme.NewSuccessThemedResource(theme.ConfirmIcon())
	text := lang.L("{{.Kind}} {{.Rule}}: accepted", map[string]any{"Kind": kind, "Rule": visible(rule)})
	if !refused.IsZero() {
		icon = theme.NewErrorThemedResource(theme.CancelIcon())
		text = lang.L("{{.Kind}} {{.Rule}}: refused, {{.Reason}}", map[string]any{"Kind": kind, "Rule": visible(rule), "Reason": sayText(refused)})
	}
	return container.NewBorder(nil, nil, besideText(widget.NewIcon(icon)), nil, &widget.Label{Text: text, Wrapping: fyne.TextWrapWord})
}

// besideText lines an icon up with the first line of the label beside it
// (a label's text starts an inner padding down).
func besideText(icon *widget.Icon) fyne.CanvasObject {
	return container.NewVBox(container.New(&padLayout{0, theme.InnerPadding() - theme.Padding()}, icon))
}

// problemList is every problem on a line of its own, with its place.
func problemList(probs []permissions.Problem) string {
	return lang.L("Problems (each must be fixed before the file can be trusted):") + "\n" + problemLines(probs)
}

// problemLines is each problem as Problem.String writes it, its sentence in
// the reader's language; the place is the file's own field name ("file"
// alone is the whole file, worded).
func problemLines(probs []permissions.Problem) string {
	lines := make([]string, len(probs))
	for i, p := range probs {
		where := p.Where
		if where == "file" {
			where = lang.L("file")
		}
		line := where + ": " + sayText(p.Problem)
		if p.Rule != "" {
			line = fmt.Sprintf("%s (%q): %s", where, p.Rule, sayText(p.Problem))
		}
		lines[i] = "• " + spelled(line)
	}
	return strings.Join(lines, "\n")
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

// visible shows text from a project file as it is: a rule in quotes, with
// control, format (bidi) and other invisible characters spelled out, so a
// hostile file cannot make a rule look like another.
func visible(s string) string {
	plain := true
	for _, r := range s {
		if !printable(r) {
			plain = false
			break
		}
	}
	if plain {
		return "`" + s + "`"
	}
	return fmt.Sprintf("%+q", s)
}

func shortHash(h string) string {
	if len(h) > 16 {
		return h[:16] + "…"
	}
	return h
}

// showChanges says what the pending version changes in what is allowed, and
// shows its diff against the last trusted version.
func (t *permissionsTab) showChanges(s shown) {
	st := s.st
	if s.err != nil || !pending(st) {
		t.changesBox.Hide()
		t.diffBox.Hide()
		return
	}
	var text string
	if st.State == permissions.StateInvalid {
		text = lang.L("Nothing: a file with problems is ignored whole.")
	} else {
		text = changesText(permissions.Compare(st.TrustedBytes, st.Bytes), st.TrustedBytes == nil)
	}
	t.changes.SetText(text)
	t.changesBox.Show()
	if st.TrustedBytes == nil {
		t.diffTitle.SetText(lang.L("First version (nothing was trusted before)"))
	} else {
		t.diffTitle.SetText(lang.L("Changes since the version you trusted"))
	}
	if s.derr != nil {
		t.diff.setError(say(s.derr))
	} else {
		t.diff.setLines(s.diff)
	}
	t.diffBox.Show()
}

// changesText lists the rules and tools a version newly approves, each new
// rule with its verdict, and those it no longer approves.
func changesText(c permissions.Changes, first bool) string {
	if c.None() {
		if first {
			return lang.L("The file approves nothing.")
		}
		return lang.L("No change in what is allowed: only the text changed.")
	}
	var lines []string
	for _, r := range c.AddedRules {
		if !r.Refused.IsZero() {
			lines = append(lines, lang.L("+ command {{.Rule}} (refused: {{.Reason}})", map[string]any{"Rule": visible(r.Rule), "Reason": sayText(r.Refused)}))
		} else {
			lines = append(lines, lang.L("+ command {{.Rule}} would be approved", map[string]any{"Rule": visible(r.Rule)}))
		}
	}
	for _, r := range c.AddedTools {
		if !r.Refused.IsZero() {
			lines = append(lines, lang.L("+ tool {{.Rule}} (refused: {{.Reason}})", map[string]any{"Rule": visible(r.Rule), "Reason": sayText(r.Refused)}))
		} else {
			lines = append(lines, lang.L("+ tool {{.Rule}} would be approved", map[string]any{"Rule": visible(r.Rule)}))
		}
	}
	for _, r := range c.RemovedRules {
		lines = append(lines, lang.L("− command {{.Rule}} would ask again", map[string]any{"Rule": visible(r)}))
	}
	for _, r := range c.RemovedTools {
		lines = append(lines, lang.L("− tool {{.Rule}} would ask again", map[string]any{"Rule": visible(r)}))
	}
	return strings.Join(lines, "\n")
}

func (t *permissionsTab) onTrust() {
	hash := t.st.Hash
	background(t.run, func() error {
		_, err := t.svc.TrustReviewed(t.root, hash)
		return err
	}, func(err error) {
		if err != nil {
			t.host.showError(lang.L("Could not trust the permissions file"), wordedError(err))
		}
		t.refresh()
	})
}

func (t *permissionsTab) onRevert() {
	trusted, when := t.st.TrustedBytes, t.st.TrustedAt
	if trusted == nil {
		return
	}
	text := lang.L("Replace .memo/permissions.json with the version you trusted on {{.When}}? Its current content is lost.", map[string]any{"When": when.Local().Format(time.DateTime)})
	t.host.confirm(lang.L("Revert to the trusted version"), text, lang.L("Revert"), func() {
		t.write(trusted, lang.L("Could not revert the permissions file"))
	})
}

// write saves content as the file and trusts it (Save & Trust, Revert).
func (t *permissionsTab) write(content []byte, failed string) {
	background(t.run, func() error {
		_, err := t.svc.Save(t.root, content)
		return err
	}, func(err error) {
		if err != nil {
			t.host.showError(failed, wordedError(err))
		} else {
			t.closeEditor()
		}
		t.refresh()
	})
}

// onEdit opens the editor with the file as it is (or the trusted version
// when the file cannot be read, or an empty file when there is none).
func (t *permissionsTab) onEdit() {
	start := emptyFile
	switch {
	case t.st.Bytes != nil:
		start = string(t.st.Bytes)
	case t.st.TrustedBytes != nil:
		start = string(t.st.TrustedBytes)
	}
	t.editingFrom = t.st.Hash
	t.editStart = start
	t.editorStale.Hide()
	// A valid file opens as lists; one the lists cannot hold (problems,
	// unknown keys) opens as its text, with every problem shown.
	if perms, probs := permissions.Parse([]byte(start)); len(probs) == 0 {
		t.lists.set(perms)
		t.setMode(false)
	} else {
		t.editor.SetText(start)
		t.setMode(true)
	}
	t.editorBox.Show()
	t.edit.Hide()
}

// setMode shows the lists or the JSON text and checks what is shown.
func (t *permissionsTab) setMode(json bool) {
	t.jsonMode = json
	t.lists.body.Hidden = json
	t.jsonBox.Hidden = !json
	if json {
		t.asJSON.SetText(lang.L("Edit as lists"))
		t.onEdited(t.editor.Text)
	} else {
		t.asJSON.SetText(lang.L("Edit as JSON…"))
		t.onListsEdited()
	}
	t.editorBox.Refresh()
}

// onSwitchMode carries the edits over: the lists become the file's text
// (the text the editor started from while the rules are the same), and a
// valid text becomes the lists.
func (t *permissionsTab) onSwitchMode() {
	if !t.jsonMode {
		perms := t.lists.permissions()
		text := string(fileText(perms))
		if start, probs := permissions.Parse([]byte(t.editStart)); len(probs) == 0 && sameRules(start, perms) {
			text = t.editStart
		}
		t.editor.SetText(text)
		t.setMode(true)
		return
	}
	perms, probs := permissions.Parse([]byte(t.editor.Text))
	if len(probs) > 0 {
		return // the button is disabled: lists cannot hold this text
	}
	t.lists.set(perms)
	t.setMode(false)
}

// fileContent is the file the editor would save.
func (t *permissionsTab) fileContent() []byte {
	if t.jsonMode {
		return []byte(t.editor.Text)
	}
	return fileText(t.lists.permissions())
}

// onListsEdited checks the file the lists make, as the JSON text is.
func (t *permissionsTab) onListsEdited() {
	if !t.jsonMode {
		t.check(string(fileText(t.lists.permissions())))
	}
}

const emptyFile = "{\n  \"version\": 1,\n  \"allowed_commands\": [],\n  \"allowed_tools\": []\n}\n"

func (t *permissionsTab) closeEditor() {
	t.editorBox.Hide()
	t.edit.Hidden = t.err != nil
	t.edit.Refresh()
}

// onEdited validates the text while it is typed: every problem with its
// place, or what the file would approve.
func (t *permissionsTab) onEdited(text string) {
	if t.jsonMode {
		t.check(text)
	}
}

// check shows every problem of the file text with its place, or what it
// would approve, and allows Save & Trust only for a valid file.
func (t *permissionsTab) check(text string) {
	perms, probs := permissions.Parse([]byte(text))
	if len(text) > permissions.MaxFileSize {
		probs = append(probs, permissions.Problem{Where: "file", Problem: domain.T("the file is larger than {{.KiB}} KiB", "KiB", permissions.MaxFileSize>>10)})
	}
	if len(probs) > 0 {
		t.editorCheck.Importance = widget.DangerImportance
		t.editorCheck.SetText(problemList(probs))
		t.save.Disable()
		if t.jsonMode {
			t.asJSON.Disable() // the lists cannot hold a text with problems
		}
		return
	}
	t.asJSON.Enable()
	t.editorCheck.Importance = widget.MediumImportance
	t.editorCheck.SetText(lang.L("Valid. Command rules: {{.Commands}}; file tools: {{.Tools}}.", map[string]any{"Commands": len(perms.AllowedCommands), "Tools": len(perms.AllowedTools)}))
	t.save.Enable()
}

func (t *permissionsTab) onSave() {
	content := t.fileContent()
	if _, probs := permissions.Parse(content); len(probs) > 0 {
		// Save is disabled then; this guards a tap that raced an edit.
		t.host.showError(lang.L("Could not save the permissions file"), wordedError(permissions.InvalidError(permissions.FileName, probs)))
		return
	}
	t.host.confirm(lang.L("Save and trust the permissions file"),
		lang.L("Replace .memo/permissions.json with this text and trust it? Its rules pre-approve what they name from now on."),
		lang.L("Save & Trust"), func() { t.write(content, lang.L("Could not save the permissions file")) })
}

// onTestLine asks the service about a line off the UI goroutine; an answer
// to an older line is dropped.
func (t *permissionsTab) onTestLine(line string) {
	t.testSequence++
	seq := t.testSequence
	if strings.TrimSpace(line) == "" || t.svc == nil {
		t.testResult.SetText("")
		return
	}
	type answer struct {
		v   permissions.Verdict
		err error
	}
	background(t.run, func() answer {
		v, err := t.svc.CheckCommand(t.root, line)
		return answer{v, err}
	}, func(a answer) {
		if seq != t.testSequence {
			return
		}
		switch {
		case a.err != nil:
			t.testResult.SetText(say(a.err))
		case a.v.Approved:
			t.testResult.SetText(lang.L("Approved by {{.Rule}}", map[string]any{"Rule": visible(a.v.Rule)}))
		default:
			t.testResult.SetText(lang.L("Would ask: {{.Reason}}", map[string]any{"Reason": sayText(a.v.Reason)}))
		}
	})
}
