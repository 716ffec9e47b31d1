// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"memo.dev/projects/domain"
)

// Run parses the command line of docs/cli.md and runs the command; it returns
// the exit status.
func Run(f *Factory, args []string) int { return f.execute(newRootCmd(f), args) }

// execute runs root on args. stdout carries exactly one JSON object (help
// and completion print text); cobra's own messages never reach it.
func (f *Factory) execute(root *cobra.Command, args []string) int {
	prepare(root)
	if args == nil {
		args = []string{} // cobra reads os.Args when given nil
	}
	root.SetArgs(args)
	err := root.Execute()
	var done reported
	var failed commandError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &done):
		return int(done)
	case errors.As(err, &failed):
		return f.Fail(failed.err)
	case domain.KindOf(err) == domain.KindInternal:
		// Everything cobra refuses before a command runs (arguments,
		// flags, flag groups) is a mistake in the command line.
		return f.Fail(domain.Wrap(domain.ErrInvalid, err, "%v", err))
	}
	return f.Fail(err)
}

// CommandTree is the command line's tree as a run sees it, for the tools
// that document it (packaging/mangen writes the man pages from it). It runs
// nothing and opens nothing.
func CommandTree() *cobra.Command {
	root := newRootCmd(NewFactory(os.Stdin, io.Discard, io.Discard))
	prepare(root)
	return root
}

// newRootCmd builds the command tree. A command group is one file with its
// constructor (<group>.go) and one AddCommand line here.
func newRootCmd(f *Factory) *cobra.Command {
	root := &cobra.Command{
		Use:   "memo-projects",
		Short: "Memo Projects sets up and guards the project folders of Memo",
		Long: "Memo Projects sets up and guards the project folders of Memo.\n\n" +
			"Without a command (or with open PATH) the window opens. Every command prints\n" +
			"one JSON object (--text: lines for people). Exit status: 0 ok, 1 internal\n" +
			"error, 2 invalid input, 3 refused, 4 conflict, 5 not found.",
		// memo-projects FOLDER… is what a file manager runs ("Open with",
		// the desktop entry's Exec=memo-projects %F): the window opens the
		// first. Any other word is an unknown command, as before.
		Args: folderArgs(f),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return reportedOnly(f.Window(""))
			}
			path, err := f.abs(args[0])
			if err != nil {
				return err
			}
			return reportedOnly(f.Window(path))
		},
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		// Errors are printed by Run, as JSON; cobra's usage text would
		// mix with the answer.
		SilenceErrors:              true,
		SilenceUsage:               true,
		SuggestionsMinimumDistance: 2,
		CompletionOptions:          cobra.CompletionOptions{DisableDefaultCmd: true},
	}
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.ErrOut)
	root.SetIn(f.IO.In)
	root.SetFlagErrorFunc(flagError)
	flags := root.PersistentFlags()
	flags.Var(homeFlag{&f.home}, "home", "the data `folder` (default: $MEMO_HOME, else ~/.memo)")
	flags.BoolVar(&f.text, "text", false, "lines for people instead of JSON")

	root.AddCommand(newOpenCmd(f, nil))
	root.AddCommand(projectCommands(f)...)
	root.AddCommand(memoryCommands(f)...)
	root.AddCommand(permissionsCommands(f)...)
	root.AddCommand(newSettingsCmd(f, nil))
	root.AddCommand(newSkillCmd(f))
	root.AddCommand(newDoctorCmd(f, nil))
	root.AddCommand(newServeCmd(f, nil))
	root.AddCommand(newCompletionCmd(root))
	root.SetHelpCommand(newHelpCmd(root))
	root.InitDefaultHelpCmd() // now, so that prepare sees it
	return root
}

