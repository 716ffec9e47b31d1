// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"errors"

	"golang.org/x/sys/windows"
)

// transient reports the errors a rename meets while another program holds
// the file, as cmd/internal/robustio does.
func transient(err error) bool {
	return errors.Is(err, windows.ERROR_ACCESS_DENIED) || errors.Is(err, windows.ERROR_SHARING_VIOLATION)
}
