package ui

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"memo.dev/projects/domain/project"
)

// errNoNativeDialog: the OS dialog is not available here (no portal running, …): use Fyne's.
// pickFolderNative (folder_picker_linux.go, _darwin.go, _windows.go) may wrap
// it with the reason: check it with errors.Is.
var errNoNativeDialog = errors.New("no native folder dialog")

// folderRequest is what the folder dialog is asked for.
type folderRequest struct {
	title string
	// parent is the window the dialog belongs to, as the XDG portal names it
	// ("x11:1c00007"); "" when unknown (Wayland, the test driver), and unused
	// by the macOS and Windows dialogs.
	parent string
	// start is the folder the dialog opens in; "" leaves it to the dialog.
	start string
}

// startFolder is where a folder dialog should open: the parent of the
// project opened last, where its siblings are likely to be. "" when there is
// none, or that folder is gone.
func startFolder(records []project.Record, isDir func(path string) bool) string {
	var last *project.Record
	for i := range records {
		if last == nil || records[i].LastOpened.After(last.LastOpened) {
			last = &records[i]
		}
	}
	if last == nil || !filepath.IsAbs(last.Path) {
		return ""
	}
	parent := filepath.Dir(filepath.Clean(last.Path))
	if parent == filepath.Dir(parent) || !isDir(parent) { // a root tells nothing
		return ""
	}
	return parent
}

// isDir reports whether path is a folder now (following symlinks).
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// pathFromFileURI converts a local file URI, as the XDG desktop portal returns
// it (file:///home/me/My%20Projects), to a path (/home/me/My Projects).
// Percent-escapes are decoded once; "+" stays a plus. Anything but an absolute
// file URI on this machine is an error.
func pathFromFileURI(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", fmt.Errorf("folder uri %q: %w", uri, err)
	}
	switch {
	case u.Scheme != "file":
		return "", fmt.Errorf("folder uri %q: not a file uri", uri)
	case u.Host != "" && u.Host != "localhost":
		return "", fmt.Errorf("folder uri %q: on another host", uri)
	case u.Opaque != "" || !strings.HasPrefix(u.Path, "/"):
		return "", fmt.Errorf("folder uri %q: not an absolute path", uri)
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		// A portal escapes "?" and "#" in names; unescaped ones mean a
		// malformed URI, and cutting them off would open another folder.
		return "", fmt.Errorf("folder uri %q: has a query or fragment", uri)
	case strings.IndexByte(u.Path, 0) >= 0:
		return "", fmt.Errorf("folder uri %q: nul byte in path", uri)
	}
	return filepath.Clean(u.Path), nil
}
