// SPDX-License-Identifier: Apache-2.0

package skills_test

import (
	"bytes"
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/skills"
)

func TestEmptySkillMDSaysItIsEmpty(t *testing.T) {
	for _, body := range []string{"", "\n\n", "\ufeff", " \r\n\t"} {
		archive := skills.BuildArchive(t, "r-main", E{Name: "SKILL.md", Body: body})
		s, _, _ := newService(t, map[string][]byte{"o/pdf/HEAD": archive})
		p, _ := newProject(t)
		_, err := s.Install(context.Background(), p, mustSource(t, "o/pdf"), skills.InstallOptions{})
		if domain.KindOf(err) != domain.KindForbidden || !strings.Contains(fmt1(err), "SKILL.md is empty") {
			t.Errorf("Install of a SKILL.md of %q = %v; want it said to be empty", body, err)
		}
	}
}

// A gzip file of several members (pigz, bgzip, or two files concatenated)
// is one stream to gzip -d: all of it is read.
func TestMultiMemberGzipIsReadWhole(t *testing.T) {
	raw := skills.BuildTar(t, "r-main", E{Name: "SKILL.md", Body: md}, E{Name: "ref/a.md", Body: strings.Repeat("a", 5000)}, E{Name: "ref/b.md", Body: "b"})
	var gz bytes.Buffer
	for _, part := range [][]byte{raw[:700], raw[700:5100], raw[5100:]} {
		gz.Write(skills.Gzip(t, part))
	}
	s, _, _ := newService(t, map[string][]byte{"o/pdf/HEAD": gz.Bytes()})
	p, _ := newProject(t)
	got, err := s.Install(context.Background(), p, mustSource(t, "o/pdf"), skills.InstallOptions{})
	if err != nil {
		t.Fatalf("Install of a three-member gzip = %v", err)
	}
	if files := tree(t, got.Path); strings.Join(files, " ") != "SKILL.md ref/ ref/a.md ref/b.md" {
		t.Errorf("installed %q; want every file of every member", files)
	}
}

// TestLongInputIsQuotedOnceAndShort: a source or a skill name of thousands
// of characters is named once, cut short, whatever part of it is wrong.
func TestLongInputIsQuotedOnceAndShort(t *testing.T) {
	long := strings.Repeat("a", 5000)
	for _, in := range []string{
		long + "/repo", "o/" + long, "o/r/" + long + "/x:y", "npx skills add " + long + "/x",
		"o/r@" + long, "https://github.com/o/r/tree/" + long + "@x", "npx skills add o/r " + long + "/z",
		"https://gitlab.com/" + long, long,
	} {
		_, err := skills.ParseSource(in)
		msg := fmt1(err)
		if err == nil {
			continue // a long but possible source: the download decides
		}
		if n := strings.Count(msg, strings.Repeat("a", 40)); n > 1 || len(msg) > 600 {
			t.Errorf("ParseSource(%.30q…) says %d characters, quoting the input %d times: %.300s", in, len(msg), n, msg)
		}
	}
}

// The reason of a network failure is said once: not the address three times.
func TestNetworkReasonSaidOnce(t *testing.T) {
	srv := httptest.NewServer(nil)
	base := srv.URL
	srv.Close()
	s, err := skills.NewService(newSwitches(), nil, base)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := newProject(t)
	_, err = s.Install(context.Background(), p, mustSource(t, "o/r"), skills.InstallOptions{})
	host := strings.TrimPrefix(base, "http://")
	if msg := fmt1(err); strings.Count(msg, host) != 1 || !strings.HasSuffix(msg, "connection refused") {
		t.Errorf("a closed port: %q; want the address once and the reason once", msg)
	}
}
