package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"memo.dev/projects/domain/permissions"
)

// commandChecker is what the command tester asks of the permissions service.
type commandChecker interface {
	CheckCommand(path, line string) (permissions.Verdict, error)
}

// commandTester is the Permissions tab's command tester: a line typed is
// approved by a trusted rule, or it says why it would ask.
type commandTester struct {
	root string
	svc  commandChecker // nil: nothing is asked
	run  runner

	line   *cancelableEntry
	result *widget.Label
	seq    int // the last question: older answers are dropped
	body   fyne.CanvasObject
}

func newCommandTester(root string, svc commandChecker, r runner) *commandTester {
	c := &commandTester{root: root, svc: svc, run: r}
	c.line = newCancelableEntry(false)
	c.line.PlaceHolder, c.line.OnChanged = lang.L("A command line, e.g. go test ./..."), c.ask
	c.result = &widget.Label{Wrapping: fyne.TextWrapWord}
	c.body = container.NewVBox(
		heading(lang.L("Test a command")),
		&widget.Label{Text: lang.L("Type a command line to see whether the trusted rules approve it, or why it would ask."), Wrapping: fyne.TextWrapWord},
		c.line, c.result,
	)
	return c
}

// again asks about the line anew: the verdict follows the file.
func (c *commandTester) again() { c.ask(c.line.Text) }

// ask asks the service about a line off the UI goroutine; an answer to an
// older line is dropped.
func (c *commandTester) ask(line string) {
	c.seq++
	seq := c.seq
	if strings.TrimSpace(line) == "" || c.svc == nil {
		c.result.SetText("")
		return
	}
	type answer struct {
		v   permissions.Verdict
		err error
	}
	background(c.run, func() answer {
		v, err := c.svc.CheckCommand(c.root, line)
		return answer{v, err}
	}, func(a answer) {
		if seq != c.seq {
			return
		}
		switch {
		case a.err != nil:
			c.result.SetText(say(a.err))
		case a.v.Approved:
			c.result.SetText(lang.L("Approved by {{.Rule}}", map[string]any{"Rule": visible(a.v.Rule)}))
		default:
			c.result.SetText(lang.L("Would ask: {{.Reason}}", map[string]any{"Reason": sayText(a.v.Reason)}))
		}
	})
}
