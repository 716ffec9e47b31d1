// SPDX-License-Identifier: Apache-2.0

//go:build !windows

package realpath

import "errors"

// finalPath has nothing to add where EvalSymlinks sees every link.
func finalPath(string) (string, error) { return "", errors.New("no final path on this system") }
