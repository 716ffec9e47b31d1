// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"slices"
	"strings"

	"memo.dev/projects/domain"
)

// click's and typer's commands are functions their decorators make
// commands of: @click.group() and @click.command() a top command,
// @cli.command("name") and @app.command() a subcommand (named after the
// function, `_` read as `-`, when no name is given), @click.option and
// @click.argument its parameters.

// clickDecorated: a pending decorator is one of click's or typer's (or a
// command's of a tracked group or app).
func (r *pyReader) clickDecorated() bool {
	for _, d := range r.decorators {
		if len(d) == 0 || d[0].kind != pyName {
			continue
		}
		if d[0].text == "click" || d[0].text == "typer" || r.vars[d[0].text] != nil {
			return true
		}
	}
	return false
}

// def reads a function's header at i (its decorators pending) and returns
// where its body starts.
func (r *pyReader) def(i int) int {
	decorators := r.decorators
	r.decorators = nil
	k := i
	if r.isName(k, "async") {
		k++
	}
	if !r.isName(k, "def") || k+2 >= len(r.toks) || r.toks[k+1].kind != pyName || !r.isOp(k+2, "(") {
		r.failBuild("def")
		return r.lineEnd(i)
	}
	fname := r.toks[k+1].text
	if parserNames[fname] {
		r.failBuild("def " + fname)
		return r.lineEnd(i)
	}
	paramsEnd := r.close(k + 2)
	hasParams := paramsEnd > k+4
	// The parameters' defaults are read as any code is (typer.Option …).
	r.scan(k+3, paramsEnd-1, false)
	if len(decorators) == 0 {
		return paramsEnd
	}
	var cmd *PyCommand
	var group bool
	var typerApp *pyTyper
	var params [][]pyToken
	for _, d := range decorators {
		if !r.why.IsZero() {
			return paramsEnd
		}
		path, args, ok := r.decorator(d)
		if !ok {
			continue
		}
		name := strings.Join(path, ".")
		switch {
		case name == "click.group" || name == "click.command":
			if cmd != nil {
				r.failBuild("@" + name)
				return paramsEnd
			}
			if !r.commandKwargs(args) {
				return paramsEnd
			}
			cmd, group = &PyCommand{Options: map[string]*PyOption{}}, name == "click.group"
			r.clicks = append(r.clicks, cmd)
		case len(path) == 2 && r.vars[path[0]] != nil && r.vars[path[0]].kind == valClick && (path[1] == "command" || path[1] == "group"):
			parent := r.vars[path[0]]
			if cmd != nil || !parent.group {
				r.failBuild("@" + name)
				return paramsEnd
			}
			if !r.commandKwargs(args) {
				return paramsEnd
			}
			cmd, group = &PyCommand{Names: r.commandNames(args, fname, true), Options: map[string]*PyOption{}}, path[1] == "group"
			r.addSub(parent.cmd, cmd)
		case len(path) == 2 && r.vars[path[0]] != nil && r.vars[path[0]].kind == valTyper && (path[1] == "command" || path[1] == "callback"):
			if cmd != nil || typerApp != nil {
				r.failBuild("@" + name)
				return paramsEnd
			}
			if !r.commandKwargs(args) {
				return paramsEnd
			}
			typerApp = r.vars[path[0]].typer
			if path[1] == "callback" {
				if typerApp.callback {
					r.failBuild("@" + name)
					return paramsEnd
				}
				typerApp.callback, typerApp.callbackParams = true, hasParams
				continue
			}
			c := &PyCommand{Names: r.commandNames(args, fname, false), Opaque: hasParams}
			typerApp.commands = append(typerApp.commands, c)
		case name == "click.option" || name == "click.argument" || name == "click.version_option" || name == "click.help_option":
			params = append(params, d)
		case name == "click.pass_context" || name == "click.pass_obj":
		case path[0] == "click" || path[0] == "typer" || r.vars[path[0]] != nil:
			r.failBuild("@" + name)
			return paramsEnd
		default:
			// Another decorator (functools.wraps, a project's own) around
			// a command may change its parameters.
			if cmd != nil || typerApp != nil || len(params) > 0 {
				r.failBuild("@" + name)
				return paramsEnd
			}
		}
	}
	if cmd == nil {
		if len(params) > 0 {
			r.failBuild("@click.option")
		}
		return paramsEnd
	}
	for _, d := range params {
		path, args, _ := r.decorator(d)
		r.clickParam(cmd, path[1], args)
	}
	if group {
		cmd.Slots = append(cmd.Slots, PySlot{Subs: []*PyCommand{}})
	}
	if old, ok := r.vars[fname]; ok && old.cmd != cmd {
		r.fail(domain.T("it sets `{{.Name}}`, which holds its parser, more than once", "Name", fname))
		return paramsEnd
	}
	r.vars[fname] = &pyVal{kind: valClick, cmd: cmd, group: group}
	return paramsEnd
}

// decorator reads a decorator's tokens: a dotted name and, when called,
// its arguments.
func (r *pyReader) decorator(d []pyToken) ([]string, []pyArg, bool) {
	if len(d) == 0 || d[0].kind != pyName {
		return nil, nil, false
	}
	path := []string{d[0].text}
	k := 1
	for k+1 < len(d) && d[k].kind == pyOp && d[k].text == "." && d[k+1].kind == pyName {
		path = append(path, d[k+1].text)
		k += 2
	}
	if k == len(d) {
		return path, nil, true
	}
	if d[k].kind != pyOp || d[k].text != "(" {
		return path, nil, false
	}
	// Read the call with the file's own tokens: find d's place.
	sub := &pyReader{toks: d, vars: r.vars}
	args, end, ok := sub.callArgs(k)
	if !ok || end != len(d) {
		r.failBuild("@" + strings.Join(path, ".") + "(*…)")
		return path, nil, false
	}
	// Arguments are read against d: keep a reader over it for literals.
	r.cur = sub
	return path, args, true
}

