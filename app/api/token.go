package api

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"memo.dev/projects/domain/atomicfile"
	"memo.dev/projects/domain/untrusted"
)

const tokenName = "api-token"

// loadToken reads data/api-token, creating it on first start: 256 random bits
// in hex, mode 0600, so that only this user's programs can call the API.
func loadToken(dataDir string) (string, error) {
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return "", fmt.Errorf("cannot create the data folder %s: %w", dataDir, err)
	}
	path := TokenFile(dataDir)
	for range 2 {
		b, err := untrusted.ReadFile(path, 4096)
		switch {
		case err == nil:
			token := strings.TrimSpace(string(b))
			if len(token) < 32 {
				return "", fmt.Errorf("%s is damaged (too short to be a token): delete it and a new token is made", path)
			}
			if err := ownerOnly(path); err != nil {
				return "", err
			}
			return token, nil
		case !errors.Is(err, fs.ErrNotExist):
			return "", err
		}
		var raw [32]byte
		rand.Read(raw[:]) // never fails since Go 1.24
		token := hex.EncodeToString(raw[:])
		switch err := atomicfile.Create(path, []byte(token+"\n"), 0o600); {
		case err == nil:
			return token, nil
		case !errors.Is(err, fs.ErrExist): // another server made one first: read it
			return "", fmt.Errorf("cannot create the API token %s: %w", path, err)
		}
	}
	return "", fmt.Errorf("cannot read or create the API token %s", path)
}

// ownerOnly keeps the token readable by its owner alone: a file another user
// could read (a restore from backup, a copy) is narrowed back to 0600.
func ownerOnly(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(path, 0o600); err != nil {
			return fmt.Errorf("%s can be read by other users and cannot be narrowed to 0600: %w", path, err)
		}
	}
	return nil
}
