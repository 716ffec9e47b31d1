// SPDX-License-Identifier: Apache-2.0

//go:build !windows && !darwin

package pathname

import "memo.dev/projects/domain"

// Linux's PATH_MAX counts the final NUL: a path holds at most 4095 bytes;
// a name at most NAME_MAX, 255 bytes, on its usual file systems.
var host = Limits{Path: 4095, Name: 255, PathName: "PATH_MAX", NameName: "NAME_MAX", unit: domain.T("bytes"), count: bytesOf, separators: "/"}
