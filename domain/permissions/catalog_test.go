// SPDX-License-Identifier: Apache-2.0

package permissions

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain/permissions/catalog"
	"memo.dev/projects/domain/permissions/verdict"
	"memo.dev/projects/internal/cputime"
)

// The builtin catalogue loads whole: every file reads, no key is unknown,
// and every entry's examples pass (an entry whose examples fail would be
// left out of the binary's catalogue).
func TestBuiltinCatalogLoads(t *testing.T) {
	checked, problems := loadCatalog(catalog.BuiltinSources(), nil)
	for _, p := range problems {
		t.Errorf("%s", p)
	}
	// A process reads the same bytes without running the examples: it
	// knows exactly the programs the checked reading kept.
	for _, p := range catalog.Builtin().LoadProblems {
		t.Errorf("at run time: %s", p)
	}
	if got, want := len(catalog.Builtin().Known), len(checked.Known); got != want {
		t.Errorf("the catalogue read at run time knows %d names, the checked one %d", got, want)
	}
	for name := range checked.Known {
		if catalog.Builtin().Known[name] == nil {
			t.Errorf("%s is known to the checked catalogue only", name)
		}
	}
}

// BenchmarkLoadCatalog is what the first check of a process pays
// (first-check: reading the embedded files, the builtin examples having
// run in make test), beside reading them and running every example as the
// tests do (all-examples).
func BenchmarkLoadCatalog(b *testing.B) {
	for _, bc := range []struct {
		name string
		load func([]catalog.SourceFile, []catalog.SourceFile) (*catalog.Catalog, []catalog.Problem)
	}{{"first-check", readCatalog}, {"all-examples", loadCatalog}} {
		b.Run(bc.name, func(b *testing.B) {
			i, cpu := 0, cputime.Process()
			for b.Loop() {
				i++
				if _, problems := bc.load(catalog.BuiltinSources(), nil); len(problems) > 0 {
					b.Fatal(problems)
				}
			}
			b.ReportMetric(float64((cputime.Process()-cpu).Nanoseconds())/float64(i)/1e6, "cpu-ms/load")
		})
	}
}

// userHome makes a data home holding the user catalogue files given.
func userHome(t *testing.T, files map[string]string) string {
	t.Helper()
	home := t.TempDir()
	dir := UserCatalogDir(home)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return home
}

const myTool = `
[mytool]
style = "getopt"
does = ["reads-project"]
options = "--fast -v --out=o"

[mytool.risky.long]
hook = "runs another program"

[[mytool.example]]
rule = "mytool"
approve = ["mytool --fast src", "mytool -v"]

[[mytool.example]]
rule = "mytool"
ask = "mytool --slow"
reason = "is not an option Memo knows for mytool"

[[mytool.example]]
rule = "mytool"
ask = "mytool --hook=x"
reason = "runs another program"
`

// A user entry teaches Memo a program of its own: its options pass, others
// ask; without it the same line asks.
func TestUserEntryLoads(t *testing.T) {
	cat, err := LoadCatalog(userHome(t, map[string]string{"mine.toml": myTool}))
	if err != nil {
		t.Fatal(err)
	}
	if p := cat.Problems(); len(p) > 0 {
		t.Fatalf("problems: %v", p)
	}
	if v := cat.NewChecker([]string{"mytool"}).Check("mytool --fast src", nil); !v.Approved {
		t.Errorf("with the user entry: %s", v.Reason)
	}
	if v := verdict.NewChecker([]string{"mytool"}).Check("mytool --fast src", nil); v.Approved {
		t.Errorf("the builtin catalogue approves an option of a program it has no entry for")
	}
	if v := cat.NewChecker([]string{"mytool"}).Check("mytool --hook x", nil); v.Approved || !strings.Contains(v.Reason.String(), "runs another program") {
		t.Errorf("risky option of a user entry: %+v", v)
	}
	found := false
	for _, e := range cat.Entries() {
		if e.Program == "mytool" {
			found = e.Source == "user" && e.Examples == 4 && e.Options && e.Risky
		}
		if e.Program == "git" && e.Source != "builtin" {
			t.Errorf("git from %s", e.Source)
		}
	}
	if !found {
		t.Errorf("mytool not listed as a user entry with its 4 examples: %+v", cat.Entries())
	}
}

