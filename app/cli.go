package app

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/identity"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/persistence"
)

// command is one entry of SPEC §8.2's command table.
type command struct {
	usage    string
	readOnly bool // opens the registry read-only: the command writes nothing
	run      func(e *env, s *services, args []string) (any, error)
}

var commands = map[string]command{
	"status":   {usage: "status PATH", readOnly: true, run: cmdStatus},
	"register": {usage: "register PATH", run: cmdRegister},
	"setup":    {usage: "setup PATH", run: cmdSetup},
	"decline":  {usage: "decline PATH [--undo]", run: cmdDecline},
	"preamble": {usage: "preamble PATH", readOnly: true, run: cmdPreamble},
	"settings": {usage: "settings [minimal on|off]", run: cmdSettings},
	"doctor":   {usage: "doctor", run: cmdDoctor},
	"files":    {usage: "files PATH", readOnly: true, run: cmdFiles},
}

func (e *env) command(args []string) int {
	name := args[0]
	switch name {
	case "open":
		if len(args) != 2 {
			return e.fail(domain.Invalid("usage: open PATH"))
		}
		path, err := e.abs(args[1])
		if err != nil {
			return e.fail(err)
		}
		return e.window(path)
	case "help", "-h", "--help":
		fmt.Fprint(e.stdout, usage())
		return 0
	}
	cmd, ok := commands[name]
	if !ok {
		return e.fail(domain.Invalid("unknown command %q; run 'memo-projects help' for the list", name))
	}
	s, err := e.open(cmd.readOnly)
	if err != nil {
		return e.fail(err)
	}
	defer s.Close()
	out, err := cmd.run(e, s, args[1:])
	if err != nil {
		return e.fail(err)
	}
	return e.print(out)
}

func usage() string {
	names := make([]string, 0, len(commands))
	for _, c := range commands {
		names = append(names, "  "+c.usage)
	}
	sort.Strings(names)
	return "usage: memo-projects [--home DIR] [--text] COMMAND ...\n" +
		"Without a command (or with open PATH) the window opens.\n\ncommands:\n  open PATH\n" +
		strings.Join(names, "\n") + "\n"
}

// print writes one JSON object (or, with --text, lines for people).
func (e *env) print(v any) int {
	if e.text {
		fmt.Fprint(e.stdout, asText(v))
		return 0
	}
	b, err := json.Marshal(v)
	if err != nil {
		return e.fail(err)
	}
	fmt.Fprintf(e.stdout, "%s\n", b)
	return 0
}

type errorOut struct {
	Error string `json:"error"`
	Kind  string `json:"kind"`
}

func (e *env) fail(err error) int {
	code, kind := exitCode(err)
	if e.text {
		fmt.Fprintf(e.stderr, "memo-projects: %v\n", err)
		return code
	}
	b, _ := json.Marshal(errorOut{Error: err.Error(), Kind: kind})
	fmt.Fprintf(e.stdout, "%s\n", b)
	return code
}

// asText renders a result as "key: value" lines, in the JSON's field order.
func asText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintln(v)
	}
	var fields []struct {
		key string
		val json.RawMessage
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return string(b) + "\n"
	}
	for dec.More() {
		k, _ := dec.Token()
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			break
		}
		fields = append(fields, struct {
			key string
			val json.RawMessage
		}{fmt.Sprint(k), raw})
	}
	var sb strings.Builder
	for _, f := range fields {
		val := string(f.val)
		var s string
		if json.Unmarshal(f.val, &s) == nil {
			val = s
		}
		fmt.Fprintf(&sb, "%s: %s\n", f.key, val)
	}
	return sb.String()
}

// onePath takes exactly one PATH argument (plus the flags in allowed) and
// resolves it against the current folder.
func (e *env) onePath(args []string, usage string, allowed ...string) (string, map[string]bool, error) {
	flags := map[string]bool{}
	var pos []string
	for _, a := range args {
		if strings.HasPrefix(a, "--") {
			ok := false
			for _, f := range allowed {
				if a == f {
					ok = true
				}
			}
			if !ok {
				return "", nil, domain.Invalid("unknown option %s; usage: %s", a, usage)
			}
			flags[a] = true
			continue
		}
		pos = append(pos, a)
	}
	if len(pos) != 1 {
		return "", nil, domain.Invalid("usage: %s", usage)
	}
	p, err := e.abs(pos[0])
	return p, flags, err
}

