// SPDX-License-Identifier: Apache-2.0

package projectfiles

import (
	"path/filepath"
	"strings"
)

// Remotes are the remotes of the repository that holds the line's folder
// (remote.<name>.url and pushurl, url.<base>.insteadOf).
func (p *Project) Remotes() gitRemotes {
	return p.Memo("remotes", "", func(q *Project) any { return q.readRemotes() }).(gitRemotes)
}

func (p *Project) readRemotes() gitRemotes {
	rs := gitRemotes{Names: map[string]bool{}, Urls: map[string]bool{}, repos: map[string]bool{}, insteadOf: map[string]string{}, pushInsteadOf: map[string]string{}}
	gitDir, common, reason := p.findGitDir(p.Dir)
	if !reason.IsZero() || gitDir == "" {
		return rs
	}
	e, err := p.Cached(filepath.Join(common, "config"), maxGitFile)
	if err != nil {
		return rs
	}
	entries := p.Cache.Parse(e, "gitconfig", func(b []byte) any { return ParseGitConfig(string(b)) }).([]gitEntry)
	var urls []string
	for _, v := range entries {
		switch {
		case v.section == "remote" && v.sub != "":
			rs.Names[v.sub] = true
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
		for _, r := range append([]string{u}, rs.Rewrite(u)...) {
			rs.Urls[NormRemote(r)] = true
			if k := RepoKey(r); k != "" {
				rs.repos[k] = true
			}
		}
	}
	return rs
}

// Has: git reaches the repository u names at one of the remotes, spelled
// as the config spells it (NormRemote) or in another of the spellings a
// forge serves the same repository under (RepoKey).
func (rs gitRemotes) Has(u string) bool {
	if rs.Urls[NormRemote(u)] {
		return true
	}
	k := RepoKey(u)
	return k != "" && rs.repos[k]
}

// RepoKey is the repository a remote names, whatever its spelling, as
// host/path — or "" when u is not one of the plain spellings:
// https://host/path (no user, port, query or fragment), ssh://git@host/path
// and the scp form git@host:path (the forge's own user, git; a path
// relative to its home, no leading slash). The host compares in any case;
// a trailing slash or .git aside the path compares exactly, each segment
// made of letters, digits, '.', '_' and '-' (never . or ..), so a
// host:path that only looks alike (github.com.evil.com:o/r,
// git@github.com:o/r.git.evil) is another repository. The same host and
// the same path are the same repository whichever way git reaches it.
func RepoKey(u string) string {
	var host, path string
	switch l := strings.ToLower(u); {
	case strings.HasPrefix(l, "https://"):
		host, path, _ = strings.Cut(u[len("https://"):], "/")
	case strings.HasPrefix(l, "ssh://"):
		rest, ok := strings.CutPrefix(u[len("ssh://"):], "git@")
		if !ok {
			return ""
		}
		host, path, _ = strings.Cut(rest, "/")
	case strings.Contains(u, "://"):
		return ""
	default:
		rest, ok := strings.CutPrefix(u, "git@")
		if !ok {
			return ""
		}
		host, path, ok = strings.Cut(rest, ":")
		if !ok || strings.HasPrefix(path, "/") {
			return ""
		}
	}
	if !plainHost(host) {
		return ""
	}
	path = strings.TrimSuffix(strings.TrimRight(path, "/"), ".git")
	if path == "" {
		return ""
	}
	for _, seg := range strings.Split(path, "/") {
		if seg == "" || seg == "." || seg == ".." || strings.Trim(seg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != "" {
			return ""
		}
	}
	return strings.ToLower(host) + "/" + path
}

// plainHost: a host name of letters, digits, '.' and '-' (no user, port,
// leading or trailing dot or dash).
func plainHost(h string) bool {
	if h == "" || strings.Trim(h, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") != "" {
		return false
	}
	return !strings.HasPrefix(h, ".") && !strings.HasSuffix(h, ".") && !strings.HasPrefix(h, "-") && !strings.Contains(h, "..")
}

// Registries are the registries the project's configuration names for a
// publishing program, with its default (normRemote URLs; cargo's by name
// too): .npmrc's registry and @scope:registry from the line's folder up
// to the root, .yarnrc.yml's npmRegistryServer, npmPublishRegistry and
// npmScopes for yarn, .cargo/config(.toml)'s [registries] and
// registry.default in the folders cargo reads.
func (p *Project) Registries(name string) map[string]bool {
	return p.Memo("registries", name, func(q *Project) any { return q.readRegistries(name) }).(map[string]bool)
}

func (p *Project) readRegistries(name string) map[string]bool {
	out := map[string]bool{}
	for _, r := range DefaultRegistries[name] {
		out[NormRemote(r)] = true
	}
	if name == "cargo" {
		for _, dir := range p.upTo(false) {
			for _, f := range []string{filepath.Join(".cargo", "config.toml"), filepath.Join(".cargo", "config")} {
				m, _ := p.TomlFile(filepath.Join(dir, f))
				regs, _ := m["registries"].(map[string]any)
				for n, v := range regs {
					out[n] = true
					if t, ok := v.(map[string]any); ok {
						if idx, ok := t["index"].(string); ok {
							out[NormRemote(idx)] = true
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
		b, err := p.Read(filepath.Join(dir, ".npmrc"), maxConfigFile)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			key, value, ok := strings.Cut(strings.TrimSpace(line), "=")
			key = strings.ToLower(strings.TrimSpace(key))
			if ok && (key == "registry" || strings.HasSuffix(key, ":registry")) {
				out[NormRemote(strings.Trim(strings.TrimSpace(value), `"'`))] = true
			}
		}
	}
	if name == "yarn" {
		for _, dir := range p.upTo(true) {
			e, err := p.Cached(filepath.Join(dir, ".yarnrc.yml"), maxConfigFile)
			if err != nil {
				continue
			}
			m, _ := p.Cache.Parse(e, "yaml", yamlMap).(map[string]any)
			add := func(t map[string]any) {
				for _, k := range []string{"npmRegistryServer", "npmPublishRegistry"} {
					if s, ok := t[k].(string); ok {
						out[NormRemote(s)] = true
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

// gitRemotes are a repository's remotes: their names, and their URLs as git
// reaches them (normRemote, after the rewrites), with the rewrites.
type gitRemotes struct {
	Names, Urls map[string]bool
	// repos are the remotes' RepoKey, the repository whatever its spelling.
	repos map[string]bool
	// insteadOf and pushInsteadOf: prefix → the base it stands for.
	insteadOf, pushInsteadOf map[string]string
}

// Rewrite is where git reaches w: fetching (insteadOf) and pushing
// (pushInsteadOf, else insteadOf), the longest prefix winning as in git.
func (rs gitRemotes) Rewrite(w string) []string {
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

// NormRemote is a URL as compared: without a trailing slash or .git (git
// reaches https://h/x and https://h/x.git/ alike).
func NormRemote(u string) string {
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
	return IsRemoteSpec(base) && !strings.Contains(l, "://")
}

// DefaultRegistries are where a publishing program sends when nothing is
// configured: naming one on the line sends nowhere the rule did not.
var DefaultRegistries = map[string][]string{
	"npm":   {"https://registry.npmjs.org"},
	"pnpm":  {"https://registry.npmjs.org"},
	"bun":   {"https://registry.npmjs.org"},
	"yarn":  {"https://registry.yarnpkg.com", "https://registry.npmjs.org"},
	"gem":   {"https://rubygems.org"},
	"cargo": {"crates-io", "https://github.com/rust-lang/crates.io-index", "sparse+https://index.crates.io"},
}

// plainRewrite: url.<base>.insteadOf (or pushInsteadOf) with a base that
// only says where a remote is. It runs nothing; the destinations it
// rewrites are judged after the rewrite (remotes), so it does not block
// git lines as the rest of the url section does.
func plainRewrite(e gitEntry) bool {
	return e.section == "url" && (e.key == "insteadof" || e.key == "pushinsteadof") && plainRewriteBase(e.sub)
}
