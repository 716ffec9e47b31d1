// SPDX-License-Identifier: Apache-2.0

package guard

import (
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var (
	linuxRules = Rules{
		OS:           Linux,
		Home:         "/home/ann",
		MemoHome:     "/home/ann/.memo",
		Executable:   "/home/ann/.memo/bin/memo",
		SettingsDirs: []string{"/home/ann/.config/memo"},
		TempDir:      "/tmp",
	}
	// A developer build run from a checkout, outside MemoHome.
	linuxDevRules = Rules{
		OS:         Linux,
		Home:       "/home/ann",
		MemoHome:   "/home/ann/.memo",
		Executable: "/home/ann/code/memo/memo",
		TempDir:    "/tmp",
	}
	// Home under a system folder: home wins.
	jenkinsRules = Rules{
		OS:       Linux,
		Home:     "/var/lib/jenkins",
		MemoHome: "/var/lib/jenkins/.memo",
		TempDir:  "/tmp",
	}
	// MEMO_HOME outside home.
	memoHomeRules = Rules{
		OS:         Linux,
		Home:       "/home/ann",
		MemoHome:   "/data/.memo",
		Executable: "/data/.memo/bin/memo",
		TempDir:    "/tmp",
	}
	darwinRules = Rules{
		OS:           Darwin,
		Home:         "/Users/ann",
		MemoHome:     "/Users/ann/.memo",
		Executable:   "/Users/ann/.memo/bin/memo",
		SettingsDirs: []string{"/Users/ann/Library/Preferences/memo"},
		TempDir:      "/private/var/folders/xy/abc123/T",
	}
	windowsRules = Rules{
		OS:           Windows,
		Home:         `C:\Users\ann`,
		MemoHome:     `C:\Users\ann\.memo`,
		Executable:   `C:\Users\ann\.memo\bin\memo.exe`,
		SettingsDirs: []string{`C:\Users\ann\AppData\Roaming\memo`},
		TempDir:      `C:\Users\ann\AppData\Local\Temp`,
		SystemRoot:   `C:\Windows`,
		ProgramDirs:  []string{`C:\Program Files`, `C:\Program Files (x86)`, `C:\ProgramData`},
	}
	// HOME=/ (a container user without a passwd entry): home exempts nothing.
	rootHomeRules = Rules{OS: Linux, Home: "/", MemoHome: "/.memo", TempDir: "/tmp"}
	// Home is itself a listed system folder, or a shared root holding some.
	usrHomeRules    = Rules{OS: Linux, Home: "/usr", MemoHome: "/usr/.memo", TempDir: "/tmp"}
	varLibHomeRules = Rules{OS: Linux, Home: "/var/lib", MemoHome: "/var/lib/.memo", TempDir: "/tmp"}
	varHomeRules    = Rules{OS: Linux, Home: "/var", MemoHome: "/var/.memo", TempDir: "/tmp"}
	// A system account's home inside a system folder keeps its exemption.
	serviceHomeRules    = Rules{OS: Linux, Home: "/var/lib/postgresql", MemoHome: "/var/lib/postgresql/.memo", TempDir: "/tmp"}
	darwinRootHomeRules = Rules{OS: Darwin, Home: "/", MemoHome: "/.memo", TempDir: "/private/tmp"}
	// Windows: home at a drive root, %SystemRoot% itself, or inside it (service accounts).
	windowsDriveHomeRules = Rules{OS: Windows, Home: `C:\`, MemoHome: `C:\.memo`, TempDir: `C:\Temp`,
		SystemRoot: `C:\Windows`, ProgramDirs: []string{`C:\Program Files`, `C:\ProgramData`}}
	windowsSystemHomeRules = Rules{OS: Windows, Home: `C:\Windows`, MemoHome: `C:\Windows\.memo`, TempDir: `C:\Windows\Temp`,
		SystemRoot: `C:\Windows`, ProgramDirs: []string{`C:\Program Files`, `C:\ProgramData`}}
	windowsServiceHomeRules = Rules{OS: Windows, Home: `C:\Windows\ServiceProfiles\svc`, MemoHome: `C:\Windows\ServiceProfiles\svc\.memo`,
		TempDir: `C:\Windows\Temp`, SystemRoot: `C:\Windows`, ProgramDirs: []string{`C:\Program Files`, `C:\ProgramData`}}
	windowsOtherRootRules = Rules{
		OS:         Windows,
		Home:       `C:\Users\ann`,
		MemoHome:   `C:\Users\ann\.memo`,
		SystemRoot: `D:\WinNT`,
	}
	// HOME unset (a launcher, env -i) with MEMO_HOME set: the user
	// database's home is still home.
	noHomeVarRules = Rules{OS: Linux, AccountHome: "/home/ann", MemoHome: "/data/.memo", TempDir: "/tmp"}
	// HOME pointing elsewhere: both homes are refused, with their ancestors.
	otherHomeVarRules = Rules{OS: Linux, Home: "/srv/scratch/home", AccountHome: "/home/ann",
		MemoHome: "/srv/scratch/home/.memo", TempDir: "/tmp"}
	// A service account whose database home is inside a system folder.
	accountInSystemRules  = Rules{OS: Linux, AccountHome: "/var/lib/jenkins", MemoHome: "/data/.memo", TempDir: "/tmp"}
	windowsNoHomeVarRules = Rules{OS: Windows, AccountHome: `C:\Users\ann`, MemoHome: `D:\memo`, TempDir: `C:\Temp`,
		SystemRoot: `C:\Windows`, ProgramDirs: []string{`C:\Program Files`, `C:\ProgramData`}}
	allRules = []Rules{linuxRules, linuxDevRules, jenkinsRules, memoHomeRules, darwinRules, windowsRules,
		rootHomeRules, usrHomeRules, varLibHomeRules, varHomeRules, serviceHomeRules, darwinRootHomeRules,
		windowsDriveHomeRules, windowsSystemHomeRules, windowsServiceHomeRules, windowsOtherRootRules,
		noHomeVarRules, otherHomeVarRules, accountInSystemRules, windowsNoHomeVarRules}
)

type pathCase struct {
	rules   Rules
	path    string
	allowed bool
	reason  string // a part of the expected reason, when refused
}

var pathCases = []pathCase{
	// Linux: home and its ancestors.
	{linuxRules, "/", false, "root of the filesystem"},
	{linuxRules, "/home", false, "contains your home"},
	{linuxRules, "/home/", false, "contains your home"},
	{linuxRules, "/home/ann", false, "your home folder"},
	{linuxRules, "/home/ann/", false, "your home folder"},
	{linuxRules, "/home/ann/code/..", false, "your home folder"},
	{linuxRules, "//home//ann/./", false, "your home folder"},
	{linuxRules, "/home/ann/code/repo", true, ""},
	{linuxRules, "/home/ann/code", true, ""},
	// Lookalikes are compared by components.
	{linuxRules, "/home/ann2", true, ""},
	{linuxRules, "/home/an", true, ""},
	{linuxRules, "/home/ann/.memo2", true, ""},
	{linuxRules, "/usrx", true, ""},
	{linuxRules, "/usrx/repo", true, ""},
	{linuxRules, "/USR/repo", true, ""}, // Linux is case-sensitive
	{linuxRules, "/varx", true, ""},
	{linuxRules, "/tmpx", true, ""},
	// Memo's own folders.
	{linuxRules, "/home/ann/.memo", false, "Memo's own folder"},
	{linuxRules, "/home/ann/.memo/data", false, "Memo's own folder"},
	{linuxRules, "/home/ann/.memo/bin", false, "installed Memo program"},
	{linuxRules, "/home/ann/.memo/bin/sub", false, "installed Memo program"},
	{linuxRules, "/home/ann/.config/memo", false, "settings folder"},
	{linuxRules, "/home/ann/.config/memo/x", false, "settings folder"},
	{linuxRules, "/home/ann/.config", true, ""},
	{linuxDevRules, "/home/ann/code/memo", true, ""},
	{linuxDevRules, "/home/ann/code/memo/sub", true, ""},
	{memoHomeRules, "/data/.memo", false, "Memo's own folder"},
	{memoHomeRules, "/data/.memo/bin", false, "installed Memo program"},
	{memoHomeRules, "/data", false, "Memo's own install folder"},
	{memoHomeRules, "/data/other", true, ""},
	// System folders, with everything inside.
	{linuxRules, "/bin", false, "system folder"},
	{linuxRules, "/boot/grub", false, "system folder /boot"},
	{linuxRules, "/dev", false, "system folder"},
	{linuxRules, "/dev/shm/repo", false, "system folder /dev"},
	{linuxRules, "/etc", false, "system folder"},
	{linuxRules, "/etc/nginx", false, "system folder /etc"},
	{linuxRules, "/lib", false, "system folder"},
	{linuxRules, "/lib32/x", false, "system folder"},
	{linuxRules, "/lib64/x", false, "system folder"},
	{linuxRules, "/libx32/x", false, "system folder"},
	{linuxRules, "/proc/1", false, "system folder"},
	{linuxRules, "/run/user/1000/repo", false, "system folder /run"},
	{linuxRules, "/sbin", false, "system folder"},
	{linuxRules, "/sys/class", false, "system folder"},
	{linuxRules, "/usr", false, "system folder"},
	{linuxRules, "/usr/local/src/repo", false, "system folder /usr"},
	{linuxRules, "/var/lib", false, "system folder"},
	{linuxRules, "/var/lib/docker/x", false, "system folder /var/lib"},
	{linuxRules, "/var/log/x", false, "system folder"},
	{linuxRules, "/var/cache/x", false, "system folder"},
	{linuxRules, "/var/spool/x", false, "system folder"},
	{linuxRules, "/var/mail/ann", false, "system folder"},
	{linuxRules, "/home/ann/../../etc/x", false, "system folder /etc"},
	// Shared roots: the folder itself only.
	{linuxRules, "/var", false, "shared"},
	{linuxRules, "/opt", false, "shared"},
	{linuxRules, "/srv", false, "shared"},
	{linuxRules, "/mnt", false, "shared"},
	{linuxRules, "/media", false, "shared"},
	{linuxRules, "/tmp", false, "temp folder"},
	{linuxRules, "/tmp/", false, "temp folder"},
	{linuxRules, "/var/www/site", true, ""},
	{linuxRules, "/opt/work/repo", true, ""},
	{linuxRules, "/srv/repo", true, ""},
	{linuxRules, "/mnt/data/repo", true, ""},
	{linuxRules, "/tmp/scratch/repo", true, ""},
	{linuxRules, "/tmp/scratch", true, ""},
	// Home under /var/lib.
	{jenkinsRules, "/var/lib/jenkins", false, "your home folder"},
	{jenkinsRules, "/var/lib/jenkins/repo", true, ""},
	{jenkinsRules, "/var/lib/jenkins/workspace/job", true, ""},
	{jenkinsRules, "/var/lib/jenkins/.memo", false, "Memo's own folder"},
	{jenkinsRules, "/var/lib", false, "contains your home"},
	{jenkinsRules, "/var", false, "contains your home"},
	{jenkinsRules, "/var/lib/jenkins2", false, "system folder /var/lib"},
	{jenkinsRules, "/var/lib/docker", false, "system folder /var/lib"},
	{jenkinsRules, "/home", false, "shared"},
	{jenkinsRules, "/home/bob/repo", true, ""},
	// Home grants no exemption when it is a root, a system folder or holds one.
	{rootHomeRules, "/", false, "your home folder"},
	{rootHomeRules, "/etc", false, "system folder"},
	{rootHomeRules, "/etc/nginx", false, "system folder /etc"},
	{rootHomeRules, "/usr/local/src/repo", false, "system folder /usr"},
	{rootHomeRules, "/var/lib/x", false, "system folder /var/lib"},
	{rootHomeRules, "/var", false, "shared"},
	{rootHomeRules, "/tmp", false, "temp folder"},
	{rootHomeRules, "/.memo", false, "Memo's own folder"},
	{rootHomeRules, "/home/ann/repo", true, ""},
	{rootHomeRules, "/var/www/site", true, ""},
	{rootHomeRules, "/work/repo", true, ""},
	{usrHomeRules, "/usr", false, "your home folder"},
	{usrHomeRules, "/usr/local/src/repo", false, "system folder /usr"},
	{usrHomeRules, "/usr/bin", false, "system folder /usr"},
	{usrHomeRules, "/home/ann/repo", true, ""},
	{varLibHomeRules, "/var/lib/x", false, "system folder /var/lib"},
	{varLibHomeRules, "/var/lib/docker/x", false, "system folder /var/lib"},
	{varHomeRules, "/var/lib/x", false, "system folder /var/lib"},
	{varHomeRules, "/var/log/x", false, "system folder /var/log"},
	{varHomeRules, "/var/www/site", true, ""},
	{serviceHomeRules, "/var/lib/postgresql/work/repo", true, ""},
	{serviceHomeRules, "/var/lib/postgresql", false, "your home folder"},
	{serviceHomeRules, "/var/lib/mysql/x", false, "system folder /var/lib"},
	{darwinRootHomeRules, "/Library/x", false, "system folder /Library"},
	{darwinRootHomeRules, "/private/etc/ssh", false, "system folder"},
	{darwinRootHomeRules, "/Users/ann/repo", true, ""},

	// At or below any .memo: never a project.
	{linuxRules, "/home/ann/code/repo/.memo", false, "inside a .memo folder (/home/ann/code/repo/.memo)"},
	{linuxRules, "/home/ann/code/repo/.memo/", false, "inside a .memo folder"},
	{linuxRules, "/home/ann/code/repo/.memo/skills/foo", false, "inside a .memo folder (/home/ann/code/repo/.memo)"},
	{linuxRules, "/home/ann/code/x/.memo/y/.memo/z", false, "inside a .memo folder (/home/ann/code/x/.memo)"},
	{linuxRules, "/opt/x/.memo", false, "inside a .memo folder"},
	{linuxRules, "/home/ann/code/.memo2/repo", true, ""},
	{linuxRules, "/home/ann/code/x.memo/repo", true, ""},
	{linuxRules, "/home/ann/code/.MEMO/repo", true, ""}, // Linux is case-sensitive
	{linuxRules, "/home/ann/code/.memo/../repo", true, ""},
	{darwinRules, "/Users/ann/code/.MEMO/repo", false, "inside a .memo folder"},

	// Not absolute.
	{linuxRules, "", false, "No folder"},
	{linuxRules, "repo", false, "not absolute"},
	{linuxRules, "./repo", false, "not absolute"},
	{linuxRules, "~/code/repo", false, "not absolute"},
	{linuxRules, "/home/ann/code/\x00", false, "NUL"},

	// macOS.
	{darwinRules, "/", false, "root of the filesystem"},
	{darwinRules, "/Users", false, "contains your home"},
	{darwinRules, "/Users/ann", false, "your home folder"},
	{darwinRules, "/users/ANN", false, "your home folder"},
	{darwinRules, "/Users/ann/code/repo", true, ""},
	{darwinRules, "/users/ANN/code", true, ""},
	{darwinRules, "/Users/ann/.memo/bin", false, "installed Memo program"},
	{darwinRules, "/USERS/ann/.MEMO", false, "Memo's own folder"},
	{darwinRules, "/Users/ann/Library/Preferences/memo", false, "settings folder"},
	{darwinRules, "/Users/ann/Library/x", true, ""}, // home wins over /Library
	{darwinRules, "/Users/bob/repo", true, ""},
	{darwinRules, "/Volumes", false, "shared"},
	{darwinRules, "/Volumes/USB", false, "mounted volume"},
	{darwinRules, "/volumes/USB/", false, "mounted volume"},
	{darwinRules, "/Volumes/USB/repo", true, ""},
	{darwinRules, "/private", false, "shared"},
	{darwinRules, "/private/var", false, "shared"},
	{darwinRules, "/var", false, "shared"},
	{darwinRules, "/private/tmp", false, "shared"},
	{darwinRules, "/tmp", false, "shared"},
	{darwinRules, "/private/tmp/x/repo", true, ""},
	{darwinRules, "/tmp/x/repo", true, ""},
	{darwinRules, "/private/var/folders/xy/abc123/T", false, "temp folder"},
	{darwinRules, "/var/folders/xy/abc123/T", false, "temp folder"},
	{darwinRules, "/private/var/folders/xy/abc123/T/repo", true, ""},
	{darwinRules, "/private/etc", false, "system folder"},
	{darwinRules, "/private/etc/ssh", false, "system folder /private/etc"},
	{darwinRules, "/etc/ssh", false, "system folder"},
	{darwinRules, "/PRIVATE/ETC", false, "system folder"},
	{darwinRules, "/private/var/db", false, "system folder"},
	{darwinRules, "/private/var/db/x", false, "system folder"},
	{darwinRules, "/private/var/www/site", true, ""},
	{darwinRules, "/System", false, "system folder"},
	{darwinRules, "/System/Library/x", false, "system folder /System"},
	{darwinRules, "/system/library/x", false, "system folder"},
	{darwinRules, "/Library/x", false, "system folder /Library"},
	{darwinRules, "/Applications/Foo.app", false, "system folder"},
	{darwinRules, "/usr/local/x", false, "system folder"},
	{darwinRules, "/bin", false, "system folder"},
	{darwinRules, "/sbin/x", false, "system folder"},
	{darwinRules, "/Systemx", true, ""},
	{darwinRules, "/opt/homebrew/x", true, ""},

	// Windows.
	{windowsRules, `C:\`, false, "root of a drive"},
	{windowsRules, `C:`, false, "not absolute"},
	{windowsRules, `C:repo`, false, "not absolute"},
	{windowsRules, `\Users\ann\repo`, false, "not absolute"},
	{windowsRules, `D:\`, false, "root of a drive"},
	{windowsRules, `d:/`, false, "root of a drive"},
	{windowsRules, `D:\work\repo`, true, ""},
	{windowsRules, `C:\Users`, false, "contains your home"},
	{windowsRules, `c:\users`, false, "contains your home"},
	{windowsRules, `C:\Users\`, false, "contains your home"},
	{windowsRules, `C:\Users\ann`, false, "your home folder"},
	{windowsRules, `c:\USERS\Ann`, false, "your home folder"},
	{windowsRules, `C:/Users/ann`, false, "your home folder"},
	{windowsRules, `C:\Users\ann\code\repo`, true, ""},
	{windowsRules, `C:/Users/ann/code/repo`, true, ""},
	{windowsRules, `c:\users\ANN\code\repo`, true, ""},
	{windowsRules, `C:\Users\ann2`, true, ""},
	{windowsRules, `C:\Users\ann\.memo`, false, "Memo's own folder"},
	{windowsRules, `C:\Users\ann\.MEMO\data`, false, "Memo's own folder"},
	{windowsRules, `C:\Users\ann\.memo\bin`, false, "installed Memo program"},
	{windowsRules, `C:\Users\ann\AppData\Roaming\memo`, false, "settings folder"},
	{windowsRules, `C:\Users\ann\AppData\Local\Temp`, false, "temp folder"},
	{windowsRules, `C:\Users\ann\AppData\Local\Temp\x\repo`, true, ""},
	{windowsRules, `C:\Windows`, false, "system folder"},
	{windowsRules, `C:\Windows\System32`, false, `system folder C:\Windows`},
	{windowsRules, `c:/windows/system32`, false, "system folder"},
	{windowsRules, `C:\Windows.\System32`, false, "system folder"},
	{windowsRules, `C:\Windows \System32`, false, "system folder"},
	{windowsRules, `C:\Windows::$INDEX_ALLOCATION\x`, false, "colon"},
	{windowsRules, `C:\Windowsx`, true, ""},
	{windowsRules, `C:\Users\ann\x\.. `, false, "only of dots"},
	{windowsRules, `C:\Users\ann\...`, false, "only of dots"},
	{windowsRules, `C:\Users\ann.`, false, "your home folder"},
	{windowsRules, `C:\Users\ann\x\..`, false, "your home folder"},
	{windowsRules, `\\?\C:\Users\ann\...`, true, ""},
	{windowsRules, `C:\Program Files`, false, "system folder"},
	{windowsRules, `C:\Program Files\x`, false, `system folder C:\Program Files`},
	{windowsRules, `C:\Program Files (x86)\x`, false, "system folder"},
	{windowsRules, `C:\ProgramData\x`, false, "system folder"},
	{windowsRules, `C:\Programs\x`, true, ""},
	{windowsRules, `\\server\share`, false, "root of a drive"},
	{windowsRules, `\\server\share\`, false, "root of a drive"},
	{windowsRules, `\\server`, false, "root of a drive"},
	{windowsRules, `\\server\share\repo`, true, ""},
	{windowsRules, `//server/share/repo`, true, ""},
	{windowsRules, `\\server\\repo`, false, "network path"},
	{windowsRules, `\\?\C:\Users\ann\repo`, true, ""},
	{windowsRules, `\\?\C:\Users\ann`, false, "your home folder"},
	{windowsRules, `\\?\C:\`, false, "root of a drive"},
	{windowsRules, `\\?\C:`, false, "root of a drive"},
	{windowsRules, `\\?\c:\windows\x`, false, "system folder"},
	{windowsRules, `\\?\UNC\server\share`, false, "root of a drive"},
	{windowsRules, `\\?\UNC\server\share\repo`, true, ""},
	{windowsRules, `\\?\Volume{0b1c}\`, false, "root of a drive"},
	{windowsRules, `\\?\Volume{0b1c}\repo`, true, ""},
	{windowsRules, `\\.\C:\Windows`, false, "system folder"},
	{windowsRules, `\\localhost\C$\Windows\x`, false, "system folder"},
	{windowsRules, `\\127.0.0.1\c$\Users\ann`, false, "your home folder"},
	// Admin shares are the drive or %SystemRoot% of the machine they name,
	// whichever machine that is (its name is not known to the guard).
	{windowsRules, `\\MYPC\C$\Windows\x`, false, `system folder C:\Windows`},
	{windowsRules, `\\MYPC\c$\windows`, false, "system folder"},
	{windowsRules, `\\MYPC\C$\Program Files\x`, false, "system folder"},
	{windowsRules, `\\MYPC\C$\Users\ann`, false, "your home folder"},
	{windowsRules, `\\MYPC\C$\Users`, false, "contains your home"},
	{windowsRules, `\\MYPC\C$`, false, "root of a drive"},
	{windowsRules, `\\MYPC\C$\Users\ann\code\repo`, true, ""},
	{windowsRules, `\\MYPC\D$\Windows\x`, true, ""},
	{windowsRules, `\\localhost\ADMIN$\System32`, false, `system folder C:\Windows`},
	{windowsRules, `\\MYPC\admin$`, false, "system folder"},
	{windowsRules, `//MYPC/ADMIN$/Temp/x`, false, "system folder"},
	{windowsRules, `\\?\UNC\MYPC\C$\Windows\x`, false, "system folder"},
	{windowsRules, `\\?\UNC\localhost\ADMIN$\x`, false, "system folder"},
	{windowsRules, `\\MYPC\C$x\Windows`, true, ""},
	{windowsRules, `\\MYPC\share\Windows`, true, ""},
	// A volume GUID or device may be any drive: it meets every drive's rules.
	{windowsRules, `\\?\Volume{0b1c}\Windows\System32`, false, "system folder"},
	{windowsRules, `\\?\Volume{0b1c}\windows`, false, "system folder"},
	{windowsRules, `\\?\Volume{0b1c}\Program Files (x86)\x`, false, "system folder"},
	{windowsRules, `\\?\Volume{0b1c}\Users\ann`, false, "your home folder"},
	{windowsRules, `\\?\Volume{0b1c}\Users\ann\.memo\x`, false, "Memo's own folder"},
	{windowsRules, `\\.\Volume{0b1c}\Windows`, false, "system folder"},
	{windowsRules, `\\?\HarddiskVolume3\Windows\x`, false, "system folder"},
	{windowsRules, `\\?\Volume{0b1c}\src\repo`, true, ""},
	{windowsRules, `\\?\GLOBALROOT\Device\HarddiskVolume3\Windows\x`, false, "system folder"},
	{windowsRules, `\\?\GLOBALROOT\Device\HarddiskVolumeShadowCopy1\Windows`, false, "system folder"},
	{windowsRules, `\\?\globalroot\device\harddiskvolume3\ProgramData\x`, false, "system folder"},
	{windowsRules, `\\?\GLOBALROOT\Device\HarddiskVolume3`, false, "root of a drive"},
	{windowsRules, `\\?\GLOBALROOT\Device\HarddiskVolume3\src\repo`, true, ""},
	{windowsRules, `\\?\GLOBALROOT\??\C:\Windows\x`, false, "system folder"},
	{windowsRules, `\\?\GLOBALROOT\DosDevices\C:\Users\ann`, false, "your home folder"},
	{windowsRules, `\\?\GLOBALROOT\GLOBAL??\c:\windows`, false, "system folder"},
	{windowsRules, `\\?\Global\C:\Windows\x`, false, "system folder"},
	{windowsRules, `\\?\GLOBALROOT\SystemRoot\System32`, false, `system folder C:\Windows`},
	{windowsRules, `\\?\GLOBALROOT\Device\Mup\MYPC\C$\Windows`, false, "system folder"},
	{windowsRules, `\\?\GLOBALROOT\Device\Mup\server\share\repo`, true, ""},
	{windowsRules, `\\?\GLOBALROOT\Device`, false, "device path"},
	{windowsRules, `\\?\GLOBALROOT\BaseNamedObjects\x`, false, "device path"},
	{windowsRules, `\\?\GLOBALROOT`, false, "device path"},
	// %SystemRoot% elsewhere moves ADMIN$ with it.
	{windowsOtherRootRules, `\\localhost\ADMIN$\x`, false, `system folder D:\WinNT`},
	{windowsOtherRootRules, `\\?\GLOBALROOT\SystemRoot`, false, "system folder"},
	{windowsOtherRootRules, `C:\Windows\x`, true, ""},
	{windowsRules, `/Users/ann/repo`, false, "not absolute"},
	{windowsRules, `C:\work\repo\.memo`, false, `inside a .memo folder (C:\work\repo\.memo)`},
	{windowsRules, `c:\work\repo\.Memo\skills`, false, "inside a .memo folder"},
	{windowsRules, `C:\work\repo\.memo.\skills`, false, "inside a .memo folder"},
	{windowsRules, `\\server\share\repo\.memo`, false, `inside a .memo folder (\\server\share\repo\.memo)`},
	{windowsDriveHomeRules, `C:\`, false, "your home folder"},
	{windowsDriveHomeRules, `C:\Windows\System32`, false, `system folder C:\Windows`},
	{windowsDriveHomeRules, `C:\Program Files\x`, false, `system folder C:\Program Files`},
	{windowsDriveHomeRules, `C:\work\repo`, true, ""},
	{windowsDriveHomeRules, `D:\work\repo`, true, ""},
	{windowsSystemHomeRules, `C:\Windows\System32`, false, `system folder C:\Windows`},
	{windowsSystemHomeRules, `C:\Windows\x\repo`, false, `system folder C:\Windows`},
	{windowsServiceHomeRules, `C:\Windows\ServiceProfiles\svc\work\repo`, true, ""},
	{windowsServiceHomeRules, `C:\Windows\System32\x`, false, `system folder C:\Windows`},
	{windowsRules, ``, false, "No folder"},
	// The home of the user database, with HOME unset or elsewhere.
	{noHomeVarRules, "/home/ann", false, "your home folder"},
	{noHomeVarRules, "/home", false, "contains your home"},
	{noHomeVarRules, "/", false, "root of the filesystem"},
	{noHomeVarRules, "/home/ann/code/repo", true, ""},
	{noHomeVarRules, "/data/.memo", false, "Memo's own folder"},
	{otherHomeVarRules, "/home/ann", false, "your home folder"},
	{otherHomeVarRules, "/home", false, "contains your home"},
	{otherHomeVarRules, "/srv/scratch/home", false, "your home folder"},
	{otherHomeVarRules, "/srv/scratch", false, "contains your home"},
	{otherHomeVarRules, "/home/ann/code/repo", true, ""},
	{otherHomeVarRules, "/srv/scratch/home/code/repo", true, ""},
	{accountInSystemRules, "/var/lib/jenkins", false, "your home folder"},
	{accountInSystemRules, "/var/lib/jenkins/workspace/x", true, ""},
	{accountInSystemRules, "/var/lib/other", false, "system folder /var/lib"},
	{windowsNoHomeVarRules, `C:\Users\ann`, false, "your home folder"},
	{windowsNoHomeVarRules, `c:\users`, false, "contains your home"},
	{windowsNoHomeVarRules, `C:\Users\ann\src\repo`, true, ""},
	// Git's own folders and all inside them.
	{linuxRules, "/home/ann/code/repo/.git", false, "belongs to /home/ann/code/repo/.git, where git keeps"},
	{linuxRules, "/home/ann/code/repo/.git/objects", false, "belongs to /home/ann/code/repo/.git,"},
	{linuxRules, "/home/ann/code/repo/.git/objects/pack", false, "where git keeps"},
	{linuxRules, "/home/ann/code/repo/.git/worktrees/feature", false, "belongs to /home/ann/code/repo/.git,"},
	{linuxRules, "/home/ann/code/repo/.git/modules/lib", false, "belongs to /home/ann/code/repo/.git,"},
	{linuxRules, "/home/ann/code/repo/.git/modules/lib/objects", false, "where git keeps"},
	{linuxRules, "/home/ann/.git", false, "belongs to /home/ann/.git,"},
	{linuxRules, "/home/ann/code/repo/.GIT", true, ""}, // Linux is case-sensitive
	{linuxRules, "/home/ann/code/repo/.github", true, ""},
	{linuxRules, "/home/ann/code/repo/.gitx", true, ""},
	{linuxRules, "/home/ann/code/repo/git", true, ""},
	{linuxRules, "/home/ann/code/repo/.git.d", true, ""},
	{darwinRules, "/Users/ann/code/repo/.Git/hooks", false, "where git keeps"},
	{windowsRules, `C:\work\repo\.GIT\hooks`, false, `belongs to C:\work\repo\.GIT,`},
	{windowsRules, `C:\work\repo\.git.\objects`, false, "where git keeps"},
	{windowsRules, `\\server\share\repo\.git`, false, "where git keeps"},
}

func TestCheckPath(t *testing.T) {
	for _, c := range pathCases {
		v := c.rules.CheckPath(c.path)
		if v.Allowed != c.allowed || !strings.Contains(v.Reason, c.reason) {
			t.Errorf("%s: CheckPath(%q) = %+v, want allowed=%v reason containing %q",
				c.rules.OS, c.path, v, c.allowed, c.reason)
		}
	}
}

type memoCase struct {
	rules   Rules
	path    string
	memo    Memo
	allowed bool
	reason  string
}

var memoCases = []memoCase{
	{linuxRules, "/home/ann/code/repo", Memo{}, true, ""},
	{linuxRules, "/home/ann/code/repo", Memo{Exists: true, ValidProject: true}, true, ""},
	{linuxRules, "/home/ann/code/repo", Memo{Exists: true}, false, "did not create"},
	{linuxRules, "/home/ann/code/repo", Memo{Exists: true, ProjectInvalid: true}, false, "restore that file"},
	{linuxRules, "/home/ann/code/repo", Memo{Exists: true, InstallEntries: []string{"bin"}}, false, "holds bin"},
	{linuxRules, "/home/ann/code/repo", Memo{Exists: true, ValidProject: true,
		InstallEntries: []string{"data", "config"}}, false, "holds data, config"},
	{linuxRules, "/home/ann/code/repo", Memo{Exists: true, InstallEntries: []string{"binaries"}}, false, "looks like a Memo install"},
	{linuxRules, "/home/ann/code/repo", Memo{Exists: true, Symlink: true}, false, "symbolic link"},
	{linuxRules, "/home/ann/code/repo", Memo{Exists: true, Symlink: true, ValidProject: true}, false, "symbolic link"},
	{linuxRules, "/home/ann/code/repo", Memo{Exists: true, Symlink: true,
		InstallEntries: []string{"bin"}}, false, "symbolic link"},
	{windowsRules, `C:\work\repo`, Memo{Exists: true, Symlink: true}, false, "junction"},
	{linuxRules, "/home/ann/code/repo", Memo{Exists: true, Unreadable: "permission denied"}, false, "cannot be read (permission denied)"},
	{linuxRules, "/home/ann/code/repo", Memo{Exists: true, Symlink: true, Unreadable: "permission denied"}, false, "symbolic link"},
	{darwinRules, "/Users/ann/code/repo", Memo{Exists: true, InstallEntries: []string{"Data"}}, false, "holds data"},
	{darwinRules, "/Users/ann/code/repo", Memo{Exists: true, InstallEntries: []string{"odd\nname"}}, false, "holds install folders"},
	// A bare repository, or a git directory kept apart from its work tree.
	{linuxRules, "/home/ann/mirrors/app.git", Memo{GitDir: "/home/ann/mirrors/app.git"}, false, "belongs to /home/ann/mirrors/app.git, where git keeps"},
	{linuxRules, "/home/ann/mirrors/app.git/objects", Memo{GitDir: "/home/ann/mirrors/app.git"}, false, "where git keeps"},
	{linuxRules, "/home/ann/mirrors/app.git/hooks", Memo{GitDir: "/home/ann/mirrors/app.git", Exists: true, ValidProject: true}, false, "where git keeps"},
	{windowsRules, `C:\git\app.git\refs`, Memo{GitDir: `C:\git\app.git`}, false, `belongs to C:\git\app.git,`},
	// The path rules come first.
	{linuxRules, "/home/ann", Memo{Exists: true, InstallEntries: []string{"bin"}}, false, "your home folder"},
	{linuxRules, "/etc/x", Memo{Exists: true, ValidProject: true}, false, "system folder"},
}

func TestCheck(t *testing.T) {
	for _, c := range memoCases {
		v := c.rules.Check(c.path, c.memo)
		if v.Allowed != c.allowed || !strings.Contains(v.Reason, c.reason) {
			t.Errorf("%s: Check(%q, %+v) = %+v, want allowed=%v reason containing %q",
				c.rules.OS, c.path, c.memo, v, c.allowed, c.reason)
		}
	}
	// With nothing at .memo, Check is CheckPath.
	for _, c := range pathCases {
		if v, want := c.rules.Check(c.path, Memo{}), c.rules.CheckPath(c.path); !reflect.DeepEqual(v, want) {
			t.Errorf("%s: Check(%q, Memo{}) = %+v, want %+v", c.rules.OS, c.path, v, want)
		}
	}
}

func TestWithinSame(t *testing.T) {
	cases := []struct {
		rules        Rules
		path, dir    string
		within, same bool
	}{
		{linuxRules, "/home/ann", "/home/ann", true, true},
		{linuxRules, "/home/ann/", "/home/ann", true, true},
		{linuxRules, "/home/ann/x", "/home/ann", true, false},
		{linuxRules, "/home/ann2", "/home/ann", false, false},
		{linuxRules, "/home", "/home/ann", false, false},
		{linuxRules, "/Home/ann", "/home/ann", false, false},
		{linuxRules, "/anything", "/", true, false},
		{linuxRules, "/home/ann/../bob", "/home/bob", true, true},
		{linuxRules, "home/ann", "home/ann", false, false},
		{linuxRules, "", "", false, false},
		{darwinRules, "/Users/ANN/x", "/users/ann", true, false},
		{darwinRules, "/private/tmp/x", "/tmp", true, false},
		{darwinRules, "/tmp", "/private/tmp", true, true},
		{windowsRules, `c:\users\ann`, `C:\Users\ann`, true, true},
		{windowsRules, `C:/Users/ann/x`, `C:\Users\ann`, true, false},
		{windowsRules, `D:\Users\ann`, `C:\Users\ann`, false, false},
		{windowsRules, `\\?\C:\Users\ann`, `C:\Users\ann`, true, true},
		{windowsRules, `\\Server\Share\x`, `\\server\share`, true, false},
		{windowsRules, `\\server\share2\x`, `\\server\share`, false, false},
		// Another machine's admin share is not this machine's drive, and a
		// volume GUID is not known to be one: the guard reads them loosely to
		// refuse, Within and Same compare them as written.
		{windowsRules, `\\MYPC\C$\x`, `C:\x`, false, false},
		{windowsRules, `\\localhost\C$\x`, `C:\x`, true, true},
		{windowsRules, `\\?\Volume{0b1c}\x`, `C:\x`, false, false},
		{windowsRules, `\\?\Volume{0b1c}\x\y`, `\\?\volume{0B1C}\x`, true, false},
	}
	for _, c := range cases {
		if got := c.rules.Within(c.path, c.dir); got != c.within {
			t.Errorf("%s: Within(%q, %q) = %v, want %v", c.rules.OS, c.path, c.dir, got, c.within)
		}
		if got := c.rules.Same(c.path, c.dir); got != c.same {
			t.Errorf("%s: Same(%q, %q) = %v, want %v", c.rules.OS, c.path, c.dir, got, c.same)
		}
		if got := c.rules.Same(c.dir, c.path); got != c.same {
			t.Errorf("%s: Same(%q, %q) = %v, want %v", c.rules.OS, c.dir, c.path, got, c.same)
		}
	}
}

// memoFromBits lets the fuzzer vary what is at .memo.
func memoFromBits(b uint8) Memo {
	m := Memo{Exists: b&1 != 0, Symlink: b&2 != 0, ValidProject: b&4 != 0}
	if b&8 != 0 {
		m.InstallEntries = []string{"bin"}
	}
	if b&16 != 0 {
		m.Unreadable = "permission denied"
	}
	if b&32 != 0 {
		m.GitDir = "/srv/git/app.git"
	}
	return m
}

func bitsFromMemo(m Memo) uint8 {
	var b uint8
	for i, set := range []bool{m.Exists, m.Symlink, m.ValidProject, len(m.InstallEntries) > 0, m.Unreadable != "", m.GitDir != ""} {
		if set {
			b |= 1 << i
		}
	}
	return b
}

func sep(r Rules) string {
	if r.OS == Windows {
		return `\`
	}
	return "/"
}

// simple reports whether p is an absolute path the naive helpers below read
// exactly as the guard does: no "."/"..", empty or dotted names, prefixes or NULs.
// It returns p with separators unified and without a trailing one.
func simple(r Rules, p string) (string, bool) {
	if strings.ContainsRune(p, 0) {
		return "", false
	}
	s := sep(r)
	if r.OS == Windows {
		p = strings.ReplaceAll(p, "/", `\`)
		if len(p) < 3 || p[1] != ':' || p[2] != '\\' || !('A' <= p[0] && p[0] <= 'Z' || 'a' <= p[0] && p[0] <= 'z') {
			return "", false
		}
	} else if !strings.HasPrefix(p, "/") {
		return "", false
	}
	p = strings.TrimSuffix(p, s)
	names := strings.Split(p, s)[1:]
	for _, n := range names {
		if n == "" || n == "." || n == ".." ||
			(r.OS == Windows && (strings.ContainsRune(n, ':') || strings.TrimRight(n, ". ") != n)) {
			return "", false
		}
	}
	if r.OS == Darwin && len(names) > 0 && strings.EqualFold(names[0], "private") {
		return "", false
	}
	return p, true
}

// asciiLower folds case the way the naive helpers compare on Windows and macOS.
func asciiLower(r Rules, s string) string {
	if r.OS == Linux {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// naiveWithin compares a simple path with a rule folder as strings.
func naiveWithin(r Rules, p, dir string) bool {
	d, ok := simple(r, dir)
	if !ok || dir == "" {
		return false
	}
	p, d = asciiLower(r, p), asciiLower(r, d)
	return p == d || strings.HasPrefix(p, d+sep(r))
}

// ancestors lists both homes and every folder above them, by cutting at
// separators.
func ancestors(r Rules) []string {
	var list []string
	for _, h := range []string{r.Home, r.AccountHome} {
		home, ok := simple(r, h)
		if !ok {
			continue
		}
		list = append(list, home)
		for i := strings.LastIndex(home, sep(r)); i >= 0; i = strings.LastIndex(home, sep(r)) {
			home = home[:i]
			list = append(list, home+sep(r))
		}
	}
	return list
}

func flipASCIICase(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z':
			b[i] = c - 'a' + 'A'
		case 'A' <= c && c <= 'Z':
			b[i] = c - 'A' + 'a'
		}
	}
	return string(b)
}

func checkReason(t *testing.T, call string, v Verdict) {
	t.Helper()
	if v.Allowed != (v.Reason == "") {
		t.Fatalf("%s = %+v: an allowed verdict has no reason, a refused one has one", call, v)
	}
	if v.Allowed {
		if v.Code != "" || v.Args != nil {
			t.Fatalf("%s = %+v: an allowed verdict carries a reason code", call, v)
		}
		return
	}
	// A window words the reason from Code and Args alone: every placeholder
	// of the code's sentence has its argument, and nothing else is passed.
	sentence, ok := reasons[v.Code]
	if !ok {
		t.Fatalf("%s = %+v: unknown reason code", call, v)
	}
	want := placeholder.FindAllStringSubmatch(sentence, -1)
	if len(want) != len(v.Args) {
		t.Fatalf("%s = %+v: args %v, want exactly %v", call, v, v.Args, want)
	}
	for _, m := range want {
		if _, ok := v.Args[m[1]]; !ok {
			t.Fatalf("%s = %+v: argument %q missing", call, v, m[1])
		}
	}
}

var placeholder = regexp.MustCompile(`\{(\w+)\}`)

// TestReasonCodes: every rule's code has a sentence, the sentences are
// distinct (so the code names the rule), and each one reaches a verdict with
// its arguments filled in.
func TestReasonCodes(t *testing.T) {
	seen := map[string]Code{}
	for _, c := range Codes() {
		s := reasons[c]
		if s == "" {
			t.Errorf("code %q has no sentence", c)
		}
		if other, dup := seen[s]; dup {
			t.Errorf("codes %q and %q share a sentence", c, other)
		}
		seen[s] = c
	}
	reached := map[Code]bool{}
	for _, c := range pathCases {
		v := c.rules.CheckPath(c.path)
		checkReason(t, "CheckPath("+strconv.Quote(c.path)+")", v)
		reached[v.Code] = true
	}
	for _, c := range memoCases {
		v := c.rules.Check(c.path, c.memo)
		checkReason(t, "Check("+strconv.Quote(c.path)+")", v)
		reached[v.Code] = true
		for name, val := range v.Args {
			if !strings.Contains(v.Reason, val) {
				t.Errorf("Check(%q): reason %q lacks its %s %q", c.path, v.Reason, name, val)
			}
		}
	}
	for _, c := range Codes() {
		if !reached[c] {
			t.Errorf("no test case reaches reason code %q", c)
		}
	}
}

func FuzzCheck(f *testing.F) {
	for _, c := range pathCases {
		f.Add(c.path, uint8(0))
	}
	for _, c := range memoCases {
		f.Add(c.path, bitsFromMemo(c.memo))
	}
	for _, r := range allRules {
		for _, a := range ancestors(r) {
			f.Add(a, uint8(0))
		}
	}
	f.Fuzz(func(t *testing.T, path string, bits uint8) {
		m := memoFromBits(bits)
		for _, r := range allRules {
			v := r.CheckPath(path)
			checkReason(t, string(r.OS)+": CheckPath("+strconv.Quote(path)+")", v)
			c := r.Check(path, m)
			checkReason(t, string(r.OS)+": Check("+strconv.Quote(path)+")", c)
			if !v.Allowed && !reflect.DeepEqual(c, v) {
				t.Fatalf("%s: Check(%q, %+v) = %+v, want the path verdict %+v", r.OS, path, m, c, v)
			}
			if c.Allowed && (m.Symlink || len(m.InstallEntries) > 0 || m.Unreadable != "" || m.Exists && !m.ValidProject) {
				t.Fatalf("%s: Check(%q, %+v) allowed a foreign .memo", r.OS, path, m)
			}
			if c.Allowed && m.GitDir != "" {
				t.Fatalf("%s: Check(%q, %+v) allowed a folder of a git directory", r.OS, path, m)
			}

			if v.Allowed && r.Within(path, r.MemoHome) {
				t.Fatalf("%s: CheckPath(%q) allowed a folder within MemoHome %q", r.OS, path, r.MemoHome)
			}
			for _, home := range []string{r.Home, r.AccountHome} {
				if v.Allowed && r.Within(home, path) {
					t.Fatalf("%s: CheckPath(%q) allowed home or an ancestor of it (%q)", r.OS, path, home)
				}
			}
			if w := r.CheckPath(path + sep(r)); w.Allowed != v.Allowed {
				t.Fatalf("%s: CheckPath(%q) = %+v but CheckPath(%q) = %+v", r.OS, path, v, path+sep(r), w)
			}
			if r.OS != Linux {
				if w := r.CheckPath(flipASCIICase(path)); w.Allowed != v.Allowed {
					t.Fatalf("%s: CheckPath(%q) = %+v but CheckPath(%q) = %+v", r.OS, path, v, flipASCIICase(path), w)
				}
			}

			p, ok := simple(r, path)
			if !ok {
				continue
			}
			if v.Allowed && naiveWithin(r, p, r.MemoHome) {
				t.Fatalf("%s: CheckPath(%q) allowed a folder inside MemoHome %q", r.OS, path, r.MemoHome)
			}
			for _, a := range ancestors(r) {
				if v.Allowed && asciiLower(r, p) == asciiLower(r, strings.TrimSuffix(a, sep(r))) {
					t.Fatalf("%s: CheckPath(%q) allowed home or its ancestor %q", r.OS, path, a)
				}
			}
			inMemo, inGit := false, false
			for _, n := range strings.Split(p, sep(r)) {
				inMemo = inMemo || asciiLower(r, n) == asciiLower(r, ".memo")
				inGit = inGit || asciiLower(r, n) == asciiLower(r, ".git")
			}
			if v.Allowed && inMemo {
				t.Fatalf("%s: CheckPath(%q) allowed a folder at or below a .memo", r.OS, path)
			}
			if v.Allowed && inGit {
				t.Fatalf("%s: CheckPath(%q) allowed a folder at or below a .git", r.OS, path)
			}
			// Home wins: inside a home only Memo's own folders, the temp
			// folder itself, .memo and .git folders are refused — over the
			// system folders that home lies strictly inside (not when it
			// is a root, one of them, or above them).
			var homes []string
			for _, h := range []string{r.Home, r.AccountHome} {
				if home, ok := simple(r, h); ok && home != "" && strings.HasPrefix(asciiLower(r, p), asciiLower(r, home)+sep(r)) {
					homes = append(homes, home)
				}
			}
			inHome := len(homes) > 0
			for _, d := range r.systemDirs() {
				exempt := slices.ContainsFunc(homes, func(home string) bool {
					return naiveWithin(r, home, d) && !naiveWithin(r, d, home)
				})
				if naiveWithin(r, p, d) && !exempt {
					if v.Allowed {
						t.Fatalf("%s: CheckPath(%q) allowed a folder in system folder %q (homes %q)", r.OS, path, d, homes)
					}
					inHome = false
				}
			}
			inHome = inHome && !inMemo && !inGit
			temp, _ := simple(r, r.TempDir)
			ownFolder := naiveWithin(r, p, r.MemoHome) || asciiLower(r, p) == asciiLower(r, temp)
			for _, s := range r.SettingsDirs {
				ownFolder = ownFolder || naiveWithin(r, p, s)
			}
			if inHome && !ownFolder && !v.Allowed {
				t.Fatalf("%s: CheckPath(%q) = %+v, want allowed inside home %q", r.OS, path, v, homes)
			}
		}
	})
}
