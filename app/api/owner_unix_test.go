// SPDX-License-Identifier: Apache-2.0

//go:build unix

package api

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain"
)

// TestDataFolderOfAnotherAccount: a data folder another account owns is
// never used, whatever its mode bits (0700 here): its owner can read or
// replace the token. Refused, and no token is made in it.
func TestDataFolderOfAnotherAccount(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	// This process stands for the other account: the folder is not the
	// account the server runs as.
	_, _, err := loadToken(dir, os.Geteuid()+1)
	if domain.KindOf(err) != domain.KindForbidden || !strings.Contains(err.Error(), "another account") || !strings.Contains(err.Error(), dir) {
		t.Fatalf("loadToken in another account's folder: %v; want forbidden, naming the folder and its owner", err)
	}
	if _, err := os.Lstat(TokenFile(dir)); err == nil {
		t.Error("a token was made in another account's folder")
	}
}

// TestTokenFileOfAnotherAccount: a token file with mode 0600 in our own
// folder, but owned by another account, is replaced by a new token of ours,
// and the server says so. Making a file another account owns needs root.
func TestTokenFileOfAnotherAccount(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("chown to another account needs root")
	}
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	old := strings.Repeat("cd", 32)
	if err := os.WriteFile(TokenFile(dir), []byte(old+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(TokenFile(dir), 65534, 65534); err != nil {
		t.Fatal(err)
	}
	token, notice, err := loadToken(dir, os.Geteuid())
	if err != nil || token == old || !strings.Contains(notice, "another account") {
		t.Fatalf("loadToken with another account's token file = %q, %q, %v; want a new token and a notice", token, notice, err)
	}
	fi, err := os.Lstat(TokenFile(dir))
	if uid, _ := fileOwner(fi); err != nil || uid != os.Geteuid() {
		t.Errorf("the new token file is owned by %d (%v), want %d", uid, err, os.Geteuid())
	}
	if b, _ := os.ReadFile(TokenFile(dir)); strings.TrimSpace(string(b)) != token {
		t.Errorf("the file holds %q, the server uses %q", b, token)
	}
}
