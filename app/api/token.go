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

	"memo.dev/projects/domain"
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
//
// The mode bits say nothing of who owns a file: a data folder that another
// account owns (uid: this process's account) is refused, for its owner can
// read or replace the token whatever the modes; a token file another
// account owns, in a folder of ours, is replaced like one open to others.
func loadToken(dataDir string, uid int) (token, notice string, err error) {
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return "", "", fmt.Errorf("cannot create the data folder %s: %w", dataDir, err)
	}
	if owner, foreign, err := ownedByOther(dataDir, uid); err != nil {
		return "", "", err
	} else if foreign {
		return "", "", domain.Refused("the data folder %s belongs to another account (uid %d), which can read or replace the API token in it: the API uses a data folder of your own only; choose your own data home (--home or MEMO_HOME), or give this folder to your account", dataDir, owner)
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
			owner, foreign, err := ownedByOther(path, uid)
			if err != nil {
				return "", "", err
			}
			if !open && !fileOpen && !foreign {
				return token, notice, nil
			}
			what := dataDir
			if fileOpen {
				what = path
			}
			if foreign {
				what = fmt.Sprintf("%s, owned by another account (uid %d),", path, owner)
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

// ownedByOther reports whether path belongs to an account other than uid,
// and which; never where the system has no numeric owners (Windows).
func ownedByOther(path string, uid int) (owner int, other bool, err error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return 0, false, err
	}
	owner, ok := fileOwner(fi)
	return owner, ok && uid >= 0 && owner != uid, nil
}

// keepToken writes the token file again when it has gone (deleted while
// the server runs), so that a client started later can read the token the
// server checks; it reports whether it did.
func keepToken(dataDir, token string) (bool, error) {
	path := TokenFile(dataDir)
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return false, fmt.Errorf("cannot create the data folder %s: %w", dataDir, err)
	}
	switch err := atomicfile.Create(path, []byte(token+"\n"), 0o600); {
	case errors.Is(err, fs.ErrExist):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("cannot write the API token %s again: %w", path, err)
	}
	return true, nil
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
