// SPDX-License-Identifier: Apache-2.0

package console

import (
	"os"

	"golang.org/x/sys/windows"
)

// attachParentProcess is ATTACH_PARENT_PROCESS ((DWORD)-1).
const attachParentProcess = ^uint32(0)

// Attach lets the GUI-subsystem memo-projects.exe (no console window on
// a double-click) print a command's output in the cmd.exe or PowerShell
// window it was started from. Such a shell does not wait for a GUI program,
// so scripts use memo-projects.com, the console twin (docs/platforms.md §2).
func Attach() {
	valid := func(std uint32) bool {
		h, err := windows.GetStdHandle(std)
		return err == nil && h != 0 && h != windows.InvalidHandle
	}
	hasOut, hasErr := valid(windows.STD_OUTPUT_HANDLE), valid(windows.STD_ERROR_HANDLE)
	if !attachWanted(os.Args[1:], hasOut, hasErr) {
		return
	}
	attach := windows.NewLazySystemDLL("kernel32.dll").NewProc("AttachConsole")
	if r, _, _ := attach.Call(uintptr(attachParentProcess)); r == 0 {
		return // started from Explorer or without a console: nothing to print to
	}
	reopen := func(std uint32, name string, flag int, f **os.File) {
		c, err := os.OpenFile(name, flag, 0)
		if err != nil {
			return
		}
		windows.SetStdHandle(std, windows.Handle(c.Fd()))
		*f = c
	}
	if !hasOut {
		reopen(windows.STD_OUTPUT_HANDLE, "CONOUT$", os.O_WRONLY, &os.Stdout)
	}
	if !hasErr {
		reopen(windows.STD_ERROR_HANDLE, "CONOUT$", os.O_WRONLY, &os.Stderr)
	}
	if !valid(windows.STD_INPUT_HANDLE) {
		reopen(windows.STD_INPUT_HANDLE, "CONIN$", os.O_RDONLY, &os.Stdin)
	}
}
