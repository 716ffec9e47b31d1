// SPDX-License-Identifier: Apache-2.0

package api

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"strings"

	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/untrusted"
)

const tokenName = "api-token"

// loadToken reads data/api-token, creating it on first start: 256 random bits
// in hex, mode 0600, in a data folder of mode 0700, so that only this user's
// programs can call the API. A token that other users could read (the file,
// or the folder it is in, was open to them: a restore from a backup, a copy,
// a umask) may be known to them: it is replaced by a new one, the folder and
// the file are narrowed, and the returned notice says so.
func loadToken(dataDir string) (token, notice string, err error) {
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return "", "", fmt.Errorf("cannot create the data folder %s: %w", dataDir, err)
	}
	path := TokenFile(dataDir)
	open, err := openToOthers(dataDir)
	if err != nil {
		return "", "", err
	}
	for range 3 {
		b, err := untrusted.ReadFile(path, 4096)
		switch {
		case err == nil:
			token := strings.TrimSpace(string(b))
			if len(token) < 32 {
				return "", "", fmt.Errorf("%s is damaged (too short to be a token): delete it and a new token is made", path)
			}
			fileOpen, err := openToOthers(path)
			if err != nil {
				return "", "", err
			}
			if !open && !fileOpen {
				return token, notice, nil
			}
			what := dataDir
			if fileOpen {
				what = path
			}
			if err := narrow(dataDir); err != nil {
				return "", "", err
			}
			open = false
			// Removed, not rewritten: a rewrite keeps the file's mode.
			if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return "", "", fmt.Errorf("cannot replace the API token %s, which other users could read: %w", path, err)
			}
			notice = fmt.Sprintf("%s could be read by other users, so the API token in it may be known: made a new token and narrowed %s to its owner (0700); programs that kept the old token must read it again", what, dataDir)
			continue
		case !errors.Is(err, fs.ErrNotExist):
			return "", "", err
		}
		if open {
			// No token yet: narrow the folder first, or the next start would
			// find it open and replace the token just made.
			if err := narrow(dataDir); err != nil {
				return "", "", err
			}
			notice = fmt.Sprintf("narrowed the data folder %s to its owner (0700): it keeps the API token", dataDir)
			open = false
		}
		token := newToken()
		switch err := atomicfile.Create(path, []byte(token+"\n"), 0o600); {
		case err == nil:
			return token, notice, nil
		case !errors.Is(err, fs.ErrExist): // another server made one first: read it
			return "", "", fmt.Errorf("cannot create the API token %s: %w", path, err)
		}
	}
	return "", "", fmt.Errorf("cannot read or create the API token %s", path)
}

func newToken() string {
	var raw [32]byte
	rand.Read(raw[:]) // never fails since Go 1.24
	return hex.EncodeToString(raw[:])
}

// openToOthers reports whether users other than the owner (its group
// included) have any access to path. Windows has no mode bits: there the
// token is kept secret by the ACL of the profile folder the data home is in.
func openToOthers(path string) (bool, error) {
	if runtime.GOOS == "windows" {
		return false, nil
	}
	fi, err := os.Stat(path)
	if err != nil {
		return false, err
	}
	return fi.Mode().Perm()&0o077 != 0, nil
}

// narrow gives the data folder to its owner alone.
func narrow(dataDir string) error {
	if err := os.Chmod(dataDir, 0o700); err != nil {
		return fmt.Errorf("the data folder %s can be read by other users and cannot be narrowed to 0700: %w", dataDir, err)
	}
	return nil
}
