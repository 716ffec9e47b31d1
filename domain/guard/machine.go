// SPDX-License-Identifier: Apache-2.0

package guard

import (
	"os"
	"os/user"
	"path/filepath"
	"runtime"
	"slices"

	"memo.dev/projects/domain/realpath"
)

// Homes are a user's home folders: the one the environment names ($HOME,
// %USERPROFILE% on Windows) and the one the user database names for the
// account (os/user). Either may be "" (unknown); both are refused with
// their ancestors, so that a missing or changed $HOME never lets a project
// into the account's real home.
type Homes struct {
	Env     string
	Account string
}

// HostHomes are the running process's home folders.
func HostHomes() Homes {
	env, _ := os.UserHomeDir()
	account, _ := AccountHome()
	return Homes{Env: env, Account: account}
}

// AccountHome is the home folder of the current account in the user
// database (/etc/passwd and the like, the profile on Windows), whatever the
// environment says.
func AccountHome() (string, error) {
	u, err := user.Current()
	if err != nil {
		return "", err
	}
	return u.HomeDir, nil
}

// ForThisMachine returns the Rules of the running machine for the user the
// system reports (ForUser with HostHomes).
func ForThisMachine(memoHome string, settingsDirs ...string) Rules {
	return ForUser(HostHomes(), memoHome, settingsDirs...)
}

// ForUser returns the Rules of the running machine for the user whose home
// folders are homes. memoHome is Memo's own folder (MEMO_HOME); when empty
// it is ~/.memo. settingsDirs are the app's settings folders. Each path is
// made absolute and symlink-resolved when it exists, as Rules requires.
func ForUser(homes Homes, memoHome string, settingsDirs ...string) Rules {
	r := Rules{OS: thisOS(), Home: homes.Env, AccountHome: homes.Account}
	if memoHome == "" {
		for _, h := range []string{r.Home, r.AccountHome} {
			if h != "" {
				memoHome = filepath.Join(h, ".memo")
				break
			}
		}
	}
	// The default ~/.memo of either home is where an installed Memo lives,
	// whatever MEMO_HOME says.
	for _, h := range []string{r.Home, r.AccountHome} {
		if def := filepath.Join(h, ".memo"); h != "" && resolve(def) != resolve(memoHome) && !slices.Contains(r.MemoDirs, def) {
			r.MemoDirs = append(r.MemoDirs, def)
		}
	}
	r.MemoHome = memoHome
	r.Executable, _ = os.Executable()
	r.TempDir = os.TempDir()
	r.SettingsDirs = append([]string(nil), settingsDirs...)
	if r.OS == Windows {
		r.SystemRoot, r.ProgramDirs = windowsSystemDirs(os.Getenv)
	}

	r.Home = resolve(r.Home)
	r.AccountHome = resolve(r.AccountHome)
	r.MemoHome = resolve(r.MemoHome)
	r.Executable = resolve(r.Executable)
	r.TempDir = resolve(r.TempDir)
	r.SystemRoot = resolve(r.SystemRoot)
	for i := range r.SettingsDirs {
		r.SettingsDirs[i] = resolve(r.SettingsDirs[i])
	}
	for i := range r.MemoDirs {
		r.MemoDirs[i] = resolve(r.MemoDirs[i])
	}
	for i := range r.ProgramDirs {
		r.ProgramDirs[i] = resolve(r.ProgramDirs[i])
	}
	return r
}

// HostOS is the rule set of the running system: for tests that build Rules
// around temporary folders and must pass on every system.
func HostOS() OS { return thisOS() }

// thisOS maps GOOS to a rule set; other Unix systems get the Linux rules, the
// closest match.
func thisOS() OS {
	switch runtime.GOOS {
	case "windows":
		return Windows
	case "darwin", "ios":
		return Darwin
	}
	return Linux
}

// windowsSystemDirs reads %SystemRoot% and the Program Files / ProgramData
// folders from the environment, falling back to their usual places on
// %SystemDrive%.
func windowsSystemDirs(getenv func(string) string) (string, []string) {
	envOr := func(key, fallback string) string {
		if v := getenv(key); v != "" {
			return v
		}
		return fallback
	}
	drive := envOr("SystemDrive", "C:")
	return envOr("SystemRoot", drive+`\Windows`), []string{
		envOr("ProgramFiles", drive+`\Program Files`),
		envOr("ProgramFiles(x86)", drive+`\Program Files (x86)`),
		envOr("ProgramW6432", drive+`\Program Files`),
		envOr("ProgramData", drive+`\ProgramData`),
	}
}

// resolve makes p absolute and resolves symlinks (and junctions on Windows). When p does not exist yet
// (a MEMO_HOME not created), its nearest existing ancestor is resolved and the
// rest appended, so it still matches resolved paths. An empty p stays empty so
// its rule is skipped.
func resolve(p string) string {
	if p == "" {
		return ""
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	rest := ""
	for dir := abs; ; {
		if resolved, err := realpath.Resolve(dir); err == nil {
			return filepath.Join(resolved, rest)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}
