// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
	"memo.dev/projects/domain/permissions/verdict"
)

// The checker's floors below this package, as its users have named them:
// the line (cmdline), the catalogue (catalog), the project's files
// (projectfiles) and the verdict (verdict). Callers above the domain need
// only this package.

// MaxLineLength bounds the command lines the checker reads.
const MaxLineLength = cmdline.MaxLineLength

// Words splits a command line into its words as the shell would (cmdline.Words).
func Words(line string) ([]string, domain.Text) { return cmdline.Words(line) }

type (
	// Verdict is a line's verdict: approved, or why it asks.
	Verdict = verdict.Verdict
	// Checker checks lines against a file's rules.
	Checker = verdict.Checker
	// ToolVerdict is a tool's verdict.
	ToolVerdict = verdict.ToolVerdict
	// CatalogProblem is why a catalogue file or entry did not load.
	CatalogProblem = catalog.Problem
	// Project is the folder a line runs in.
	Project = projectfiles.Project
	// Cache keeps the project files read, shared by the checks of a Service.
	Cache = projectfiles.Cache
	// Block is the project file that makes a line ask.
	Block = projectfiles.Block
	// Definition is one thing a rule runs, as pinned.
	Definition = projectfiles.Definition
	// DefinitionState is a definition compared with its pin.
	DefinitionState = projectfiles.DefinitionState
	// GitCheck tells why a git line asks.
	GitCheck = projectfiles.GitCheck
	// GitFS reads a repository's files.
	GitFS = projectfiles.GitFS
	// ReadFunc reads a file of the project.
	ReadFunc = projectfiles.ReadFunc
)

// The states of a definition against its pin.
const (
	DefUnchanged = projectfiles.DefUnchanged
	DefAdded     = projectfiles.DefAdded
	DefChanged   = projectfiles.DefChanged
	DefRemoved   = projectfiles.DefRemoved
)

// FileTools are the tools a permissions file may allow (verdict.FileTools).
var FileTools = verdict.FileTools

// NewChecker is a checker of lines against rules, with the builtin catalogue.
func NewChecker(rules []string) *Checker { return verdict.NewChecker(rules) }

// CheckCommand checks one line against rules, without a project.
func CheckCommand(rules []string, line string, git GitCheck) Verdict {
	return verdict.CheckCommand(rules, line, git)
}

// AcceptRule tells why a rule cannot be saved, or nothing.
func AcceptRule(rule string) domain.Text { return verdict.AcceptRule(rule) }

// AcceptTool tells why a tool cannot be allowed, or nothing.
func AcceptTool(name string) domain.Text { return verdict.AcceptTool(name) }

// CheckTool checks a tool against the allowed tools.
func CheckTool(tools []string, name string) ToolVerdict { return verdict.CheckTool(tools, name) }

// RuleLabels are a rule's plain words in the review.
func RuleLabels(rule string, runs []DefinitionState) []domain.Text {
	return verdict.RuleLabels(rule, runs)
}

// NewProject is the project at root, for a line run in dir, judged by the
// checker with the builtin catalogue.
func NewProject(root, dir string, fs GitFS, cache *Cache) *Project {
	return verdict.NewProject(root, dir, fs, cache)
}

// NewCache is a cache of project files; now is the clock (nil: time.Now).
func NewCache(now func() time.Time) *Cache { return projectfiles.NewCache(now) }

// OSGitFS reads repositories from the disk, with the user's home for their
// global configuration.
func OSGitFS(home string) GitFS { return projectfiles.OSGitFS(home) }

// RepoGit checks git lines in the repository at root.
func RepoGit(root string, g GitFS) GitCheck { return projectfiles.RepoGit(root, g) }

// CompareDefinitions compares the current definitions with the pinned.
func CompareDefinitions(current, pinned []Definition) []DefinitionState {
	return projectfiles.CompareDefinitions(current, pinned)
}
