// SPDX-License-Identifier: Apache-2.0

package guard

import (
	"strings"

	"golang.org/x/text/unicode/norm"
)

// A cleanPath is one absolute path split into its volume and components, in the
// syntax of Rules.OS. Comparing components (never string prefixes) keeps /usrx out
// of /usr and /home/ann2 out of /home/ann.
type cleanPath struct {
	vol   string   // Windows: "C:", `\\server\share` or `\\?\Volume{…}`; "" on Unix
	parts []string // components below the root; none for a root
	// Windows: the drive the system-folder rules see. An admin share
	// (\\PC\C$, \\PC\ADMIN$) is that machine's drive; a volume GUID or
	// device path may be any drive, so it is anyDrive and meets every rule.
	drive    string
	anyDrive bool
}

func (c cleanPath) isRoot() bool { return len(c.parts) == 0 }

func (c cleanPath) parent() cleanPath {
	if c.isRoot() {
		return c
	}
	c.parts = c.parts[:len(c.parts)-1]
	return c
}

// ruleVol is the volume the guard's rules compare.
func (c cleanPath) ruleVol() string {
	if c.drive != "" {
		return c.drive
	}
	return c.vol
}

// defaultSystemRoot stands for %SystemRoot% when the rules carry none.
var defaultSystemRoot = cleanPath{vol: "C:", parts: []string{"Windows"}}

// parse cleans p in the syntax of r.OS. The second result is the reason p is
// refused, or "" when p is a usable absolute path.
func (r Rules) parse(p string) (cleanPath, Code) {
	switch {
	case p == "":
		return cleanPath{}, CodeEmpty
	case strings.IndexByte(p, 0) >= 0:
		return cleanPath{}, CodeNUL
	case r.OS == Windows:
		return parseWindows(p, r.systemRoot())
	}
	if p[0] != '/' {
		return cleanPath{}, CodeRelative
	}
	parts, _ := cleanParts(strings.Split(p, "/"), false)
	// /var, /tmp and /etc are symlinks into /private on macOS; callers pass
	// resolved paths, so both spellings must mean the same folder.
	if r.OS == Darwin && len(parts) >= 2 && strings.EqualFold(parts[0], "private") {
		switch strings.ToLower(parts[1]) {
		case "var", "tmp", "etc":
			parts = parts[1:]
		}
	}
	return cleanPath{parts: parts}, ""
}

// systemRoot is %SystemRoot% parsed, which ADMIN$ and \\?\GLOBALROOT\SystemRoot name.
func (r Rules) systemRoot() cleanPath {
	if c, bad := parseWindows(r.SystemRoot, defaultSystemRoot); bad == "" && !c.isRoot() {
		return c
	}
	return defaultSystemRoot
}

