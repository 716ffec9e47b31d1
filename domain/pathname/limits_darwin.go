// SPDX-License-Identifier: Apache-2.0

package pathname

import "memo.dev/projects/domain"

// macOS's PATH_MAX is 1024 bytes with the final NUL; NAME_MAX 255.
var host = Limits{Path: 1023, Name: 255, PathName: "PATH_MAX", NameName: "NAME_MAX", unit: domain.T("bytes"), count: bytesOf, separators: "/"}
