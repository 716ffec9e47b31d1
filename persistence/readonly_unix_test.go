// SPDX-License-Identifier: Apache-2.0

//go:build unix

package persistence

import (
	"os"
	"path/filepath"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/internal/nobody"
)

// Folders made unwritable with permission bits. Windows ignores the read-only
// attribute on folders (os.Chmod sets nothing else there); denying writes to a
// folder takes an ACL, and Wine, where these tests were run for Windows, does
// not enforce ACLs, so a Windows variant could not be seen to fail or pass.

func TestStoreErrorKindsOfReadOnlyFolders(t *testing.T) {
	checkStoreErrors(t, []storeErrorCase{
		{"home not writable", false, func(t *testing.T, home string) error {
			chmod(t, home, 0o500)
			_, err := Open(home, Options{Now: testClock})
			return err
		}, domain.KindForbidden},
		{"data folder read-only", false, func(t *testing.T, home string) error {
			openTestStore(t, home, false)
			chmod(t, filepath.Join(home, "data"), 0o500)
			s, err := Open(home, Options{Now: testClock})
			if err != nil {
				return err
			}
			defer s.Close()
			return s.Settings().SetMinimal(true)
		}, domain.KindForbidden},
		{"memory.db unreadable folder", false, func(t *testing.T, home string) error {
			data := filepath.Join(home, "data")
			legacyDB(t, data, 1).Close()
			chmod(t, data, 0o100)
			_, err := OpenMemoryDB(data, testClock)
			return err
		}, domain.KindForbidden},
	})
}

func TestReadOnlyOpenAfterAKilledWriteInAReadOnlyFolder(t *testing.T) {
	if nobody.Rerun(t) { // root writes into read-only folders
		return
	}
	readOnlyOpenAfterAKilledWrite(t, false)
}

func TestOpenMemoryDBBackupBlockedByAReadOnlyFolder(t *testing.T) {
	backupsReadOnly := func(t *testing.T, dataDir string) (func(string) error, func()) {
		p := filepath.Join(dataDir, backupsDirName)
		if err := os.Mkdir(p, 0o500); err != nil {
			t.Fatal(err)
		}
		return nil, func() { os.Chmod(p, 0o700) }
	}
	checkBackupBlocked(t, []backupBlock{
		{"backups read-only", backupsReadOnly, false, "open"},
	})
}
