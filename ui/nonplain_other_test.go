// SPDX-License-Identifier: Apache-2.0

//go:build !unix

package ui

import "os"

// makeNonPlain puts a folder at path (no FIFOs in a Windows folder): what
// stands where a file should be is not a plain file either.
func makeNonPlain(path string) error { return os.Mkdir(path, 0o755) }
