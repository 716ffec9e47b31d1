// SPDX-License-Identifier: Apache-2.0

package app

import (
	"os/exec"
	"strings"

	"github.com/pkg/browser"
)

// openPath shows a folder or file in the file manager. With env nil it is
// browser.OpenFile; otherwise it runs the same helpers (xdg-open, then the
// Debian alternatives) with env as their environment: the one Memo was
// started with, before sessionbus.Pin named no bus for this process.
func openPath(env []string) func(path string) error {
	if env == nil {
		return browser.OpenFile
	}
	helpers := []string{"xdg-open", "x-www-browser", "www-browser"}
	return func(path string) error {
		for _, h := range helpers {
			if _, err := exec.LookPath(h); err == nil {
				cmd := exec.Command(h, path)
				cmd.Env = env
				return cmd.Run()
			}
		}
		return &exec.Error{Name: strings.Join(helpers, ","), Err: exec.ErrNotFound}
	}
}

// openURL opens a web page in the browser: browser.OpenURL, or with env the
// same helpers as openPath (xdg-open opens an address as well as a file).
func openURL(env []string) func(url string) error {
	if env == nil {
		return browser.OpenURL
	}
	return openPath(env)
}
