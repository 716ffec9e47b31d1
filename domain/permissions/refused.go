package permissions

import (
	"strings"

	"memo.dev/projects/domain"
)

// Refused rules (docs/permissions.md §8): rules that approve nearly anything. The list is
// best effort; the real defence is the character check and the table of risky
// arguments, which rules are checked against too.
func refusedWhy(name string) (domain.Text, bool) {
	if why, ok := refusedPrograms[name]; ok {
		return why, ok
	}
	// The dynamic loader and the emulators run any program they are given.
	if name == "ld.so" || strings.HasPrefix(name, "ld-linux") || strings.HasPrefix(name, "ld-musl") || strings.HasPrefix(name, "qemu-") {
		return domain.T("is a wrapper that runs another command"), true
	}
	return domain.Text{}, false
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
			"python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "deno", "perl", "ruby", "irb", "php",
			"lua", "luajit", "tclsh", "wish", "awk", "gawk", "mawk", "nawk", "expect", "osascript", "rscript", "r", "julia",
			"ghci", "runghc", "scala", "groovy", "jshell", "erl", "elixir", "iex", "guile", "racket", "sbcl", "clisp",
			"vi", "vim", "nvim", "view", "ex", "ed", "emacs", "nano", "pico", "gdb", "lldb", "jq", "yq", "m4", "dc", "bc",
			"sqlite3", "sqlite", "duckdb", "psql", "mysql", "mariadb", "redis-cli", "mongo", "mongosh", "ipython", "jupyter",
			"tmux", "screen", "xterm", "toybox", "cmd", "wsl", "wslhost", "cscript", "wscript", "mshta", "powershell_ise",
			"pwsh-preview", "gnome-terminal", "konsole", "x-terminal-emulator", "sensible-editor", "editor", "pager",
			"sensible-pager", "sqlcmd", "sqlplus",
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
			"cpulimit", "hyperfine", "watchexec", "nodemon", "uvx", "pipx", "pnpx", "yarn-dlx", "corepack",
			// Windows
			"rundll32", "regsvr32", "msiexec", "runas", "schtasks", "forfiles", "cmstp", "installutil", "regasm", "regsvcs",
			"msxsl", "odbcconf", "pcalua", "explorer", "conhost", "hh", "control", "mavinject", "presentationhost",
			"syncappvpublishingserver", "psexec", "winrs", "wmic", "msdt", "ieexec", "msbuild",
			// macOS
			"launchctl", "automator", "shortcuts", "caffeinate", "sandbox-exec", "arch", "xcrun", "dtrace",
			// Linux
			"flatpak", "gio", "run-parts", "capsh", "setpriv", "daemonize", "start-stop-daemon", "ssh-agent",
			"systemd-nspawn", "machinectl", "distrobox", "toolbox", "sensible-browser", "www-browser", "sudoedit",
		}},
		{domain.T("reaches the network or runs containers"), []string{
			"curl", "wget", "nc", "ncat", "netcat", "socat", "ssh", "scp", "sftp", "rsync", "telnet", "ftp", "tftp",
			"docker", "podman", "kubectl", "helm", "nerdctl", "lxc", "vagrant", "gh", "aws", "gcloud", "az", "ping",
			"nmap", "aria2c", "lftp", "mosh", "rclone", "s3cmd", "certutil", "bitsadmin", "winrm",
		}},
		{domain.T("reads or sends what is outside the project (secrets, the clipboard, the screen)"), []string{
			"security", "pbpaste", "pbcopy", "screencapture", "xclip", "xsel", "wl-copy", "wl-paste", "dbus-send", "busctl",
			"xdotool", "keyctl", "secret-tool", "pass", "gpg", "gpg2", "op", "bw",
		}},
		{domain.T("deletes or overwrites files or changes the system"), []string{
			"rm", "rmdir", "mv", "cp", "dd", "chmod", "chown", "chgrp", "chattr", "ln", "install", "truncate", "shred",
			"tee", "mkfs", "mount", "umount", "kill", "pkill", "killall", "reboot", "shutdown", "systemctl", "unlink",
			"link", "split", "csplit", "mknod", "mkfifo", "touch", "patch", "rename", "sponge", "passwd", "useradd", "usermod", "apt",
			"apt-get", "dpkg", "yum", "dnf", "pacman", "brew", "snap",
			// Windows
			"reg", "regedit", "sc", "netsh", "net", "setx", "assoc", "ftype", "mklink", "icacls", "takeown", "attrib",
			"del", "erase", "rd", "copy", "xcopy", "robocopy", "move", "ren", "format", "diskpart", "bcdedit", "vssadmin",
			"wevtutil", "taskkill",
			// macOS
			"defaults", "softwareupdate", "hdiutil", "diskutil", "dscl", "csrutil", "spctl", "plutil", "ditto",
		}},
	} {
		for _, n := range g.names {
			m[n] = g.why
		}
	}
	return m
}()

// bareRefused are programs that run nearly anything without a subcommand.
var bareRefused = map[string]bool{"git": true, "go": true, "npm": true, "cargo": true, "yarn": true, "pnpm": true, "bun": true,
	"pip": true, "pip3": true, "npx": true, "bunx": true}
