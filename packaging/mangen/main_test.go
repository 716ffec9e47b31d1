// SPDX-License-Identifier: Apache-2.0

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"memo.dev/projects/app/cli"
)

// TestPages: a page for the program and for every command it offers
// (groups and their commands alike), each group's page listing its
// commands, none claiming to be auto-generated.
func TestPages(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("SOURCE_DATE_EPOCH", "1796000000")
	if err := write(cli.CommandTree(), "9.8.7", dir); err != nil {
		t.Fatal(err)
	}
	tree := cli.CommandTree()
	var walk func(cmd *cobra.Command)
	walk = func(cmd *cobra.Command) {
		name := strings.ReplaceAll(cmd.CommandPath(), " ", "-") + ".1"
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("no page for %q: %v", cmd.CommandPath(), err)
			return
		}
		page := string(b)
		if !strings.Contains(page, `.TH "`+strings.ToUpper(strings.ReplaceAll(cmd.CommandPath(), " ", "-"))+`" "1" "Nov 2026" "Memo Projects 9.8.7" "Memo Projects"`) {
			t.Errorf("%s: no .TH header with the version and the date of SOURCE_DATE_EPOCH:\n%.300s", name, page)
		}
		if strings.Contains(page, "Auto generated") {
			t.Errorf("%s says it was auto-generated", name)
		}
		for _, c := range cmd.Commands() {
			if !c.IsAvailableCommand() || c.IsAdditionalHelpTopicCommand() {
				continue
			}
			if !strings.Contains(page, ".SH COMMANDS") || !strings.Contains(page, c.Name()) {
				t.Errorf("%s does not list its command %q", name, c.Name())
			}
			walk(c)
		}
	}
	walk(tree)
	for _, name := range []string{"memo-projects.1", "memo-projects-skill.1", "memo-projects-skill-add.1", "memo-projects-memory.1", "memo-projects-status.1"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s is missing: %v", name, err)
		}
	}
}

// TestPagesKeepWhatTheyMean: the main page has ENVIRONMENT and FILES
// sections naming the data home and the API's files, and text in angle
// brackets reaches the page (md2man would read it as an HTML tag).
func TestPagesKeepWhatTheyMean(t *testing.T) {
	dir := t.TempDir()
	if err := write(cli.CommandTree(), "9.8.7", dir); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	main := read("memo-projects.1")
	for _, want := range []string{".SH ENVIRONMENT", ".SH FILES", "MEMO_HOME", "MEMO_GITHUB_ARCHIVE_BASE", "~/.memo/data/projects.db", "~/.memo/data/api.json", "~/.memo/data/api-token"} {
		if !strings.Contains(main, want) {
			t.Errorf("memo-projects.1 does not say %q", want)
		}
	}
	if serve := read("memo-projects-serve.1"); !strings.Contains(serve, "<the contents of data/api-token>") {
		t.Errorf("memo-projects-serve.1 lost the words in angle brackets:\n%s", serve)
	}
}
