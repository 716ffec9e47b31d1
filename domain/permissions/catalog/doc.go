// SPDX-License-Identifier: Apache-2.0

// Package catalog is what Memo knows about programs (docs/permissions.md
// §12): the embedded TOML tables in this folder and the user's own files,
// read into entries (names, subcommands, options and their values), the
// tables of risky arguments, the refused programs and the wrappers; and the
// reading of a program's arguments with its entry (ReadArgs), which every
// floor above uses. It runs no example: examples are checks, and the
// checker sits above (LoadCatalog in package permissions runs them and
// keeps only the entries whose examples pass).
package catalog