func cmdStatus(e *env, s *services, args []string) (any, error) {
	path, _, err := e.onePath(args, "status PATH")
	if err != nil {
		return nil, err
	}
	return s.projects.Status(path)
}

type registerOut struct {
	project.Status
	Event identity.Event `json:"event"`
}

func cmdRegister(e *env, s *services, args []string) (any, error) {
	path, _, err := e.onePath(args, "register PATH")
	if err != nil {
		return nil, err
	}
	st, ev, err := s.projects.Register(path)
	if err != nil {
		return nil, err
	}
	return registerOut{st, ev}, nil
}

func cmdSetup(e *env, s *services, args []string) (any, error) {
	path, _, err := e.onePath(args, "setup PATH")
	if err != nil {
		return nil, err
	}
	return s.projects.Setup(path)
}

func cmdDecline(e *env, s *services, args []string) (any, error) {
	path, flags, err := e.onePath(args, "decline PATH [--undo]", "--undo")
	if err != nil {
		return nil, err
	}
	return s.projects.Decline(path, !flags["--undo"])
}

func cmdPreamble(e *env, s *services, args []string) (any, error) {
	path, _, err := e.onePath(args, "preamble PATH")
	if err != nil {
		return nil, err
	}
	line, err := s.projects.Preamble(path)
	return struct {
		Line string `json:"line"`
	}{line}, err
}

func cmdFiles(e *env, s *services, args []string) (any, error) {
	path, _, err := e.onePath(args, "files PATH")
	if err != nil {
		return nil, err
	}
	files, err := s.projects.Files(path)
	return struct {
		Files []project.FileState `json:"files"`
	}{files}, err
}

type settingsOut struct {
	Minimal bool   `json:"minimal"`
	Home    string `json:"home"`
	Data    string `json:"data"`
}

func cmdSettings(e *env, s *services, args []string) (any, error) {
	switch {
	case len(args) == 0:
	case len(args) == 2 && args[0] == "minimal" && (args[1] == "on" || args[1] == "off"):
		if err := s.projects.SetMinimal(args[1] == "on"); err != nil {
			return nil, err
		}
	default:
		return nil, domain.Invalid("usage: settings [minimal on|off]")
	}
	minimal, err := s.projects.Minimal()
	if err != nil {
		return nil, err
	}
	return settingsOut{Minimal: minimal, Home: s.store.Home(), Data: s.store.DataDir()}, nil
}

type doctorOut struct {
	Home          string   `json:"home"`
	DB            string   `json:"db"`
	Registry      string   `json:"registry"`
	ProjectMemory bool     `json:"project_memory"`
	Reason        string   `json:"project_memory_reason"`
	Schema        string   `json:"schema"`
	Backups       []string `json:"backups"`
	BackupMade    string   `json:"backup_made,omitempty"`
	Memories      int64    `json:"memories"`
	Minimal       bool     `json:"minimal"`
}

// cmdDoctor opens memory.db as a launch does (running the guarded one-time
// change if it is due) and reports what it found.
func cmdDoctor(e *env, s *services, args []string) (any, error) {
	if len(args) != 0 {
		return nil, domain.Invalid("usage: doctor")
	}
	out := doctorOut{
		Home:     s.store.Home(),
		DB:       filepath.Join(s.store.DataDir(), "memory.db"),
		Registry: filepath.Join(s.store.DataDir(), "projects.db"),
		Backups:  []string{},
	}
	var err error
	if out.Minimal, err = s.projects.Minimal(); err != nil {
		return nil, err
	}
	mem, err := s.store.Memory()
	if err != nil {
		out.Schema = "unreadable"
		out.Reason = err.Error()
	} else {
		st := mem.State()
		out.Schema, out.ProjectMemory, out.Reason, out.BackupMade = st.Schema, st.ProjectMemory, st.Reason, st.Backup
		if out.Memories, err = mem.CountAll(); err != nil {
			return nil, err
		}
	}
	if b, err := persistence.Backups(s.store.DataDir()); err == nil {
		out.Backups = append(out.Backups, b...)
	}
	return out, nil
}
