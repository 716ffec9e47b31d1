// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"path/filepath"
	"strings"
	"testing"

	"memo.dev/projects/domain/permissions/internal/fixture"
)

// destConfig is a repository whose origin has a push URL of its own and
// whose config rewrites a short form (gh:) to the host's address.
const destConfig = `[core]
	bare = false
[remote "origin"]
	url = https://example.com/me/x.git
	pushurl = git@example.com:me/x.git
	fetch = +refs/heads/*:refs/remotes/origin/*
[remote "upstream"]
	url = gh:them/x
[url "https://github.com/"]
	insteadOf = gh:
`

// destProject is a project with that repository, an .npmrc and a
// .yarnrc.yml naming registries, and a cargo config naming one.
func destProject(t *testing.T) string {
	root := fixture.Repo(t, destConfig)
	fixture.Write(t, filepath.Join(root, ".npmrc"), "registry=https://npm.example.com/\n@me:registry=https://scoped.example.com\n", 0o644)
	fixture.Write(t, filepath.Join(root, ".yarnrc.yml"), "npmPublishRegistry: https://yarn.example.com\n", 0o644)
	fixture.Write(t, filepath.Join(root, ".cargo", "config.toml"), "[registries.mine]\nindex = \"sparse+https://crates.example.com/index/\"\n", 0o644)
	return root
}