// prepare makes every command of the tree behave alike: usage lines without
// "[flags]", the answer's errors told apart from cobra's, and a group
// command (one with subcommands and no action of its own) refusing an
// unknown subcommand instead of printing its help.
func prepare(cmd *cobra.Command) {
	cmd.DisableFlagsInUseLine = true
	switch {
	case cmd.RunE != nil:
		runE := cmd.RunE
		cmd.RunE = func(c *cobra.Command, args []string) error {
			if err := runE(c, args); err != nil {
				return commandError{err}
			}
			return nil
		}
	case cmd.Run == nil && cmd.HasSubCommands():
		cmd.Args = unknownCommand
		cmd.RunE = func(c *cobra.Command, args []string) error {
			name := usageOf(c)
			return domain.Invalid("usage: %s COMMAND; run 'memo-projects help %s' for the list", name, name)
		}
	}
	for _, sub := range cmd.Commands() {
		prepare(sub)
	}
}

// commandError is an error a command's action returned: it keeps its kind.
type commandError struct{ err error }

func (c commandError) Error() string { return c.err.Error() }
func (c commandError) Unwrap() error { return c.err }

// reported is an exit status whose failure was already reported (the window
// reports its own).
type reported int

func (r reported) Error() string { return fmt.Sprintf("exit status %d", int(r)) }

func reportedOnly(code int) error {
	if code == 0 {
		return nil
	}
	return reported(code)
}

// usageOf is cmd's usage line without the program's name: "decline PATH [--undo]".
func usageOf(cmd *cobra.Command) string {
	return strings.TrimPrefix(cmd.UseLine(), cmd.Root().Name()+" ")
}

// unknownCommand refuses arguments where a subcommand name was due.
func unknownCommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	hint := ""
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		hint = fmt.Sprintf(" (did you mean %s?)", strings.Join(s, " or "))
	}
	return domain.Invalid("unknown command %q%s; run 'memo-projects help' for the list", args[0], hint)
}

// folderArgs takes, without a command, only folders that exist (what a
// file manager passes, usually absolute paths); a word that is no folder
// is an unknown command (a typo stays exit 2).
func folderArgs(f *Factory) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		for _, a := range args {
			path, err := f.abs(a)
			if err != nil {
				return err
			}
			st, err := os.Stat(path)
			switch {
			case err == nil && st.IsDir():
				continue
			case err == nil || strings.ContainsRune(a, '/') || strings.ContainsRune(a, filepath.Separator):
				// A path, not a command's name: say what it is.
				return domain.Invalid("%s is not a folder: open a folder, or run 'memo-projects help' for the commands", path)
			}
			return unknownCommand(cmd, []string{a})
		}
		return nil
	}
}

// exactArgs takes exactly n arguments; otherwise it says the usage.
func exactArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return domain.Invalid("usage: %s", usageOf(cmd))
		}
		return nil
	}
}

// flagError words pflag's errors as invalid input, with the usage. pflag's
// own text (strconv.ParseInt: parsing "x": invalid syntax) is the detail.
func flagError(cmd *cobra.Command, err error) error {
	var missing *pflag.ValueRequiredError
	var unknown *pflag.NotExistError
	var bad *pflag.InvalidValueError
	var syntax *pflag.InvalidSyntaxError
	switch {
	case errors.As(err, &missing):
		return domain.Because(domain.ErrInvalid, err, "%s needs %s; usage: %s", flagName(missing.GetFlag()), valueWords(missing.GetFlag()), usageOf(cmd))
	case errors.As(err, &unknown):
		name := "--" + unknown.GetSpecifiedName()
		if unknown.GetSpecifiedShortnames() != "" {
			name = "-" + unknown.GetSpecifiedName()[:1]
		}
		return domain.Because(domain.ErrInvalid, err, "unknown option %s; usage: %s", name, usageOf(cmd))
	case errors.As(err, &bad) && domain.KindOf(bad.Unwrap()) != domain.KindInternal:
		return bad.Unwrap() // our own flag value's sentence
	case errors.As(err, &bad):
		return domain.Because(domain.ErrInvalid, err, "%s takes %s, not %q; usage: %s", flagName(bad.GetFlag()), valueWords(bad.GetFlag()), bad.GetValue(), usageOf(cmd))
	case errors.As(err, &syntax):
		return domain.Because(domain.ErrInvalid, err, "%q is not an option (options are --name or -n); usage: %s", syntax.GetSpecifiedFlag(), usageOf(cmd))
	}
	return domain.Because(domain.ErrInvalid, err, "the command line is not right; usage: %s", usageOf(cmd))
}

