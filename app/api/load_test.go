// SPDX-License-Identifier: Apache-2.0

package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"memo.dev/projects/domain/guard"
	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/persistence"
)

// loadEnv switches TestLoad to its full size (make bench).
const loadEnv = "MEMO_API_LOAD"

// TestLoad is the API's load test (docs/api.md §8) on loopback: clients call status
// against one real server (the real registry and services) with many
// registered projects, while another client saves and trusts permissions in
// a loop. Every call must succeed. It is bounded in count and in time and
// stops by itself. By default it runs small; with MEMO_API_LOAD=1 (make
// bench) it runs 8 clients × 2,000 calls over 1,000 projects and reports
// p50/p99.
func TestLoad(t *testing.T) {
	clients, calls, projects := 8, 50, 50
	if os.Getenv(loadEnv) != "" {
		clients, calls, projects = 8, 2000, 1000
	}
	runLoad(t, clients, calls, projects, 3*time.Minute)
}

func runLoad(t *testing.T, clients, calls, nProjects int, limit time.Duration) {
	home := t.TempDir()
	store, err := persistence.Open(home, persistence.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	rules := guard.Rules{OS: guard.HostOS(), Home: home, MemoHome: filepath.Join(home, ".memo"), TempDir: os.TempDir()}
	projects := project.NewService(rules, store.Registry(), store.Settings(), time.Now)
	perms := permissions.NewService(projects, store.Registry(), store.Pins(), home, time.Now)
	t.Cleanup(func() { perms.Close() })

	// The projects: real folders, registered as opening them does; every
	// tenth one set up.
	start := time.Now()
	base := t.TempDir()
	folders := make([]string, nProjects)
	for i := range folders {
		folders[i] = filepath.Join(base, fmt.Sprintf("project-%04d", i))
		if err := os.Mkdir(folders[i], 0o755); err != nil {
			t.Fatal(err)
		}
		if i%10 == 0 {
			_, err = projects.Setup(folders[i])
		} else {
			_, _, err = projects.Register(folders[i])
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if list, err := projects.List(); err != nil || len(list) != nProjects {
		t.Fatalf("%d registered projects (%v), want %d", len(list), err, nProjects)
	}
	t.Logf("%d projects registered in %v", nProjects, time.Since(start).Round(time.Millisecond))

	srv, err := New(Config{Projects: projects, Permissions: perms, DataDir: store.DataDir(), PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx) }()

	client := &http.Client{
		Timeout:   30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: clients + 1, DisableCompression: true},
	}
	call := func(endpoint string, body any) (int, []byte, error) {
		b, _ := json.Marshal(body)
		req, err := http.NewRequestWithContext(ctx, "POST", "http://"+srv.Addr()+endpoint, bytes.NewReader(b))
		if err != nil {
			return 0, nil, err
		}
		req.Header.Set("Authorization", "Bearer "+srv.token)
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		out, err := io.ReadAll(resp.Body)
		return resp.StatusCode, out, err
	}

	var (
		errMu  sync.Mutex
		errs   []string
		failed atomic.Int64
	)
	fail := func(format string, args ...any) {
		failed.Add(1)
		errMu.Lock()
		defer errMu.Unlock()
		if len(errs) < 10 {
			errs = append(errs, fmt.Sprintf(format, args...))
		}
	}

	// The ninth client: save and trust one project's permissions in a loop
	// until the status clients are done.
	trusted := folders[0]
	done := make(chan struct{})
	var writes atomic.Int64
	var writer sync.WaitGroup
	writer.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			default:
			}
			file := permissions.Permissions{Version: 1, AllowedCommands: []string{"go test", fmt.Sprintf("make test-%d", i)}, AllowedTools: []string{"read_file"}}
			code, out, err := call("/api/projects/permissions/save", map[string]any{"path": trusted, "permissions": file})
			if err != nil || code != 200 {
				fail("save %d: %d %s %v", i, code, out, err)
				continue
			}
			code, out, err = call("/api/projects/permissions/trust", map[string]any{"path": trusted})
			var rep permissions.Report
			if err != nil || code != 200 || json.Unmarshal(out, &rep) != nil || !rep.Status.Trusted {
				fail("trust %d: %d %s %v", i, code, out, err)
				continue
			}
			writes.Add(2)
		}
	})

	latencies := make([][]time.Duration, clients)
	var readers sync.WaitGroup
	start = time.Now()
	for c := range clients {
		readers.Go(func() {
			lat := make([]time.Duration, 0, calls)
			for i := range calls {
				if ctx.Err() != nil {
					fail("client %d stopped at call %d: the time limit of %v passed", c, i, limit)
					return
				}
				path := folders[(c*calls+i)%len(folders)]
				t0 := time.Now()
				code, out, err := call("/api/projects/status", map[string]string{"path": path})
				lat = append(lat, time.Since(t0))
				var st project.Status
				if err != nil || code != 200 || json.Unmarshal(out, &st) != nil || st.Root != path || !st.Allowed || st.ID == "" {
					fail("status %s: %d %s %v", path, code, out, err)
				}
			}
			latencies[c] = lat
		})
	}
	readers.Wait()
	elapsed := time.Since(start)
	close(done)
	writer.Wait()
	cancel()
	if err := <-served; err != nil {
		t.Errorf("serve: %v", err)
	}

	all := slices.Concat(latencies...)
	if n := failed.Load(); n > 0 {
		t.Fatalf("%d of %d calls failed, for example:\n%s", n, len(all)+int(writes.Load()), errs)
	}
	if len(all) != clients*calls {
		t.Fatalf("%d status calls made, want %d", len(all), clients*calls)
	}
	if writes.Load() == 0 {
		t.Errorf("the ninth client saved and trusted nothing meanwhile")
	}
	slices.Sort(all)
	pct := func(p float64) time.Duration { return all[int(p*float64(len(all)-1))] }
	t.Logf("%d clients × %d status calls, %d projects: %v, %.0f calls/s; p50 %v, p99 %v, max %v; %d saves and trusts meanwhile, 0 errors",
		clients, calls, nProjects, elapsed.Round(time.Millisecond), float64(len(all))/elapsed.Seconds(),
		pct(0.50).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), all[len(all)-1].Round(time.Microsecond), writes.Load())
}