// Every program that takes a remote meets one check: the repository's own
// remotes (by name, URL or push URL, after insteadOf) and the registries
// the project's config names pass; every other destination asks, naming it.
func TestDestinationsOfEveryProgram(t *testing.T) {
	root := destProject(t)
	const notRemote, notRegistry = "not one of the repository's remotes", "registry the project's configuration does not name"
	for _, c := range []struct {
		rule, line string
		want       string // "" approved, else a part of the reason
	}{
		// git fetch: a remote's name, its URL, its URL rewritten; any other URL or host:path asks.
		{"git fetch", "git fetch origin", ""},
		{"git fetch", "git fetch https://example.com/me/x", ""},
		{"git fetch", "git fetch upstream", ""},
		{"git fetch", "git fetch https://github.com/them/x.git", ""}, // upstream, as gh: is rewritten
		{"git fetch", "git fetch gh:them/x", ""},
		{"git fetch", "git fetch https://evil.example/x", notRemote},
		{"git fetch", "git fetch gh:evil/x", notRemote},
		{"git fetch", "git fetch git@evil.example:x/y", notRemote},
		{"git fetch", "git fetch evil.example:x", notRemote},
		{"git fetch", "git fetch evil.example::module", notRemote}, // rsync's form, a transport helper to git
		{"git fetch", "git fetch --multiple origin https://evil.example/x", notRemote},
		{"git fetch", "git fetch origin main:main", ""},            // a refspec, not a destination
		{"git fetch", "git fetch ../other", "outside the project"}, // a local repository is a path
		{"git clone", "git clone file:///etc/x copy", "outside the project"},
		// git pull, git push (its push URL; --repo), git clone, git ls-remote.
		{"git pull", "git pull origin main", ""},
		{"git pull", "git pull https://evil.example/x main", notRemote},
		{"git push", "git push origin HEAD", ""},
		{"git push", "git push git@example.com:me/x.git HEAD", ""},
		{"git push", "git push https://evil.example/x.git", notRemote},
		{"git push", "git push --repo=https://evil.example/x", notRemote},
		{"git push", "git push --repo evil.example:x", notRemote},
		{"git clone", "git clone https://example.com/me/x.git copy", ""},
		{"git clone", "git clone https://evil.example/x.git copy", notRemote},
		{"git clone", "git clone user@evil.example:x copy", notRemote},
		{"git ls-remote", "git ls-remote origin", ""},
		{"git ls-remote", "git ls-remote https://evil.example/x", notRemote},
		// git request-pull START URL: the URL is the second operand.
		{"git request-pull", "git request-pull v1.0 https://example.com/me/x main", ""},
		{"git request-pull", "git request-pull v1.0 https://evil.example/x main", notRemote},
		// git submodule add URL, git remote add NAME URL, git remote set-url NAME URL.
		{"git submodule add", "git submodule add https://example.com/me/x.git vendor/x", ""},
		{"git submodule add", "git submodule add https://evil.example/x.git vendor/x", notRemote},
		{"git submodule add", "git submodule add ../../outside/x.git vendor/x", "outside the project"},
		{"git remote add", "git remote add mirror https://example.com/me/x.git", ""},
		{"git remote add", "git remote add evil https://evil.example/x.git", notRemote},
		{"git remote set-url", "git remote set-url origin https://evil.example/x.git", notRemote},
		{"git remote set-url", "git remote set-url --push origin git@example.com:me/x.git", ""},
		// git archive --remote.
		{"git archive", "git archive --remote=origin HEAD", ""},
		{"git archive", "git archive --remote=ssh://evil.example/x HEAD", notRemote},
		{"git archive", "git archive --remote evil.example:x HEAD", notRemote},
		// tar -f host:file reaches the archive through a remote shell.
		{"tar -tf", "tar -tf a.tar", ""},
		{"tar", "tar -tf host:a.tar", "remote archive"},
		{"tar", "tar --file=user@host:a.tar -t", "remote archive"},
		// Publishing: the registries the project's config names, and the default.
		{"npm publish", "npm publish --registry=https://npm.example.com/", ""},
		{"npm publish", "npm publish --registry https://scoped.example.com", ""},
		{"npm publish", "npm publish --registry=https://registry.npmjs.org/", ""},
		{"npm publish", "npm publish --registry=https://evil.example/", notRegistry},
		{"pnpm publish", "pnpm publish --registry=https://npm.example.com", ""},
		{"pnpm publish", "pnpm publish --registry=https://evil.example", notRegistry},
		{"yarn publish", "yarn publish --registry=https://yarn.example.com", ""},
		{"yarn publish", "yarn publish --registry=https://evil.example", notRegistry},
		{"cargo publish", "cargo publish --registry mine", ""},
		{"cargo publish", "cargo publish --registry=crates-io", ""},
		{"cargo publish", "cargo publish --registry evil", notRegistry},
		{"cargo publish", "cargo publish --index sparse+https://crates.example.com/index/", ""},
		{"cargo publish", "cargo publish --index=https://evil.example/index", notRegistry},
		// A destination the rule itself spells is one the person named.
		{"git clone https://github.com/them/y", "git clone https://github.com/them/y vendor/y", ""},
		{"git fetch https://github.com/them/y", "git fetch https://github.com/them/y main", ""},
		{"npm publish --registry=https://other.example", "npm publish --registry=https://other.example", ""},
		{"npm publish --registry=https://other.example/x", "npm publish --registry=https://other.example/x --registry=x", notRegistry},
		{"git push --repo git@elsewhere.example:me/x", "git push --repo git@elsewhere.example:me/x HEAD", ""},
		// Any program: a URL among its words.
		// (Of a program without an entry even the repository's own remote
		// is an operand Memo does not know, §7.)
		{"mytool", "mytool https://example.com/me/x.git", "neither a path in the project nor a word the rule spells"},
		{"mytool", "mytool https://evil.example/x", notRemote},
		{"mytool", "mytool --to=https://evil.example/x", "not an option the rule spells"},
		// Publishing programs without an entry: their options pass only as
		// the rule spells them, and a URL among their words is judged as any.
		{"gem push --host", "gem push --host https://evil.example x.gem", notRegistry},
		{"gem push", "gem push --host https://evil.example x.gem", notRegistry},
		{"twine upload --repository-url", "twine upload --repository-url https://evil.example/legacy dist/x.whl", notRemote},
		{"twine upload", "twine upload --repository-url=https://evil.example/legacy dist/x.whl", notRemote}, // twine upload --repository-url is a destination (tools_held.toml)
	} {
		v := checkIn(root, "", []string{c.rule}, c.line)
		switch {
		case c.want == "" && !v.Approved:
			t.Errorf("rule %q: %q asks (%s), want it approved", c.rule, c.line, v.Reason)
		case c.want != "" && (v.Approved || !strings.Contains(v.Reason.String(), c.want)):
			t.Errorf("rule %q: %q approved=%v (%s), want it to ask naming %q", c.rule, c.line, v.Approved, v.Reason, c.want)
		}
	}
	// The programs that do nothing but reach a remote are refused as rules.
	for _, r := range []string{"rsync -a", "scp", "curl", "wget", "sftp", "ssh", "rclone copy"} {
		if AcceptRule(r).IsZero() {
			t.Errorf("AcceptRule(%q) accepted, want it refused (it reaches the network)", r)
		}
	}
}

