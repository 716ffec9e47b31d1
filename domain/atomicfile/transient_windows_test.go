// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"errors"
	"os"
	"testing"

	"golang.org/x/sys/windows"
)

func TestTransientOnWindows(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{&os.LinkError{Op: "rename", Err: windows.ERROR_ACCESS_DENIED}, true},
		{&os.LinkError{Op: "rename", Err: windows.ERROR_SHARING_VIOLATION}, true},
		{&os.LinkError{Op: "rename", Err: windows.ERROR_FILE_NOT_FOUND}, false},
		{&os.LinkError{Op: "rename", Err: windows.ERROR_DISK_FULL}, false},
		{errors.New("other"), false},
	} {
		if got := transient(c.err); got != c.want {
			t.Errorf("transient(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
