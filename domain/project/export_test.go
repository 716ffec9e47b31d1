// SPDX-License-Identifier: Apache-2.0

package project

import "io/fs"

// Internals the external tests need.
var (
	ReadFile  = readFile
	WriteFile = writeFile
	SHA256Hex = sha256Hex
)

func (f *File) SetRulesHash(h string) { f.setRulesHash(h) }

// SetDisk replaces the file system through which paths become folders.
func (s *Service) SetDisk(stat func(string) (fs.FileInfo, error), resolve func(string) (string, error)) {
	s.disk = disk{stat: stat, resolve: resolve}
}