// Without a project nothing is the repository's own: every destination
// asks, a remote's name passes.
func TestDestinationsWithoutProject(t *testing.T) {
	for _, c := range [][2]string{
		{"git fetch", "git fetch https://example.com/me/x"},
		{"git clone", "git clone git@example.com:me/x"},
		{"npm publish", "npm publish --registry=https://npm.example.com"},
		{"cargo publish", "cargo publish --registry mine"},
	} {
		if v := CheckCommand([]string{c[0]}, c[1], nil); v.Approved {
			t.Errorf("rule %q: %q approved without a project, want it to ask", c[0], c[1])
		}
	}
	if v := CheckCommand([]string{"git clone https://github.com/them/y"}, "git clone https://github.com/them/y vendor/y", nil); !v.Approved {
		t.Errorf("a clone of the URL the rule names asks without a project (%s), want it approved", v.Reason)
	}
	if v := CheckCommand([]string{"git fetch"}, "git fetch origin", nil); !v.Approved {
		t.Errorf("git fetch origin asks without a project (%s), want it approved", v.Reason)
	}
}

// url.<base>.insteadOf naming only where a remote is runs nothing: git lines
// do not ask for it (its rewrites are judged as above); a base that is a
// transport running a program still makes them ask.
func TestInsteadOfRewrites(t *testing.T) {
	root := destProject(t)
	if v := checkIn(root, "", []string{"git status"}, "git status"); !v.Approved {
		t.Errorf("git status with a plain insteadOf asks (%s), want it approved", v.Reason)
	}
	for _, base := range []string{"ext::sh -c evil", "fd::3", "foo::https://x/", "ssh://-oProxyCommand=x/", "evil -oProxyCommand=x:"} {
		root := fixture.Repo(t, fixture.CleanConfig+"[url \""+base+"\"]\n\tinsteadOf = https://example.com/\n")
		if v := checkIn(root, "", []string{"git status"}, "git status"); v.Approved {
			t.Errorf("url %q insteadOf: git status approved, want it to ask", base)
		}
	}
	// The line's URL is judged where git goes: rewritten to the remote it
	// passes, rewritten to another it asks.
	root = fixture.Repo(t, fixture.CleanConfig+"[url \"https://example.com/\"]\n\tinsteadOf = https://mirror.example/\n")
	if v := checkIn(root, "", []string{"git fetch"}, "git fetch https://mirror.example/x.git"); !v.Approved {
		t.Errorf("git fetch of a URL rewritten to origin asks (%s), want it approved", v.Reason)
	}
	if v := checkIn(root, "", []string{"git fetch"}, "git fetch https://mirror.example/y.git"); v.Approved {
		t.Errorf("git fetch of a URL rewritten to another repository approved, want it to ask")
	}
}