// parseWindows reads p in Win32 syntax; sysRoot is where ADMIN$ points.
func parseWindows(p string, sysRoot cleanPath) (cleanPath, Code) {
	p = strings.ReplaceAll(p, "/", `\`)
	verbatim := false
	if strings.HasPrefix(p, `\\?\`) || strings.HasPrefix(p, `\\.\`) {
		verbatim = true
		p = p[4:]
		switch {
		case len(p) >= 4 && strings.EqualFold(p[:4], `UNC\`):
			p = `\\` + p[4:]
		case isDriveLetter(p):
			if len(p) == 2 {
				p += `\` // \\?\C: names the volume itself
			}
		default:
			return parseDevice(p, sysRoot)
		}
	}
	switch {
	case isDriveLetter(p):
		if len(p) == 2 || p[2] != '\\' {
			return cleanPath{}, CodeRelative // C:foo is relative to C:'s current folder
		}
		return windowsPath(strings.ToUpper(p[:2]), p[3:], verbatim)
	case strings.HasPrefix(p, `\\`):
		server, rest, _ := strings.Cut(p[2:], `\`)
		share, rest, _ := strings.Cut(rest, `\`)
		if server == "" || server == "." || server == ".." || share == "." || share == ".." ||
			(share == "" && rest != "") {
			return cleanPath{}, CodeUNC
		}
		vol := `\\` + server
		if share != "" {
			vol += `\` + share
		}
		// Admin shares: \\PC\C$ is drive C: of PC and \\PC\ADMIN$ its
		// %SystemRoot%. The machine's name is not known here, so every
		// server's admin share meets this machine's rules: a project never
		// lives in another machine's Windows folder either.
		c, bad := windowsPath(vol, rest, verbatim)
		switch {
		case bad != "":
			return c, bad
		case len(share) == 2 && share[1] == '$' && isDriveLetter(share[:1]+":"):
			c.drive = strings.ToUpper(share[:1]) + ":"
			if strings.EqualFold(server, "localhost") || server == "127.0.0.1" {
				c.vol = c.drive // \\localhost\C$ is drive C: itself
			}
		case strings.EqualFold(share, "ADMIN$"):
			c = below(sysRoot, c.parts)
			c.vol = vol
		}
		return c, ""
	}
	return cleanPath{}, CodeRelative // \foo is relative to the current drive
}

// parseDevice reads what follows \\?\ when it is neither a drive nor UNC: a
// volume GUID, a device, or the object manager's GLOBALROOT namespace.
func parseDevice(p string, sysRoot cleanPath) (cleanPath, Code) {
	dev, rest, _ := strings.Cut(p, `\`)
	if dev == "" {
		return cleanPath{}, CodeRelative
	}
	first, after, _ := strings.Cut(rest, `\`)
	switch {
	case strings.EqualFold(dev, "Global"): // \\?\Global\C:\x is C:\x
		return parseWindows(`\\?\`+rest, sysRoot)
	case !strings.EqualFold(dev, "GLOBALROOT"):
		// A volume GUID or a device: its first component is the volume,
		// which may be any drive.
		c, bad := windowsPath(`\\?\`+dev, rest, true)
		c.anyDrive = bad == ""
		return c, bad
	case first == "??" || strings.EqualFold(first, "DosDevices") || strings.EqualFold(first, "GLOBAL??"):
		// The DOS device namespace: \\?\GLOBALROOT\??\C:\x is C:\x.
		return parseWindows(`\\?\`+after, sysRoot)
	case strings.EqualFold(first, "SystemRoot"):
		c, bad := windowsPath(`\\?\GLOBALROOT\SystemRoot`, after, true)
		if bad != "" {
			return c, bad
		}
		vol := c.vol
		c = below(sysRoot, c.parts)
		c.vol = vol
		return c, ""
	case strings.EqualFold(first, "Device"):
		name, tail, _ := strings.Cut(after, `\`)
		if name == "" {
			return cleanPath{}, CodeDevice
		}
		if strings.EqualFold(name, "Mup") { // the network redirector: \\server\share
			return parseWindows(`\\?\UNC\`+tail, sysRoot)
		}
		c, bad := windowsPath(`\\?\GLOBALROOT\Device\`+name, tail, true)
		c.anyDrive = bad == ""
		return c, bad
	}
	return cleanPath{}, CodeDevice
}

// below is dir with parts appended, as the rules see it.
func below(dir cleanPath, parts []string) cleanPath {
	return cleanPath{
		vol:   dir.vol,
		drive: dir.ruleVol(),
		parts: append(dir.parts[:len(dir.parts):len(dir.parts)], parts...),
	}
}

func windowsPath(vol, rest string, verbatim bool) (cleanPath, Code) {
	if strings.ContainsRune(vol[2:], ':') {
		return cleanPath{}, CodeColon
	}
	// Win32 drops trailing dots (and spaces at the end), so C:\Windows. is
	// C:\Windows; trimming both from every name errs toward refusing. \\?\
	// paths are taken verbatim.
	parts, ok := cleanParts(strings.Split(rest, `\`), !verbatim)
	if !ok {
		return cleanPath{}, CodeDots
	}
	for _, c := range parts {
		// A colon names a stream (C:\Windows::$INDEX_ALLOCATION is C:\Windows).
		if strings.ContainsRune(c, ':') {
			return cleanPath{}, CodeColon
		}
	}
	return cleanPath{vol: vol, parts: parts}, ""
}

func isDriveLetter(p string) bool {
	return len(p) >= 2 && p[1] == ':' && ('a' <= p[0] && p[0] <= 'z' || 'A' <= p[0] && p[0] <= 'Z')
}

// cleanParts drops empty and "." components and applies ".." (never above the
// root), like path.Clean. With trimDots it reports false for a name of only
// dots and spaces other than "." and "..", whose meaning Win32 leaves unclear.
func cleanParts(elems []string, trimDots bool) ([]string, bool) {
	out := make([]string, 0, len(elems))
	for _, e := range elems {
		switch e {
		case "", ".":
			continue
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			continue
		}
		if trimDots {
			if e = strings.TrimRight(e, ". "); e == "" {
				return nil, false
			}
		}
		out = append(out, e)
	}
	return out, true
}

func (r Rules) foldCase() bool { return r.OS == Windows || r.OS == Darwin }

func (r Rules) sameName(a, b string) bool {
	if r.OS == Darwin {
		// macOS hands out decomposed (NFD) names and its file systems take
		// either form for the same file: compare the composed forms.
		a, b = norm.NFC.String(a), norm.NFC.String(b)
	}
	if r.foldCase() {
		return strings.EqualFold(a, b)
	}
	return a == b
}

// within reports whether p is dir or inside it. It is the guard's reading: an
// admin share is its drive and a device path may be any drive (see cleanPath).
func (r Rules) within(p, dir cleanPath) bool {
	switch {
	case p.anyDrive || dir.anyDrive:
	case !strings.EqualFold(p.ruleVol(), dir.ruleVol()):
		return false
	}
	return r.below(p, dir)
}

// withinExact is within with volumes compared as written.
func (r Rules) withinExact(p, dir cleanPath) bool {
	return strings.EqualFold(p.vol, dir.vol) && r.below(p, dir)
}

// below compares the components of p and dir only.
func (r Rules) below(p, dir cleanPath) bool {
	if len(p.parts) < len(dir.parts) {
		return false
	}
	for i, d := range dir.parts {
		if !r.sameName(p.parts[i], d) {
			return false
		}
	}
	return true
}

func (r Rules) same(a, b cleanPath) bool {
	return len(a.parts) == len(b.parts) && r.within(a, b)
}

// Within reports whether path is dir or lies inside it, comparing whole
// components with r.OS's case rule. Paths that are not absolute are never within.
func (r Rules) Within(path, dir string) bool {
	p, bad := r.parse(path)
	d, badDir := r.parse(dir)
	return bad == "" && badDir == "" && r.withinExact(p, d)
}

// Same reports whether a and b name the same folder in r.OS's path syntax.
func (r Rules) Same(a, b string) bool {
	pa, badA := r.parse(a)
	pb, badB := r.parse(b)
	return badA == "" && badB == "" && len(pa.parts) == len(pb.parts) && r.withinExact(pa, pb)
}
