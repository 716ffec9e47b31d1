// SPDX-License-Identifier: Apache-2.0

package atomicfile

import (
	"errors"
	"strings"
	"testing"
	"time"

	"memo.dev/projects/domain"
)

var (
	errHeld    = errors.New("access is denied") // stands for ERROR_ACCESS_DENIED
	errLasting = errors.New("the disk is full")
)

// fakeClock advances only when slept on.
type fakeClock struct {
	t      time.Time
	sleeps []time.Duration
}

func (c *fakeClock) now() time.Time        { return c.t }
func (c *fakeClock) sleep(d time.Duration) { c.sleeps = append(c.sleeps, d); c.t = c.t.Add(d) }
func (c *fakeClock) slept() (d time.Duration) {
	for _, s := range c.sleeps {
		d += s
	}
	return d
}

func TestRenameRetrying(t *testing.T) {
	cases := []struct {
		name      string
		fails     []error // what each rename returns, then success
		always    error   // when set, every rename returns it
		wantErr   error
		wantCalls int
	}{
		{name: "first try", wantCalls: 1},
		{name: "held twice", fails: []error{errHeld, errHeld}, wantCalls: 3},
		{name: "lasting error", fails: []error{errLasting}, wantErr: errLasting, wantCalls: 1},
		{name: "held, then lasting", fails: []error{errHeld, errLasting}, wantErr: errLasting, wantCalls: 2},
		{name: "held for good", always: errHeld, wantErr: errHeld, wantCalls: 11},
	}
	for _, c := range cases {
		clock := &fakeClock{t: time.Unix(1e9, 0)}
		calls := 0
		r := retrier{
			rename: func(oldpath, newpath string) error {
				if oldpath != "dir/.f.tmp" || newpath != "dir/AGENTS.md" {
					t.Errorf("%s: rename(%q, %q)", c.name, oldpath, newpath)
				}
				calls++
				if c.always != nil {
					return c.always
				}
				if calls <= len(c.fails) {
					return c.fails[calls-1]
				}
				return nil
			},
			transient: func(err error) bool { return err == errHeld },
			now:       clock.now,
			sleep:     clock.sleep,
		}
		err := r.renameRetrying("dir/.f.tmp", "dir/AGENTS.md", "/work/dir/AGENTS.md")
		if !errors.Is(err, c.wantErr) || (c.wantErr == nil) != (err == nil) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.wantErr)
		}
		if calls != c.wantCalls {
			t.Errorf("%s: %d renames, want %d (slept %v)", c.name, calls, c.wantCalls, clock.sleeps)
		}
		if clock.slept() >= retryFor {
			t.Errorf("%s: slept %v, more than %v", c.name, clock.slept(), retryFor)
		}
		if c.always != nil {
			if domain.KindOf(err) != domain.KindConflict || !strings.Contains(err.Error(), "/work/dir/AGENTS.md is held open by another program") {
				t.Errorf("%s: error %q (kind %s), want a conflict naming AGENTS.md", c.name, err, domain.KindOf(err))
			}
			const want = "/work/dir/AGENTS.md is held open by another program (an editor or a virus scanner?), so Memo cannot replace it; close it there and try again"
			if txt, ok := domain.TextOf(err); err.Error() != want || !ok || txt.String() != want || txt.Args["Path"] != "/work/dir/AGENTS.md" {
				t.Errorf("%s: error %q with Text %+v, want %q carried as a Text", c.name, err, txt, want)
			}
		}
	}
}
