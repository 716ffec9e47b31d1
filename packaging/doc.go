// SPDX-License-Identifier: Apache-2.0

// Package packaging holds what the packages are made of, and the tests of
// their metadata: bundle/ (the Makefile and install.sh that `make package`
// adds to the tarball fyne package makes), deb/ and linux/ (the Debian
// package of `make deb`: control, changelog, copyright, the desktop entry,
// the AppStream metainfo), msi/ (the Windows installer of `make msi`),
// mangen/ (the man pages, from the cobra commands) and screenshots.sh. It
// has no Go code of its own; README.md says how each is built and checked.
package packaging
