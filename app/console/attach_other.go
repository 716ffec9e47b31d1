//go:build !windows

package console

// Attach: only the Windows GUI build starts without a console.
func Attach() {}
