// SPDX-License-Identifier: Apache-2.0

package filelock

// Hold takes the lock file at path, creating it when missing, and holds it
// until Release; ok is false (and the lock nil) while another live process,
// or another open in this one, holds it. Unlike Create the file may exist: it
// stays in place and guards something that outlives each holder (one API
// server per data home). A link or anything but a plain file is an error.
func Hold(path string) (l *Lock, ok bool, err error) {
	f, err := openHold(path)
	if err != nil {
		return nil, false, err
	}
	ok, err = tryLock(f)
	if err != nil || !ok {
		f.Close()
		return nil, false, err
	}
	return &Lock{f}, true, nil
}
