// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/cmdline"
)

// tee as the second stage of a pipeline (docs/permissions.md §3, tee):
// `go test ./... 2>&1 | tee test.log` writes the first command's output
// to test.log as `go test ./... > test.log 2>&1` would, and is judged so:
// each file a RedirectTarget written, the first command approved and a
// writer, no file Memo read to judge it, nothing after it that runs a
// program but the filters of its own pipeline (they read tee's output
// alone). tee stays refused as a rule: alone it copies the shell's own
// input, which no line names, into the files (`tee x` empties x). Its
// words are read here, not by a catalogue table: a table's operands are
// paths a program reads, a filter takes none, and tee's are files the
// redirection check judges.

var (
	teeNotSecond = domain.T("`tee` writes a file only when it reads the output of the first command of its pipeline, right after it")
	teeReadOnly  = domain.T("it writes the output of a command whose rule only lets it read: the line could choose the file's text (echo, --format)")
	teeAfter     = domain.T("it writes a file, and a later stage of its pipeline is no filter Memo knows to only read its input")
	teeQuoted    = domain.T("`tee`'s words must be plain, without quotes, `$`, `~` or patterns")
)

func teeOption(word string) domain.Text {
	return domain.T("`{{.Word}}` is no option of `tee` Memo reads (-a, -i, -p, --output-error before the files)", "Word", word)
}

// teeModes are the values of GNU tee's --output-error, spelled in full.
var teeModes = []string{"warn", "warn-nopipe", "exit", "exit-nopipe"}

// isTee: the command is tee, named as it is (`./tee` is the project's).
func isTee(line string) bool {
	return cmdline.FirstWord(line) == "tee"
}

// teeFiles reads tee's line (plain words: a quote, `$`, `~` or a pattern
// asks): its options, -a/--append, -i/--ignore-interrupts, -p and
// --output-error[=MODE] (GNU; bundled short ones too), all before the
// first file, then the files, `--` ending the options. A dash word after a file asks (BSD tee takes it for a
// file, GNU for an option), as do `-` and every other option (--help, an
// abbreviation). /dev/null writes nothing and is left out; every other
// file is returned for RedirectTarget.
func teeFiles(line string) ([]string, domain.Text) {
	if _, strict := cmdline.Words(line); !strict.IsZero() || strings.ContainsAny(line, `'"`) {
		return nil, teeQuoted
	}
	words := strings.Fields(line)
	var files []string
	opts, named := true, false
	for _, w := range words[1:] {
		switch {
		case opts && w == "--":
			opts = false
			continue
		case opts && !named && teeOptionWord(w):
			continue
		case w == "-" || opts && strings.HasPrefix(w, "-"):
			return nil, teeOption(w)
		}
		named = true
		if w != "/dev/null" {
			files = append(files, w)
		}
	}
	return files, domain.Text{}
}

func teeOptionWord(w string) bool {
	switch w {
	case "--append", "--ignore-interrupts", "--output-error":
		return true
	}
	if mode, ok := strings.CutPrefix(w, "--output-error="); ok {
		for _, m := range teeModes {
			if mode == m {
				return true
			}
		}
		return false
	}
	if len(w) < 2 || w[0] != '-' || w[1] == '-' {
		return false
	}
	return strings.Trim(w[1:], "aip") == ""
}

// checkTee judges the i-th command of cl, tee in a later stage of its
// pipeline: the second, its files each a RedirectTarget written, none
// of them a file Memo read to judge the first command (read), that
// command a writer (writesAlready: a `>` needs as much), and no command
// of a later pipeline that runs a program (bash starts tee, which
// empties its files, before that command runs). Later stages of tee's
// own pipeline are the caller's: filters only (teeAfter).
func (c *Checker) checkTee(cl cmdline.Compound, i int, in *inspector, read func(string) bool) domain.Text {
	cmd := cl.Commands[i]
	if cmd.Stage != 1 {
		return teeNotSecond
	}
	files, reason := teeFiles(cmd.Line)
	if !reason.IsZero() {
		return reason
	}
	if !writesAlready(in.catalog(), cl.Commands[i-1].Line) {
		return teeReadOnly
	}
	for _, n := range cl.Commands[i+1:] {
		if words, _ := cmdline.Words(n.Line); n.Pipeline != cmd.Pipeline && (len(words) == 0 || !noProgram(words)) {
			return fileThenCommand
		}
	}
	for _, f := range files {
		target, reason := in.project.RedirectTarget(f, true)
		if !reason.IsZero() {
			return reason
		}
		if read == nil || read(target) {
			return judgedFile(f)
		}
	}
	return domain.Text{}
}
