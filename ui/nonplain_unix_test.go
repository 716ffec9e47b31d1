// SPDX-License-Identifier: Apache-2.0

//go:build unix

package ui

import "syscall"

// makeNonPlain puts a FIFO at path: a file that is not a plain file.
func makeNonPlain(path string) error { return syscall.Mkfifo(path, 0o644) }
