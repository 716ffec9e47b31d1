// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// Destinations (docs/permissions.md §7): one check for every program that
// takes a remote. The catalogue says which word of a program names one — a
// subcommand's `dest` operands (git fetch's repository, git remote add's
// URL) and `=d` option values (npm publish --registry, git archive
// --remote, tar -f) — and this code judges it: a URL, an scp-like
// host:path or rsync's host::module passes only when it is one of the
// repository's own remotes (remote.*.url and pushurl of its git config,
// after its insteadOf rewrites) or, for a publishing program, a registry the
// project's own configuration names (.npmrc, .yarnrc.yml, .cargo/config).
// A remote's name passes: git reads it from that same config (or as a
// folder, which is path-checked). Fetching code from a URL the person
// never named is not what a `git fetch` rule was written for, and sending
// the project there even less.

func (in *inspector) destinations(name string, r catalog.Reading) domain.Text {
	for _, w := range r.Dests {
		if in.namedInRule(w) {
			continue
		}
		if reason := in.destination(name, w); !reason.IsZero() {
			return reason
		}
	}
	// Any other word holding a URL, of any program: a network address the
	// line reaches.
	for _, w := range r.Paths {
		for _, c := range append([]string{w}, cmdline.ValuesOf(w)...) {
			if projectfiles.IsURL(c) && !strings.HasPrefix(strings.ToLower(c), "file://") && !in.namedInRule(w) && !in.ownRemote(c) && !in.ownRegistry(name, c) {
				return notRemote(c)
			}
		}
	}
	return domain.Text{}
}

// namedInRule: the rule itself spells the word — a destination the person
// named (`git fetch https://github.com/them/x` approves that fetch).
// An option's value counts as spelled whether glued (--registry=URL,
// -fhost:a.tar) or not.
func (in *inspector) namedInRule(w string) bool {
	return slices.ContainsFunc(in.named, func(n string) bool {
		return n == w || strings.HasPrefix(n, "-") && (strings.HasSuffix(n, "="+w) || len(n) > 2 && n[1] != '-' && n[2:] == w)
	})
}

// destination judges one word the entry names as a destination.
func (in *inspector) destination(name, w string) domain.Text {
	switch name {
	case "tar":
		if projectfiles.IsRemoteSpec(w) && !strings.HasPrefix(strings.ToLower(w), "file://") {
			return domain.T("`{{.Word}}` names a remote archive, which tar reaches by running a remote shell", "Word", w)
		}
		return domain.Text{}
	case "gh":
		if !in.ownGhRepo(w) {
			return notRemote(w)
		}
		return domain.Text{}
	}
	if _, publishing := projectfiles.DefaultRegistries[name]; publishing {
		if !in.ownRegistry(name, w) {
			return notRegistry(w)
		}
		return domain.Text{}
	}
	if projectfiles.IsRemoteSpec(w) && !in.ownRemote(w) {
		return notRemote(w)
	}
	return domain.Text{}
}

func notRemote(w string) domain.Text {
	return domain.T("`{{.Word}}` is a network address that is not one of the repository's remotes", "Word", w)
}

func notRegistry(w string) domain.Text {
	return domain.T("`{{.Word}}` is a registry the project's configuration does not name; the rule was written for the project's own registry", "Word", w)
}

// ownRemote: w is one of the repository's remotes, by name or by URL (as
// git would reach it after the repository's insteadOf rewrites).
func (in *inspector) ownRemote(w string) bool {
	if in.project == nil {
		return false
	}
	rs := in.project.Remotes()
	if rs.Names[w] {
		return true
	}
	for _, u := range rs.Rewrite(w) {
		if !rs.Has(u) {
			return false
		}
	}
	return true
}

// ownRegistry: w is a registry the project's configuration names for the
// program (its URL, or for cargo its name).
func (in *inspector) ownRegistry(name, w string) bool {
	if in.project == nil {
		return slices.ContainsFunc(projectfiles.DefaultRegistries[name], func(r string) bool { return projectfiles.NormRemote(r) == projectfiles.NormRemote(w) })
	}
	return in.project.Registries(name)[projectfiles.NormRemote(w)]
}

// ownGhRepo: w, as gh reads a repository — [HOST/]OWNER/REPO (the host
// github.com when none is given) or an https URL — is one of the
// repository's remotes, in any spelling a forge serves it under. A
// remote's name is no repository to gh, so it does not pass.
func (in *inspector) ownGhRepo(w string) bool {
	if in.project == nil {
		return false
	}
	u := w
	if !strings.Contains(w, "://") {
		switch parts := strings.Split(w, "/"); len(parts) {
		case 2:
			u = "https://github.com/" + w
		case 3:
			u = "https://" + w
		default:
			return false
		}
	} else if !strings.HasPrefix(strings.ToLower(w), "https://") {
		return false
	}
	return projectfiles.RepoKey(u) != "" && in.project.Remotes().Has(u)
}
