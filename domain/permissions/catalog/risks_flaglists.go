// SPDX-License-Identifier: Apache-2.0

package catalog

import (
	"regexp"
	"strings"
)

// flagList is what the value of an option that passes flags to another tool
// may hold (go -ldflags, -gcflags): each flag by name, and whether it takes
// a value (-X main.version=1), glued or the next field, an optional one,
// glued only (-m=2), or two, the next two fields (Xvfb's -screen 0
// 1280x1024x24, through xvfb-run -s). A value holding any other flag asks
// as the option does.
type flagList map[string]flagArg

type flagArg int

const (
	flagAlone flagArg = iota
	flagTakes
	flagOptional
	flagTakesTwo
)

// parseFlagList reads a flag_lists spec: "-s -w -X= -m=? -screen==".
func parseFlagList(spec string) (flagList, bool) {
	out := flagList{}
	for _, f := range strings.Fields(spec) {
		kind := flagAlone
		if n, ok := strings.CutSuffix(f, "=?"); ok {
			f, kind = n, flagOptional
		} else if n, ok := strings.CutSuffix(f, "=="); ok {
			f, kind = n, flagTakesTwo
		} else if n, ok := strings.CutSuffix(f, "="); ok {
			f, kind = n, flagTakes
		}
		name := strings.TrimLeft(f, "-")
		if !strings.HasPrefix(f, "-") || name == "" || strings.ContainsAny(name, "=?") {
			return nil, false
		}
		out[name] = kind
	}
	return out, true
}

// safeFlagValue: args[i] is a risky long option r whose value (glued after
// = or the next word) holds only flags its flag list names, or a risky
// short one spelled alone whose value is the next word (xvfb-run -s). It
// returns whether it does and how many words after args[i] the value took.
// A value with quotes inside, which the tool would split its own way, asks.
//
// The list is looked up by the option's name as spelled: "ldflags" for
// -ldflags, "--javacopt" for --javacopt (go's --ldflags asks: go's table
// lists the single-dash spelling only), "s" for the short -s.
func (p Program) safeFlagValue(r risk, args []string, i int) (bool, int) {
	key := r.Name
	if strings.HasPrefix(args[i], "--") {
		key = "--" + r.Name
	}
	list, ok := p.flagLists[key]
	if !ok {
		return false, 0
	}
	a := strings.TrimLeft(args[i], "-")
	value, glued := "", false
	if _, v, ok := strings.Cut(a, "="); ok {
		value, glued = v, true
	} else if i+1 < len(args) {
		value = args[i+1]
	} else {
		return false, 0
	}
	if !list.holds(value, p.flagShapes[key]...) {
		return false, 0
	}
	if glued {
		return true, 0
	}
	return true, 1
}

// holds: every field of value is a flag of the list, with its value when
// it takes one, or a flag one of shapes matches whole (flag_shapes: javac's
// -Xep:Check:WARN, -Xlint:all,-serial). A leading pattern= (go's
// -gcflags=all=-N -l) chooses the packages, not what runs.
func (l flagList) holds(value string, shapes ...*regexp.Regexp) bool {
	if strings.ContainsAny(value, `'"\`) {
		return false
	}
	if !strings.HasPrefix(value, "-") {
		if _, rest, ok := strings.Cut(value, "="); ok {
			value = rest
		}
	}
	fields := strings.Fields(value)
	if len(fields) == 0 {
		return false
	}
	for j := 0; j < len(fields); j++ {
		f := fields[j]
		if !strings.HasPrefix(f, "-") {
			return false
		}
		if shaped(f, shapes) {
			continue
		}
		name, v, glued := strings.Cut(strings.TrimLeft(f, "-"), "=")
		kind, known := l[name]
		switch {
		case !known, glued && kind == flagAlone:
			return false
		case kind == flagOptional && strings.HasPrefix(v, "-"):
			return false // a count or a level, never another flag
		case kind == flagTakesTwo:
			if glued || j+2 >= len(fields) {
				return false
			}
			j += 2
		case kind == flagTakes && !glued:
			if j+1 >= len(fields) {
				return false
			}
			j++
		}
	}
	return true
}

// shaped: one of shapes matches the flag f whole.
func shaped(f string, shapes []*regexp.Regexp) bool {
	for _, re := range shapes {
		if re.MatchString(f) {
			return true
		}
	}
	return false
}