// flagName is how the person names a flag: --name.
func flagName(f *pflag.Flag) string { return "--" + f.Name }

// valueWords says what value a flag takes, in words: "a whole number", "an
// id" (from its usage's `ID`), never pflag's type name.
func valueWords(f *pflag.Flag) string {
	switch f.Value.Type() {
	case "int", "int64", "int32", "uint", "uint64":
		return "a whole number"
	case "bool":
		return "true or false"
	}
	what, _ := pflag.UnquoteUsage(f)
	switch strings.ToLower(what) {
	case "id":
		return "an id"
	case "sha256":
		return "a SHA-256 hash"
	case "", "string", "value":
		return "a value"
	}
	what = strings.ToLower(what)
	if strings.ContainsRune("aeiou", rune(what[0])) {
		return "an " + what
	}
	return "a " + what
}

// homeFlag is --home: a folder, never empty.
type homeFlag struct{ dir *string }

func (f homeFlag) Set(s string) error {
	if s == "" {
		return domain.Invalid("--home needs a folder")
	}
	*f.dir = s
	return nil
}

func (f homeFlag) String() string { return *f.dir }
func (f homeFlag) Type() string   { return "folder" }

// openOptions are the options of open.
type openOptions struct {
	f    *Factory
	Path string
}

func newOpenCmd(f *Factory, runF func(*openOptions) error) *cobra.Command {
	o := &openOptions{f: f}
	return pathCmd("open PATH", "the window, with PATH opened (asks the setup question)", o, &o.Path, openRun, runF)
}

func openRun(o *openOptions) error {
	path, err := o.f.abs(o.Path)
	if err != nil {
		return err
	}
	return reportedOnly(o.f.Window(path))
}

// newHelpCmd is help [COMMAND]: an unknown command is an error, not a page.
func newHelpCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "how to use memo-projects, or one of its commands",
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var names []cobra.Completion
			for _, c := range root.Commands() {
				if c.IsAvailableCommand() && strings.HasPrefix(c.Name(), toComplete) {
					names = append(names, cobra.CompletionWithDesc(c.Name(), c.Short))
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 {
				return domain.Invalid("no help for %q: unknown command; run 'memo-projects help' for the list", strings.Join(args, " "))
			}
			return target.Help()
		},
	}
}

// newCompletionCmd prints the shell completion script.
func newCompletionCmd(root *cobra.Command) *cobra.Command {
	shells := map[string]func() error{
		"bash": func() error { return root.GenBashCompletionV2(root.OutOrStdout(), true) },
		"zsh":  func() error { return root.GenZshCompletion(root.OutOrStdout()) },
		"fish": func() error { return root.GenFishCompletion(root.OutOrStdout(), true) },
	}
	return &cobra.Command{
		Use:   "completion bash|zsh|fish",
		Short: "the shell completion script",
		Long: "Prints the completion script for the shell. For the current bash session:\n" +
			"  source <(memo-projects completion bash)",
		ValidArgs: []cobra.Completion{"bash", "zsh", "fish"},
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 || shells[args[0]] == nil {
				return domain.Invalid("usage: %s", usageOf(cmd))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return shells[args[0]]() },
	}
}

// folders completes a PATH argument with folder names. Where the command
// also has subcommands (permissions PATH beside permissions trust), a word
// that starts one of their names completes to the subcommand only (cobra
// offers those itself): "permissions tr<Tab>" is trust, not a folder tr….
func folders(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	if toComplete != "" {
		for _, sub := range cmd.Commands() {
			if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
		}
	}
	return nil, cobra.ShellCompDirectiveFilterDirs
}
