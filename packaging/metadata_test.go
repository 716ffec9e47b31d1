// SPDX-License-Identifier: Apache-2.0

package packaging

import (
	"encoding/xml"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fyneApp reads one `Key = "value"` of FyneApp.toml.
func fyneApp(t *testing.T, key string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "FyneApp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*` + key + `\s*=\s*"([^"]*)"`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("FyneApp.toml has no %s", key)
	}
	return string(m[1])
}

// metainfo is what the tests read of the AppStream file.
type metainfo struct {
	ID        string `xml:"id"`
	Name      string `xml:"name"`
	Summaries []struct {
		Lang string `xml:"http://www.w3.org/XML/1998/namespace lang,attr"`
		Text string `xml:",chardata"`
	} `xml:"summary"`
	Paragraphs []struct {
		Lang string `xml:"http://www.w3.org/XML/1998/namespace lang,attr"`
	} `xml:"description>p"`
	Lists []struct {
		Lang  string   `xml:"http://www.w3.org/XML/1998/namespace lang,attr"`
		Items []string `xml:"li"`
	} `xml:"description>ul"`
	ProjectLicense string `xml:"project_license"`
	Developer      string `xml:"developer_name"`
	Branding       []struct {
		Type   string `xml:"type,attr"`
		Scheme string `xml:"scheme_preference,attr"`
		Color  string `xml:",chardata"`
	} `xml:"branding>color"`
	Launchable []struct {
		Type string `xml:"type,attr"`
		ID   string `xml:",chardata"`
	} `xml:"launchable"`
	Binaries []string `xml:"provides>binary"`
	URLs     []struct {
		Type string `xml:"type,attr"`
		URL  string `xml:",chardata"`
	} `xml:"url"`
	Screenshots []struct {
		Images []struct {
			Width  int    `xml:"width,attr"`
			Height int    `xml:"height,attr"`
			URL    string `xml:",chardata"`
		} `xml:"image"`
	} `xml:"screenshots>screenshot"`
	Releases []struct {
		Version string `xml:"version,attr"`
		Date    string `xml:"date,attr"`
	} `xml:"releases>release"`
	ContentRating *struct {
		Type string `xml:"type,attr"`
	} `xml:"content_rating"`
}

func readMetainfo(t *testing.T, id string) metainfo {
	t.Helper()
	b := filled(t, filepath.Join("linux", id+".metainfo.xml"))
	var m metainfo
	if err := xml.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// desktopEntry reads the [Desktop Entry] keys of a desktop file.
func desktopEntry(t *testing.T, text string) map[string]string {
	t.Helper()
	keys := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			keys[k] = v
		}
	}
	return keys
}

// filled reads a package template filled from FyneApp.toml, as the
// package scripts write it.
func filled(t *testing.T, template string) []byte {
	t.Helper()
	b, err := FillFile(template, filepath.Join("..", "FyneApp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPackageMetadataAgrees: the Debian package, the AppStream file and the
// desktop entry say what FyneApp.toml says (id, name, version), the
// AppStream file names the desktop entry and the program, its newest
// release is the version, and its screenshots are https URLs of this
// version's images (packaging/README.md: where they are published).
func TestPackageMetadataAgrees(t *testing.T) {
	id, name, version := fyneApp(t, "ID"), fyneApp(t, "Name"), fyneApp(t, "Version")

	changelog, err := os.ReadFile(filepath.Join("deb", "changelog"))
	if err != nil {
		t.Fatal(err)
	}
	if top := regexp.MustCompile(`^memo-projects \(([^)]+)\)`).FindSubmatch(changelog); top == nil || string(top[1]) != version {
		t.Errorf("deb/changelog's top entry is %q, want FyneApp.toml's version %s", top, version)
	}

	m := readMetainfo(t, id)
	summary := ""
	for _, s := range m.Summaries {
		if s.Lang == "" {
			summary = s.Text
		}
	}
	if m.ID != id || m.Name != name || summary == "" {
		t.Errorf("metainfo id %q, name %q, summary %q; want %s, %s and a summary", m.ID, m.Name, summary, id, name)
	}
	if len(m.Launchable) != 1 || m.Launchable[0].Type != "desktop-id" || m.Launchable[0].ID != id+".desktop" {
		t.Errorf("metainfo launchable %+v, want the desktop-id %s.desktop", m.Launchable, id)
	}
	if len(m.Binaries) != 1 || m.Binaries[0] != "memo-projects" {
		t.Errorf("metainfo provides %q, want the binary memo-projects", m.Binaries)
	}
	if len(m.Releases) == 0 || m.Releases[0].Version != version {
		t.Errorf("metainfo's newest release is %+v, want %s", m.Releases, version)
	}
	if m.ContentRating == nil || m.ContentRating.Type != "oars-1.1" {
		t.Errorf("metainfo content rating %+v, want oars-1.1", m.ContentRating)
	}
	for _, u := range m.URLs {
		if p, err := url.Parse(u.URL); err != nil || p.Scheme != "https" {
			t.Errorf("metainfo url %q is not https", u.URL)
		}
	}
	if len(m.Screenshots) == 0 {
		t.Error("metainfo has no screenshots")
	}
	for _, s := range m.Screenshots {
		for _, img := range s.Images {
			p, err := url.Parse(img.URL)
			if err != nil || p.Scheme != "https" || path.Base(path.Dir(p.Path)) != version || path.Ext(p.Path) != ".png" {
				t.Errorf("screenshot %q: want an https URL of a PNG in a folder named %s", img.URL, version)
			}
			if img.Width != screenshotWidth || img.Height != screenshotHeight {
				t.Errorf("screenshot %q is said to be %dx%d; make screenshots takes %dx%d", img.URL, img.Width, img.Height, screenshotWidth, screenshotHeight)
			}
		}
	}

	b, err := os.ReadFile(filepath.Join("linux", id+".desktop"))
	if err != nil {
		t.Fatal(err)
	}
	ours, fyne := desktopEntry(t, string(b)), desktopEntry(t, fyneDesktopEntry)
	for k, v := range fyne {
		if k == "Exec" {
			v += " %F" // ours opens the folders a file manager gives it
		}
		if ours[k] != v {
			t.Errorf("the desktop entry says %s=%q, the bundle's (FyneApp.toml's) %q", k, ours[k], v)
		}
	}
}

// The size of the screenshots packaging/screenshots.sh takes.
const screenshotWidth, screenshotHeight = 1280, 720

// TestMetadataIsComplete: what a software centre and a menu show, in both
// languages the window speaks: the licence, the developer, the addresses
// (from FyneApp.toml, https), the brand colours, Turkish summary and
// description; the desktop entry opens folders (%F, inode/directory) and
// has its Turkish name, comment and keywords; the Debian package suggests
// the CJK fonts the README names.
func TestMetadataIsComplete(t *testing.T) {
	id := fyneApp(t, "ID")
	v, err := ReadValues(filepath.Join("..", "FyneApp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	m := readMetainfo(t, id)
	if m.ProjectLicense != "Apache-2.0" {
		t.Errorf("metainfo project_license %q, want Apache-2.0", m.ProjectLicense)
	}
	if m.Developer != v["DEVELOPER"] {
		t.Errorf("metainfo developer_name %q, want FyneApp.toml's %s", m.Developer, v["DEVELOPER"])
	}
	urls := map[string]string{}
	for _, u := range m.URLs {
		urls[u.Type] = u.URL
	}
	for typ, key := range map[string]string{"homepage": "HOMEPAGE", "bugtracker": "BUGTRACKER", "vcs-browser": "VCS"} {
		if urls[typ] != v[key] {
			t.Errorf("metainfo url %s = %q, want FyneApp.toml's %q", typ, urls[typ], v[key])
		}
	}
	schemes := map[string]bool{}
	for _, c := range m.Branding {
		if c.Type == "primary" && regexp.MustCompile(`^#[0-9a-fA-F]{6}$`).MatchString(c.Color) {
			schemes[c.Scheme] = true
		}
	}
	if !schemes["light"] || !schemes["dark"] {
		t.Errorf("metainfo branding %+v: want a primary colour for the light and the dark scheme", m.Branding)
	}
	langs := func(n int, lang func(int) string) map[string]int {
		seen := map[string]int{}
		for i := 0; i < n; i++ {
			seen[lang(i)]++
		}
		return seen
	}
	if s := langs(len(m.Summaries), func(i int) string { return m.Summaries[i].Lang }); s[""] != 1 || s["tr"] != 1 {
		t.Errorf("metainfo summaries by language %v, want one English and one Turkish", s)
	}
	if p := langs(len(m.Paragraphs), func(i int) string { return m.Paragraphs[i].Lang }); p["tr"] != p[""] {
		t.Errorf("metainfo paragraphs by language %v: every English paragraph needs its Turkish one", p)
	}
	if len(m.Lists) != 2 || m.Lists[1].Lang != "tr" || len(m.Lists[0].Items) != len(m.Lists[1].Items) {
		t.Errorf("metainfo lists %+v: want the English list and a Turkish one of as many items", m.Lists)
	}

	b, err := os.ReadFile(filepath.Join("linux", id+".desktop"))
	if err != nil {
		t.Fatal(err)
	}
	d := desktopEntry(t, string(b))
	for k, want := range map[string]string{"Exec": "memo-projects %F", "MimeType": "inode/directory;"} {
		if d[k] != want {
			t.Errorf("desktop entry %s=%q, want %q", k, d[k], want)
		}
	}
	for _, k := range []string{"Name[tr]", "GenericName[tr]", "Comment[tr]", "Keywords[tr]"} {
		if d[k] == "" || (k != "Name[tr]" && d[k] == d[strings.TrimSuffix(k, "[tr]")]) {
			t.Errorf("desktop entry %s=%q: want it in Turkish", k, d[k])
		}
	}

	control := string(filled(t, filepath.Join("deb", "control")))
	if !regexp.MustCompile(`(?m)^Suggests: .*\bfonts-noto-cjk\b`).MatchString(control) {
		t.Error("deb/control does not suggest fonts-noto-cjk")
	}
	if !strings.Contains(control, "\nMaintainer: "+v["MAINTAINER"]+"\n") || !strings.Contains(control, "\nHomepage: "+v["HOMEPAGE"]+"\n") {
		t.Errorf("deb/control's Maintainer or Homepage is not FyneApp.toml's:\n%s", control)
	}
}

// TestTemplatesFill: every template the packages are made from fills
// from FyneApp.toml with nothing left over, and a misspelt word fails.
func TestTemplatesFill(t *testing.T) {
	for _, p := range []string{"deb/control", "deb/copyright", "linux/dev.memo.projects.metainfo.xml", "msi/memo-projects.wxs"} {
		if b := filled(t, filepath.FromSlash(p)); placeholder.Match(b) {
			t.Errorf("%s: %s left after filling", p, placeholder.Find(b))
		}
	}
	if _, err := Fill([]byte("Maintainer: @MAINTAINR@"), Values{"MAINTAINER": "x"}); err == nil || !strings.Contains(err.Error(), "@MAINTAINR@") {
		t.Errorf("Fill of a misspelt word: %v, want an error naming it", err)
	}
}