// Each way a user file can be wrong leaves its entry out, with a problem
// that names the file and says why; the builtin entries stay whole.
func TestUserEntryRefused(t *testing.T) {
	for name, tc := range map[string]struct{ text, want string }{
		"failing example":  {strings.Replace(myTool, `"mytool -v"`, `"mytool --slow"`, 1), "the example says it is approved"},
		"wrong reason":     {strings.Replace(myTool, `reason = "runs another program"`, `reason = "writes"`, 1), "the example's reason"},
		"unknown key":      {myTool + "\n[mytool.sub.x]\nopts = \"-a\"\n", "unknown keys"},
		"unknown top key":  {strings.Replace(myTool, "style = \"getopt\"", "style = \"getopt\"\nshell = true", 1), "unknown keys"},
		"duplicate key":    {strings.Replace(myTool, `does = ["reads-project"]`, "does = [\"reads-project\"]\ndoes = []", 1), "does"},
		"no examples":      {"[mytool]\noptions = \"-v\"\n", "needs examples"},
		"shell":            {strings.ReplaceAll(myTool, "mytool", "bash"), "refused as a rule"},
		"wrapper":          {strings.ReplaceAll(myTool, "mytool", "sudo"), "refused as a rule"},
		"versioned shell":  {strings.Replace(strings.ReplaceAll(myTool, "mytool", "python3.12"), "[python3.12]", `["python3.12"]`, 1), "refused as a rule"},
		"alias of refused": {strings.Replace(myTool, "style = \"getopt\"", "aliases = [\"curl\"]\nstyle = \"getopt\"", 1), "refused as a rule"},
		"builtin replaced": {strings.ReplaceAll(myTool, "mytool", "git"), "known to Memo already"},
		"gnu form":         {strings.ReplaceAll(myTool, "mytool", "gsed"), "known to Memo already"},
		// Every program refused bare has a builtin entry (pip since it
		// installs what the project declares): a user table is refused as
		// one replacing it.
		"bare refused":     {strings.ReplaceAll(myTool, "mytool", "pip"), "known to Memo already"},
		"interpreter":      {strings.Replace(myTool, "style = \"getopt\"", "interpreter = \"script\"", 1), "interpreter"},
		"filter":           {strings.Replace(myTool, "style = \"getopt\"", "filter = \"-v\"", 1), "cannot make a program a filter"},
		"refused list":     {"refused = []\n" + myTool, "cannot change the refused list"},
		"bare list":        {"bare = [\"git\"]\n" + myTool, "cannot change the bare list"},
		"variables list":   {"variables = []\n" + myTool, "cannot change the variables list"},
		"unknown reason":   {strings.Replace(myTool, `hook = "runs another program"`, `hook = "is fine"`, 1), "not one of the sentences"},
		"option sans dash": {strings.Replace(myTool, "--fast -v", "fast -v", 1), "does not start with a dash"},
		"bad style":        {strings.Replace(myTool, `style = "getopt"`, `style = "posix"`, 1), "style"},
		"bad capability":   {strings.Replace(myTool, `"reads-project"`, `"reads-everything"`, 1), "does"},
		"not toml":         {"[mytool\n", "toml:"},
	} {
		t.Run(name, func(t *testing.T) {
			cat, err := LoadCatalog(userHome(t, map[string]string{"mine.toml": tc.text}))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range cat.Problems() {
				if !strings.HasSuffix(p.File, "mine.toml") {
					t.Errorf("a builtin file has a problem: %s", p)
				}
				got = append(got, p.String())
			}
			if !strings.Contains(strings.Join(got, "\n"), tc.want) {
				t.Errorf("problems %q, want one saying %q", got, tc.want)
			}
			for _, e := range cat.Entries() {
				if e.Source == "user" {
					t.Errorf("%s loaded from %s", e.Program, e.File)
				}
			}
			// The builtin refusals and entries hold whatever the file says.
			for rule, want := range map[string]string{"bash": "runs anything", "sudo": "wrapper", "git": "bare"} {
				if why := cat.AcceptRule(rule); !strings.Contains(why.String(), want) {
					t.Errorf("AcceptRule(%q) = %q, want %q", rule, why, want)
				}
			}
			if v := cat.NewChecker([]string{"git status"}).Check("git status -s", nil); !v.Approved {
				t.Errorf("git status -s: %s", v.Reason)
			}
		})
	}
}