// The repository's own remote in another spelling — scp form, ssh://,
// https without .git, a trailing slash, the host in another case — is the
// same repository; a host, owner, repository or user that differs, or a
// host:path that only looks alike, still asks.
func TestRemoteSpellings(t *testing.T) {
	root := fixture.Repo(t, fixture.CleanConfig+"[remote \"origin\"]\n\turl = https://github.com/o/r.git\n")
	const notRemote = "not one of the repository's remotes"
	for _, c := range []struct {
		line string
		want string // "" approved, else a part of the reason
	}{
		{"git fetch git@github.com:o/r.git", ""},
		{"git fetch git@github.com:o/r", ""},
		{"git fetch ssh://git@github.com/o/r", ""},
		{"git fetch ssh://git@github.com/o/r.git", ""},
		{"git fetch https://github.com/o/r", ""},
		{"git fetch https://github.com/o/r/", ""},
		{"git fetch https://github.com/o/r.git/", ""},
		{"git fetch https://GitHub.com/o/r", ""},
		{"git push git@GITHUB.COM:o/r.git main", ""},
		{"git pull ssh://git@github.com/o/r main", ""},
		// Hostile neighbours.
		{"git fetch git@github.com:other/r.git", notRemote},
		{"git fetch git@github.com:o/other.git", notRemote},
		{"git fetch https://github.com/o/r2", notRemote},
		{"git fetch https://github.com/o/r/x", notRemote},
		{"git fetch https://github.com/o", notRemote},
		{"git fetch git@gitlab.com:o/r.git", notRemote},
		{"git fetch github.com.evil.com:o/r", notRemote},
		{"git fetch git@github.com.evil.com:o/r", notRemote},
		{"git fetch git@github.com:o/r.git.evil", notRemote},
		{"git fetch github.com:o/r", notRemote},
		{"git fetch me@github.com:o/r.git", notRemote},
		{"git fetch ssh://me@github.com/o/r", notRemote},
		{"git fetch ssh://github.com/o/r", notRemote},
		{"git fetch https://me@github.com/o/r", notRemote},
		{"git fetch ssh://git@github.com:2222/o/r", notRemote},
		{"git fetch https://github.com:8443/o/r", notRemote},
		{"git fetch http://github.com/o/r", notRemote},
		{"git fetch git://github.com/o/r", notRemote},
		{"git fetch git@github.com:/o/r", "outside the project"}, // absolute: another path on a server that is not a forge
		{"git fetch https://github.com/o/r/../../x/y", notRemote},
		{"git fetch https://github.com//o/r", notRemote},
		{"git fetch https://github.com./o/r", notRemote},
		{"git fetch https://github.com/o/r?x=1", "pattern"},
	} {
		v := checkIn(root, "", []string{"git fetch", "git push", "git pull"}, c.line)
		switch {
		case c.want == "" && !v.Approved:
			t.Errorf("%q asks (%s), want it approved: the origin's repository", c.line, v.Reason)
		case c.want != "" && (v.Approved || !strings.Contains(v.Reason.String(), c.want)):
			t.Errorf("%q approved=%v (%s), want it to ask naming %q", c.line, v.Approved, v.Reason, c.want)
		}
	}
	// An origin in scp form is reached over https the same way.
	root = fixture.Repo(t, fixture.CleanConfig+"[remote \"origin\"]\n\turl = git@gitlab.com:g/sub/p.git\n")
	for _, c := range []struct {
		line string
		ok   bool
	}{
		{"git fetch https://gitlab.com/g/sub/p.git", true},
		{"git fetch ssh://git@gitlab.com/g/sub/p", true},
		{"git fetch https://gitlab.com/g/sub", false},
		{"git fetch https://gitlab.com/g/sub/p/q", false},
		{"git fetch https://gitlab.com/G/sub/p", false}, // the path compares exactly
	} {
		if v := checkIn(root, "", []string{"git fetch"}, c.line); v.Approved != c.ok {
			t.Errorf("origin git@gitlab.com:g/sub/p.git: %q approved=%v (%s), want %v", c.line, v.Approved, v.Reason, c.ok)
		}
	}
}
