// SPDX-License-Identifier: Apache-2.0

package packaging

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/google/uuid"
)

// Values are the words the package files take from FyneApp.toml, by the
// name their templates spell between @ signs (@HOMEPAGE@).
type Values map[string]string

// fyneAppFile is what ReadValues reads of FyneApp.toml.
type fyneAppFile struct {
	Website string
	Details struct {
		Name, ID, Version string
	}
	LinuxAndBSD struct {
		Comment string
	}
	Source struct {
		Repo string
	}
	Packaging struct {
		Maintainer, BugTracker, DeveloperID, Developer, WindowsUpgradeCode string
	}
}

// ReadValues reads FyneApp.toml at path. Every value must be there: a
// package with an empty maintainer or address is not made.
func ReadValues(path string) (Values, error) {
	var f fyneAppFile
	if _, err := toml.DecodeFile(path, &f); err != nil {
		return nil, err
	}
	v := Values{
		"NAME": f.Details.Name, "ID": f.Details.ID, "VERSION": f.Details.Version,
		"SUMMARY": f.LinuxAndBSD.Comment, "HOMEPAGE": f.Website, "VCS": f.Source.Repo,
		"MAINTAINER": f.Packaging.Maintainer, "BUGTRACKER": f.Packaging.BugTracker,
		"DEVELOPER_ID": f.Packaging.DeveloperID, "DEVELOPER": f.Packaging.Developer,
		"UPGRADE_CODE": f.Packaging.WindowsUpgradeCode,
	}
	var empty []string
	for k, s := range v {
		if strings.TrimSpace(s) == "" {
			empty = append(empty, k)
		}
	}
	if len(empty) > 0 {
		sort.Strings(empty)
		return nil, fmt.Errorf("%s: no value for %s", path, strings.Join(empty, ", "))
	}
	return v, v.derive()
}

// Set changes one value (make msi MSI_VERSION=… builds another version)
// and derives again what depends on it.
func (v Values) Set(name, value string) error {
	if _, ok := v[name]; !ok {
		return fmt.Errorf("no value is named %s", name)
	}
	v[name] = value
	return v.derive()
}

// derive sets the values made from others: the MSI's ProductCode, a
// name-based UUID (version 5) of the version in the UpgradeCode's space,
// so that every build of one version is the same product (a rebuilt MSI
// upgrades, never installs beside, the old one) and each version another.
func (v Values) derive() error {
	space, err := uuid.Parse(v["UPGRADE_CODE"])
	if err != nil {
		return fmt.Errorf("FyneApp.toml's WindowsUpgradeCode: %w", err)
	}
	v["PRODUCT_CODE"] = strings.ToUpper(uuid.NewSHA1(space, []byte(v["VERSION"])).String())
	v["UPGRADE_CODE"] = strings.ToUpper(space.String())
	return nil
}

var placeholder = regexp.MustCompile(`@([A-Z_]+)@`)

// Fill replaces each @NAME@ of text with its value; a name without one is
// an error (a typo in a template never ships as text).
func Fill(text []byte, v Values) ([]byte, error) {
	var unknown []string
	out := placeholder.ReplaceAllFunc(text, func(m []byte) []byte {
		name := string(m[1 : len(m)-1])
		s, ok := v[name]
		if !ok {
			unknown = append(unknown, name)
			return m
		}
		return []byte(s)
	})
	if len(unknown) > 0 {
		return nil, fmt.Errorf("no value for @%s@", strings.Join(unknown, "@, @"))
	}
	return out, nil
}

// FillFile reads a template and fills it from FyneApp.toml at values,
// with the changes set ("VERSION=0.1.1") applied first.
func FillFile(template, values string, set ...string) ([]byte, error) {
	v, err := ReadValues(values)
	if err != nil {
		return nil, err
	}
	for _, kv := range set {
		name, value, _ := strings.Cut(kv, "=")
		if err := v.Set(name, value); err != nil {
			return nil, err
		}
	}
	b, err := os.ReadFile(template)
	if err != nil {
		return nil, err
	}
	out, err := Fill(b, v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", template, err)
	}
	return out, nil
}