// An entry whose examples fail does not load: the loader checks every
// example, the builtin files' too, and leaves the entry out.
func TestEntryWithFailingExampleDoesNotLoad(t *testing.T) {
	bad := catalog.SourceFile{Path: "catalog/zz.toml", Data: []byte(strings.ReplaceAll(strings.Replace(myTool, `"mytool -v"`, `"mytool --slow"`, 1), "mytool", "zztool"))}
	c, problems := loadCatalog(append(catalog.BuiltinSources(), bad), nil)
	if len(problems) != 1 || problems[0].Program != "zztool" {
		t.Fatalf("problems %v, want one for zztool", problems)
	}
	if _, ok := c.Entries["zztool"]; ok {
		t.Error("zztool's entry loaded although its examples fail")
	}
	if _, ok := c.Entries["git"]; !ok {
		t.Error("git's entry left out with zztool's")
	}
}

// Every program with an entry carries examples.
func TestEveryEntryHasExamples(t *testing.T) {
	c := catalog.Builtin()
	for name, k := range c.Known {
		if name != k.Name {
			continue
		}
		if len(k.Examples) == 0 && verdict.AcceptRuleIn(c, name).IsZero() {
			t.Errorf("%s (%s) has no examples", name, k.File)
		}
	}
}

// Every example of every builtin table, by its file and line: what
// `make test` runs so that a wrong entry cannot ship.
func TestCatalogExamples(t *testing.T) {
	c := catalog.Builtin()
	n := 0
	for name, k := range c.Known {
		if name != k.Name {
			continue
		}
		for _, x := range k.Examples {
			n++
			if why := exampleFails(c, x); why != "" {
				t.Errorf("%s %s: %s", k.File, name, why)
			}
		}
	}
	if n < 250 {
		t.Errorf("the catalogue holds %d examples, want at least 250", n)
	}
}

// The catalogue is read at the first check, not when the package loads: in
// a fresh process, work that checks no rule (the file tools, a program's
// name) leaves it unread, and the first rule reads it.
func TestCatalogReadAtFirstCheck(t *testing.T) {
	if os.Getenv("MEMO_CATALOG_CHILD") == "1" {
		_ = ToolLabels("write_file")
		_ = verdict.AcceptTool("read_file")
		_ = catalog.ProgramName(`C:\Tools\GIT.EXE`)
		if catalog.BuiltinRead() {
			t.Fatal("the catalogue was read before any check")
		}
		if !verdict.AcceptRule("git status").IsZero() || !catalog.BuiltinRead() {
			t.Fatal("the first check did not read the catalogue")
		}
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestCatalogReadAtFirstCheck$", "-test.count=1")
	cmd.Env = append(os.Environ(), "MEMO_CATALOG_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "PASS") {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

// A user catalogue file that cannot be read as a file (a FIFO that would
// block the first check, a folder) is a problem naming it; the other
// user files still load.
func TestUserFileThatCannotBeRead(t *testing.T) {
	home := userHome(t, map[string]string{"mine.toml": myTool})
	dir := UserCatalogDir(home)
	want := "fifo.toml,folder.toml"
	if err := syscallMkfifo(filepath.Join(dir, "fifo.toml")); err != nil {
		want = "folder.toml" // no FIFOs on this system
	}
	if err := os.Mkdir(filepath.Join(dir, "folder.toml"), 0o755); err != nil {
		t.Fatal(err)
	}
	done := make(chan *Catalog, 1)
	go func() {
		cat, err := LoadCatalog(home)
		if err != nil {
			t.Error(err)
		}
		done <- cat
	}()
	var cat *Catalog
	select {
	case cat = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("LoadCatalog blocked on a FIFO")
	}
	if cat == nil {
		return
	}
	var files []string
	for _, p := range cat.Problems() {
		files = append(files, filepath.Base(p.File))
	}
	if strings.Join(files, ",") != want {
		t.Errorf("problems name %v, want %s", files, want)
	}
	if v := cat.NewChecker([]string{"mytool"}).Check("mytool --fast src", nil); !v.Approved {
		t.Errorf("the readable user file did not load: %s", v.Reason)
	}
}
