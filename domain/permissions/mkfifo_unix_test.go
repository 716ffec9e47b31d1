// SPDX-License-Identifier: Apache-2.0

//go:build unix

package permissions

import "syscall"

func syscallMkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }
