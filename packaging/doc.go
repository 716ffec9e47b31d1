// Package packaging holds what `make package` adds to the Linux bundle that
// fyne package makes (bundle/: the Makefile and install.sh that install it),
// and the tests of those files and of the desktop entry's metadata in
// FyneApp.toml. It has no Go code of its own.
package packaging
