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
	ID         string `xml:"id"`
	Name       string `xml:"name"`
	Summary    string `xml:"summary"`
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
	b, err := os.ReadFile(filepath.Join("linux", id+".metainfo.xml"))
	if err != nil {
		t.Fatal(err)
	}
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
	if m.ID != id || m.Name != name || m.Summary == "" {
		t.Errorf("metainfo id %q, name %q, summary %q; want %s, %s and a summary", m.ID, m.Name, m.Summary, id, name)
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
		if ours[k] != v {
			t.Errorf("the desktop entry says %s=%q, the bundle's (FyneApp.toml's) %q", k, ours[k], v)
		}
	}
}

// The size of the screenshots packaging/screenshots.sh takes.
const screenshotWidth, screenshotHeight = 1280, 720
