// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"path/filepath"
	"slices"
	"strings"

	"memo.dev/projects/domain"
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

func (in *inspector) destinations(name string, r reading) domain.Text {
	for _, w := range r.dests {
		if in.namedInRule(w) {
			continue
		}
		if reason := in.destination(name, w); !reason.IsZero() {
			return reason
		}
	}
	// Any other word holding a URL, of any program: a network address the
	// line reaches.
	for _, w := range r.paths {
		for _, c := range append([]string{w}, valuesOf(w)...) {
			if isURL(c) && !strings.HasPrefix(strings.ToLower(c), "file://") && !in.namedInRule(w) && !in.ownRemote(c) && !in.ownRegistry(name, c) {
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
		if isRemoteSpec(w) && !strings.HasPrefix(strings.ToLower(w), "file://") {
			return domain.T("`{{.Word}}` names a remote archive, which tar reaches by running a remote shell", "Word", w)
		}
		return domain.Text{}
	}
	if _, publishing := defaultRegistries[name]; publishing {
		if !in.ownRegistry(name, w) {
			return notRegistry(w)
		}
		return domain.Text{}
	}
	if isRemoteSpec(w) && !in.ownRemote(w) {
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
	rs := in.project.remotes()
	if rs.names[w] {
		return true
	}
	for _, u := range rs.rewrite(w) {
		if !rs.urls[normRemote(u)] {
			return false
		}
	}
	return true
}

// ownRegistry: w is a registry the project's configuration names for the
// program (its URL, or for cargo its name).
func (in *inspector) ownRegistry(name, w string) bool {
	if in.project == nil {
		return slices.ContainsFunc(defaultRegistries[name], func(r string) bool { return normRemote(r) == normRemote(w) })
	}
	return in.project.registries(name)[normRemote(w)]
}

// gitRemotes are a repository's remotes: their names, and their URLs as git
// reaches them (normRemote, after the rewrites), with the rewrites.
type gitRemotes struct {
	names, urls map[string]bool
	// insteadOf and pushInsteadOf: prefix → the base it stands for.
	insteadOf, pushInsteadOf map[string]string
}

// rewrite is where git reaches w: fetching (insteadOf) and pushing
// (pushInsteadOf, else insteadOf), the longest prefix winning as in git.
func (rs gitRemotes) rewrite(w string) []string {
	fetch := longestRewrite(w, rs.insteadOf)
	push := fetch
	if p, ok := rewriteWith(w, rs.pushInsteadOf); ok {
		push = p
	}
	return []string{fetch, push}
}

func longestRewrite(w string, m map[string]string) string {
	if out, ok := rewriteWith(w, m); ok {
		return out
	}
	return w
}

func rewriteWith(w string, m map[string]string) (string, bool) {
	best := ""
	for prefix := range m {
		if strings.HasPrefix(w, prefix) && len(prefix) > len(best) {
			best = prefix
		}
	}
	if best == "" {
		return "", false
	}
	return m[best] + w[len(best):], true
}

// normRemote is a URL as compared: without a trailing slash or .git (git
// reaches https://h/x and https://h/x.git/ alike).
func normRemote(u string) string {
	u = strings.TrimRight(u, "/")
	return strings.TrimSuffix(u, ".git")
}

// plainRewriteBase: an insteadOf base that only names where a remote is
// (https://, ssh://, git://, http://, or host: in scp form), not a
// transport that runs a program (ext::, fd::, any helper::).
func plainRewriteBase(base string) bool {
	l := strings.ToLower(base)
	if strings.Contains(l, "::") || strings.HasPrefix(l, "-") || strings.ContainsAny(l, " \t\n\r\x00") {
		return false
	}
	for _, s := range []string{"https://", "http://", "ssh://", "git://"} {
		if strings.HasPrefix(l, s) {
			return !strings.HasPrefix(l[len(s):], "-")
		}
	}
	return isRemoteSpec(base) && !strings.Contains(l, "://")
}

// remotes are the remotes of the repository that holds the line's folder
// (remote.<name>.url and pushurl, url.<base>.insteadOf).
func (p *Project) remotes() gitRemotes {
	return p.memo("remotes", "", func(q *Project) any { return q.readRemotes() }).(gitRemotes)
}

func (p *Project) readRemotes() gitRemotes {
	rs := gitRemotes{names: map[string]bool{}, urls: map[string]bool{}, insteadOf: map[string]string{}, pushInsteadOf: map[string]string{}}
	gitDir, common, reason := p.findGitDir(p.Dir)
	if !reason.IsZero() || gitDir == "" {
		return rs
	}
	e, err := p.cached(filepath.Join(common, "config"), maxGitFile)
	if err != nil {
		return rs
	}
	entries := p.cache.parse(e, "gitconfig", func(b []byte) any { return parseGitConfig(string(b)) }).([]gitEntry)
	var urls []string
	for _, v := range entries {
		switch {
		case v.section == "remote" && v.sub != "":
			rs.names[v.sub] = true
			if (v.key == "url" || v.key == "pushurl") && v.value != "" {
				urls = append(urls, v.value)
			}
		case v.section == "url" && v.sub != "" && v.value != "" && v.key == "insteadof":
			rs.insteadOf[v.value] = v.sub
		case v.section == "url" && v.sub != "" && v.value != "" && v.key == "pushinsteadof":
			rs.pushInsteadOf[v.value] = v.sub
		}
	}
	for _, u := range urls {
		rs.urls[normRemote(u)] = true
		for _, r := range rs.rewrite(u) {
			rs.urls[normRemote(r)] = true
		}
	}
	return rs
}

// defaultRegistries are where a publishing program sends when nothing is
// configured: naming one on the line sends nowhere the rule did not.
var defaultRegistries = map[string][]string{
	"npm":   {"https://registry.npmjs.org"},
	"pnpm":  {"https://registry.npmjs.org"},
	"bun":   {"https://registry.npmjs.org"},
	"yarn":  {"https://registry.yarnpkg.com", "https://registry.npmjs.org"},
	"gem":   {"https://rubygems.org"},
	"cargo": {"crates-io", "https://github.com/rust-lang/crates.io-index", "sparse+https://index.crates.io"},
}

// registries are the registries the project's configuration names for a
// publishing program, with its default (normRemote URLs; cargo's by name
// too): .npmrc's registry and @scope:registry from the line's folder up
// to the root, .yarnrc.yml's npmRegistryServer, npmPublishRegistry and
// npmScopes for yarn, .cargo/config(.toml)'s [registries] and
// registry.default in the folders cargo reads.
func (p *Project) registries(name string) map[string]bool {
	return p.memo("registries", name, func(q *Project) any { return q.readRegistries(name) }).(map[string]bool)
}

func (p *Project) readRegistries(name string) map[string]bool {
	out := map[string]bool{}
	for _, r := range defaultRegistries[name] {
		out[normRemote(r)] = true
	}
	if name == "cargo" {
		for _, dir := range p.upTo(false) {
			for _, f := range []string{filepath.Join(".cargo", "config.toml"), filepath.Join(".cargo", "config")} {
				m, _ := p.tomlFile(filepath.Join(dir, f))
				regs, _ := m["registries"].(map[string]any)
				for n, v := range regs {
					out[n] = true
					if t, ok := v.(map[string]any); ok {
						if idx, ok := t["index"].(string); ok {
							out[normRemote(idx)] = true
						}
					}
				}
				if d, ok := lookupDotted(m, "registry.default"); ok {
					if s, ok := d.(string); ok {
						out[s] = true
					}
				}
			}
		}
		return out
	}
	for _, dir := range p.upTo(true) {
		b, err := p.read(filepath.Join(dir, ".npmrc"), maxConfigFile)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			key, value, ok := strings.Cut(strings.TrimSpace(line), "=")
			key = strings.ToLower(strings.TrimSpace(key))
			if ok && (key == "registry" || strings.HasSuffix(key, ":registry")) {
				out[normRemote(strings.Trim(strings.TrimSpace(value), `"'`))] = true
			}
		}
	}
	if name == "yarn" {
		for _, dir := range p.upTo(true) {
			e, err := p.cached(filepath.Join(dir, ".yarnrc.yml"), maxConfigFile)
			if err != nil {
				continue
			}
			m, _ := p.cache.parse(e, "yaml", yamlMap).(map[string]any)
			add := func(t map[string]any) {
				for _, k := range []string{"npmRegistryServer", "npmPublishRegistry"} {
					if s, ok := t[k].(string); ok {
						out[normRemote(s)] = true
					}
				}
			}
			add(m)
			scopes, _ := m["npmScopes"].(map[string]any)
			for _, s := range scopes {
				if t, ok := s.(map[string]any); ok {
					add(t)
				}
			}
		}
	}
	return out
}

// plainRewrite: url.<base>.insteadOf (or pushInsteadOf) with a base that
// only says where a remote is. It runs nothing; the destinations it
// rewrites are judged after the rewrite (remotes), so it does not block
// git lines as the rest of the url section does.
func plainRewrite(e gitEntry) bool {
	return e.section == "url" && (e.key == "insteadof" || e.key == "pushinsteadof") && plainRewriteBase(e.sub)
}
