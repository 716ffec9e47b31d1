package permissions

import (
	"strings"

	"memo.dev/projects/domain"
)

// Refused rules (SPEC §7.2): rules that approve nearly anything. The list is
// best effort; the real defence is the character check and the table of risky
// arguments, which rules are checked against too.
func refusedWhy(name string) (domain.Text, bool) {
	why, ok := refusedPrograms[name]
	return why, ok
}

// runsAnything is why a shell or an interpreter is refused.
var runsAnything = domain.T("is a shell or an interpreter, which runs anything")

// refusedPrograms maps a program name to why a rule for it is refused.
var refusedPrograms = func() map[string]domain.Text {
	m := map[string]domain.Text{}
	for _, g := range []struct {
		why   domain.Text
		names []string
	}{
		{runsAnything, []string{
			"sh", "bash", "zsh", "dash", "ksh", "mksh", "fish", "csh", "tcsh", "ash", "busybox", "elvish", "nu", "pwsh", "powershell",
			"python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "deno", "bun", "perl", "ruby", "irb", "php",
			"lua", "luajit", "tclsh", "wish", "awk", "gawk", "mawk", "nawk", "expect", "osascript", "rscript", "r", "julia",
			"ghci", "runghc", "scala", "groovy", "jshell", "erl", "elixir", "iex", "guile", "racket", "sbcl", "clisp",
			"vi", "vim", "nvim", "view", "ex", "ed", "emacs", "nano", "pico", "gdb", "lldb", "jq", "yq", "m4", "dc", "bc",
			"sqlite3", "sqlite", "duckdb", "psql", "mysql", "mariadb", "redis-cli", "mongo", "mongosh", "ipython", "jupyter",
			"tmux", "screen", "xterm",
		}},
		{domain.T("is a wrapper that runs another command"), []string{
			"env", "xargs", "sudo", "su", "doas", "pkexec", "runuser", "time", "nice", "nohup", "timeout", "stdbuf",
			"setsid", "chroot", "unshare", "nsenter", "ionice", "taskset", "chrt", "flock", "watch", "script", "find",
			"parallel", "entr", "strace", "ltrace", "valgrind", "command", "builtin", "exec", "eval", "source", ".",
			"trap", "alias", "enable", "hash", "type", "coproc", "fc", "caller", "declare", "typeset", "export", "local",
			"readonly", "let", "set", "shopt", "unset", "ulimit", "umask", "cd", "pushd", "popd", "sg", "newgrp",
			"fakeroot", "proot", "firejail", "bwrap", "systemd-run", "at", "batch", "crontab", "dbus-launch", "xdg-open",
			"open", "start", "unbuffer", "chronic", "torsocks", "proxychains", "proxychains4",
			"catchsegv", "prlimit", "systemd-inhibit", "dbus-run-session", "xvfb-run", "runcon", "cgexec", "numactl",
			"cpulimit", "hyperfine", "watchexec", "nodemon", "ts-node", "tsx", "uv", "uvx", "pipx", "npx", "pnpx", "bunx", "yarn-dlx", "corepack",
		}},
		{domain.T("reaches the network or runs containers"), []string{
			"curl", "wget", "nc", "ncat", "netcat", "socat", "ssh", "scp", "sftp", "rsync", "telnet", "ftp", "tftp",
			"docker", "podman", "kubectl", "helm", "nerdctl", "lxc", "vagrant", "gh", "aws", "gcloud", "az", "ping",
			"nmap", "aria2c", "lftp", "mosh", "rclone", "s3cmd",
		}},
		{domain.T("deletes or overwrites files or changes the system"), []string{
			"rm", "rmdir", "mv", "cp", "dd", "chmod", "chown", "chgrp", "chattr", "ln", "install", "truncate", "shred",
			"tee", "mkfs", "mount", "umount", "kill", "pkill", "killall", "reboot", "shutdown", "systemctl", "unlink",
			"link", "split", "csplit", "mknod", "mkfifo", "touch", "patch", "rename", "sponge", "passwd", "useradd", "usermod", "apt",
			"apt-get", "dpkg", "yum", "dnf", "pacman", "brew", "snap",
		}},
	} {
		for _, n := range g.names {
			m[n] = g.why
		}
	}
	return m
}()

// bareRefused are programs that run nearly anything without a subcommand.
var bareRefused = map[string]bool{"git": true, "go": true, "npm": true, "cargo": true, "yarn": true, "pnpm": true, "pip": true, "pip3": true}

// AcceptRule tells why a command rule is refused, or nothing (the zero
// Text) when it is accepted.
func AcceptRule(rule string) domain.Text {
	if strings.TrimSpace(rule) == "" {
		return domain.T("the rule is empty")
	}
	words, reason := Words(rule)
	if !reason.IsZero() {
		return domain.T("the rule is not one plain command: {{.Reason}}", "Reason", reason)
	}
	name := programName(words[0])
	for _, n := range []string{name, unversioned(name)} {
		if why, ok := refusedWhy(n); ok {
			return domain.T("`{{.Word}}` {{.Why}}", "Word", words[0], "Why", why)
		}
	}
	if strings.HasPrefix(name, "python") || strings.HasPrefix(name, "pip") || strings.HasPrefix(name, "ruby") || strings.HasPrefix(name, "perl") || strings.HasPrefix(name, "php") {
		return domain.T("`{{.Word}}` {{.Why}}", "Word", name, "Why", runsAnything)
	}
	if len(words) == 1 && (bareRefused[name] || bareRefused[unversioned(name)]) {
		return domain.T("a bare `{{.Program}}` approves nearly anything; name the subcommand, as in `git status` or `go test`", "Program", name)
	}
	if reason := checkArgs(words); !reason.IsZero() {
		return domain.T("the rule's own arguments would ask: {{.Reason}}", "Reason", reason)
	}
	return domain.Text{}
}

// FileTools are the only tools a permissions file can approve (SPEC §7.3).
var FileTools = []string{
	"read_file", "list_directory", "get_file_info", "search_files", "search_content", "write_file",
	"edit_file", "insert_line", "delete_lines", "create_task_md", "edit_task_md", "save_code_plan",
}

// AcceptTool tells why a tool cannot be pre-approved, or nothing (the zero
// Text) when it can.
func AcceptTool(name string) domain.Text {
	for _, t := range FileTools {
		if name == t {
			return domain.Text{}
		}
	}
	switch name {
	case "run_command":
		return domain.T("run_command always asks; approve commands with allowed_commands")
	case "delete_file":
		return domain.T("delete_file always asks")
	}
	return domain.T("`{{.Tool}}` is not a file tool; only {{.Tools}} can be approved", "Tool", name, "Tools", strings.Join(FileTools, ", "))
}

// ToolVerdict is the answer for one tool (SPEC §8.2 check-tool).
type ToolVerdict struct {
	Approved bool `json:"approved"`
	// Reason prints as its English sentence; the window words it.
	Reason domain.Text `json:"reason"`
}

// CheckTool decides whether tools approve the tool name.
func CheckTool(tools []string, name string) ToolVerdict {
	if reason := AcceptTool(name); !reason.IsZero() {
		return ToolVerdict{Reason: reason}
	}
	for _, t := range tools {
		if t == name {
			return ToolVerdict{Approved: true}
		}
	}
	return ToolVerdict{Reason: domain.T("`{{.Tool}}` is not in allowed_tools", "Tool", name)}
}