// commandKwargs: a command's decorator names no class, chain or
// context settings that change how its words are read.
func (r *pyReader) commandKwargs(args []pyArg) bool {
	for _, a := range args {
		switch a.key {
		case "cls", "chain", "context_settings", "invoke_without_command", "result_callback":
			r.failBuild(a.key + "=")
			return false
		}
	}
	return true
}

// commandNames is a subcommand's name: the literal one given, else the
// function's (click 8.2 drops a suffix _command, _cmd, _group, _grp,
// earlier releases keep it: such a name is none Memo takes).
func (r *pyReader) commandNames(args []pyArg, fname string, click bool) []string {
	sub := r.cur
	for _, a := range args {
		if a.key == "" || a.key == "name" {
			if n, ok := sub.literal(a); ok && n != "" && !strings.HasPrefix(n, "-") {
				return []string{n}
			}
			return nil
		}
	}
	if click {
		for _, s := range []string{"_command", "_cmd", "_group", "_grp"} {
			if strings.HasSuffix(fname, s) {
				return nil
			}
		}
	}
	return []string{strings.ReplaceAll(strings.ToLower(fname), "_", "-")}
}

// addSub adds a subcommand to a click group.
func (r *pyReader) addSub(group, sub *PyCommand) {
	for i := range group.Slots {
		if group.Slots[i].Subs != nil {
			group.Slots[i].Subs = append(group.Slots[i].Subs, sub)
			return
		}
	}
	r.failBuild("group")
}

// clickParam reads @click.option / @click.argument / @click.version_option
// / @click.help_option into cmd.
func (r *pyReader) clickParam(cmd *PyCommand, kind string, args []pyArg) {
	sub := r.cur
	var decls []string
	kw := map[string]pyArg{}
	for _, a := range args {
		if a.key != "" {
			kw[a.key] = a
			continue
		}
		s, ok := sub.literal(a)
		if !ok {
			r.failBuild("@click." + kind + "(" + sub.snippet(a.start, a.end) + ")")
			return
		}
		decls = append(decls, s)
	}
	if _, ok := kw["cls"]; ok {
		r.failBuild("cls=")
		return
	}
	var choices []string
	if a, ok := kw["type"]; ok && a.end-a.start > 4 && sub.isName(a.start, "click") && sub.isOp(a.start+1, ".") && sub.isName(a.start+2, "Choice") && sub.isOp(a.start+3, "(") {
		cargs, end, ok := sub.callArgs(a.start + 3)
		if ok && end == a.end && len(cargs) > 0 && cargs[0].key == "" {
			choices, _ = sub.argList(cargs[0])
			choices = slices.DeleteFunc(choices, func(s string) bool {
				return s == "" || strings.HasPrefix(s, "-") || strings.ContainsRune(s, 0)
			})
		}
	}
	nargs := ""
	if a, ok := kw["nargs"]; ok {
		nargs = sub.snippet(a.start, a.end)
	}
	switch kind {
	case "argument":
		s := PySlot{Any: true}
		_, optional := kw["default"]
		if req, ok := kw["required"]; ok && !sub.isTokens(req, "True") {
			optional = true
		}
		switch {
		case nargs != "" && nargs != "1" || optional:
			s = PySlot{Variable: true}
		case len(choices) > 0:
			s = PySlot{Choices: choices}
		}
		cmd.Slots = append(cmd.Slots, s)
	case "version_option", "help_option":
		names := []string{"--version"}
		if kind == "help_option" {
			names = []string{"--help"}
		}
		if len(decls) > 0 {
			names = decls
		}
		for _, n := range names {
			if strings.HasPrefix(n, "-") {
				r.addOption(cmd, n, &PyOption{Switch: true})
			}
		}
	case "option":
		o := &PyOption{}
		flag, unknown := false, false
		if a, ok := kw["is_flag"]; ok {
			switch {
			case sub.isTokens(a, "True"):
				flag = true
			case sub.isTokens(a, "False"):
			default:
				unknown = true // is_flag from a variable
			}
		}
		_, count := kw["count"]
		_, flagValue := kw["flag_value"]
		var names []string
		for _, d := range decls {
			for _, part := range strings.Split(d, "/") {
				part = strings.TrimSpace(part)
				if strings.HasPrefix(part, "-") {
					names = append(names, part)
				}
			}
			if strings.Contains(d, "/") {
				flag = true
			}
		}
		_, hasDefault := kw["default"]
		_, isFlagGiven := kw["is_flag"]
		switch {
		case unknown || nargs != "" && nargs != "1":
		case flag || count && sub.isTokens(kw["count"], "True") || flagValue:
			o.Switch = true
		case !isFlagGiven && hasDefault && (sub.isTokens(kw["default"], "True") || sub.isTokens(kw["default"], "False")):
			// Whether click reads a bool default as a flag depends on
			// its release: unknown.
		default:
			o.Value, o.Choices = true, choices
		}
		for _, n := range names {
			if n == "-" || n == "--" {
				continue
			}
			r.addOption(cmd, n, o)
		}
	}
}
