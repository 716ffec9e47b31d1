// SPDX-License-Identifier: Apache-2.0

package pathname

import (
	"unicode/utf16"

	"memo.dev/projects/domain"
)

// Go opens long Windows paths through \\?\, where a path may hold 32,767
// UTF-16 units; a name in NTFS at most 255 of them.
var host = Limits{Path: 32767, Name: 255, PathName: "the longest Windows path", NameName: "the longest NTFS name", unit: domain.T("characters"), count: utf16Units, separators: `\/`}

func utf16Units(s string) int { return len(utf16.Encode([]rune(s))) }
