package ui

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

// errNoNativeDialog: the OS dialog is not available here (no portal running, …): use Fyne's.
// pickFolderNative (folder_picker_linux.go, _darwin.go, _windows.go) may wrap
// it with the reason: check it with errors.Is.
var errNoNativeDialog = errors.New("no native folder dialog")

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
