// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"slices"
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
	// pending are the rules of a valid version waiting for review (nil
	// when there is none): the tester says what trusting it would change;
	// trusted are the rules of the version trusted last.
	pending, trusted []string
	seq              int // the last question: older answers are dropped
	// allow proposes a rule for a line that would ask (Always allow; nil:
	// not offered); allowBtn offers it under such a verdict.
	allow    func(line string)
	allowBtn *widget.Button
	body     fyne.CanvasObject
}

func newCommandTester(root string, svc commandChecker, r runner) *commandTester {
	c := &commandTester{root: root, svc: svc, run: r}
	c.line = newCancelableEntry(false)
	c.line.PlaceHolder, c.line.OnChanged = lang.L("A command line, e.g. go test ./..."), c.ask
	c.result = &widget.Label{Wrapping: fyne.TextWrapWord}
	c.allowBtn = widget.NewButton(lang.L("Always allow…"), func() {
		if c.allow != nil {
			c.allow(c.line.Text)
		}
	})
	c.allowBtn.Hide()
	c.body = container.NewVBox(
		heading(lang.L("Test a command")),
		&widget.Label{Text: lang.L("Type a command line to see whether the trusted rules approve it, or why it would ask, and what the version waiting for review would answer."), Wrapping: fyne.TextWrapWord},
		c.line, c.result, container.NewHBox(c.allowBtn),
	)
	return c
}

// cannotAllow says under the verdict why no rule can approve the line.
func (c *commandTester) cannotAllow(err error) {
	c.allowBtn.Hide()
	c.result.SetText(c.result.Text + "\n" + lang.L("Always allow: {{.Reason}}", map[string]any{"Reason": say(err)}))
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
		c.allowBtn.Hide()
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
		var text string
		offer := false
		switch {
		case a.err != nil:
			text = say(a.err)
		case a.v.Approved:
			text = lang.L("Approved by {{.Rule}}", map[string]any{"Rule": visibleRules(a.v)})
		default:
			text = lang.L("Would ask: {{.Reason}}", map[string]any{"Reason": sayText(a.v.Reason)})
			offer = c.allow != nil
		}
		if offer {
			c.allowBtn.Show()
		} else {
			c.allowBtn.Hide()
		}
		if c.pending != nil {
			text += "\n" + c.ifTrusted(line)
		}
		c.result.SetText(text)
	})
}

// setPending gives the rules of the version waiting for review (nil:
// none) and those of the version trusted last.
func (c *commandTester) setPending(pending, trusted []string) {
	c.pending, c.trusted = pending, trusted
}

// ifTrusted says what the pending version would answer for line, and
// whether its answer comes from a rule that is new in it. (It is checked
// without the repository's git checks, which apply once trusted.)
func (c *commandTester) ifTrusted(line string) string {
	v := permissions.CheckCommand(c.pending, line, nil)
	before := permissions.CheckCommand(c.trusted, line, nil)
	switch {
	case v.Approved && slices.ContainsFunc(verdictRules(v), func(r string) bool { return !slices.Contains(c.trusted, r) }):
		return lang.L("If you trust this version: approved by {{.Rule}}, a rule that is not trusted yet.", map[string]any{"Rule": visibleRules(v)})
	case v.Approved:
		return lang.L("If you trust this version: approved by {{.Rule}}, as in the version you trusted.", map[string]any{"Rule": visibleRules(v)})
	case before.Approved:
		return lang.L("If you trust this version: it would ask ({{.Rule}} is no longer in it): {{.Reason}}", map[string]any{"Rule": visible(before.Rule), "Reason": sayText(v.Reason)})
	}
	return lang.L("If you trust this version: it would still ask.")
}

// verdictRules are the rules that approve a line: one for a plain line,
// each command's for a compound one (docs/permissions.md §3), each once;
// a filter, true or cd has none.
func verdictRules(v permissions.Verdict) []string {
	if len(v.Rules) == 0 {
		return []string{v.Rule}
	}
	var out []string
	for _, r := range v.Rules {
		if r != "" && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// visibleRules names the rules that approve a line, as the tab shows rules.
func visibleRules(v permissions.Verdict) string {
	rules := verdictRules(v)
	for i, r := range rules {
		rules[i] = visible(r)
	}
	return strings.Join(rules, ", ")
}
