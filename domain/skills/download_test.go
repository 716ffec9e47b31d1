// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"memo.dev/projects/domain"
)

func TestArchiveBase(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"", DefaultArchiveBase, true},
		{"https://codeload.github.com", "https://codeload.github.com", true},
		{"https://mirror.example.org/gh/", "https://mirror.example.org/gh", true},
		{"http://127.0.0.1:8080", "http://127.0.0.1:8080", true},
		{"http://localhost:9", "http://localhost:9", true},
		{"http://[::1]:9", "http://[::1]:9", true},
		{"http://example.org", "", false},
		{"http://10.0.0.1", "", false},
		{"ftp://127.0.0.1", "", false},
		{"https://user:pw@example.org", "", false},
		{"127.0.0.1:8080", "", false},
		{"https://example.org/?x=1", "", false},
	}
	for _, tt := range tests {
		got, err := ArchiveBase(tt.in)
		if tt.ok && (err != nil || got != tt.want) || !tt.ok && domain.KindOf(err) != domain.KindInvalid {
			t.Errorf("ArchiveBase(%q) = %q, %v; want %q (ok %v)", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func testDownloader(url string, limit int64) *downloader {
	return &downloader{client: http.DefaultClient, base: url, limit: limit, readTimeout: time.Minute}
}

func TestDownloadStatusErrors(t *testing.T) {
	tests := []struct {
		status int
		header map[string]string
		kind   domain.Kind
		is     error
		says   string
	}{
		{404, nil, domain.KindNotFound, nil, "no such repository or ref"},
		{429, map[string]string{"Retry-After": "120"}, domain.KindForbidden, ErrRateLimited, "try again in 2m0s"},
		{403, map[string]string{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1700000000"}, domain.KindForbidden, ErrRateLimited, "try again after 22:13 UTC"},
		{403, nil, domain.KindForbidden, nil, "refused the download"},
		{502, nil, domain.KindInternal, nil, "try again later"},
		{418, nil, domain.KindInternal, nil, "418"},
	}
	for _, tt := range tests {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/owner/repo/tar.gz/v1" {
				t.Errorf("request path %q", r.URL.Path)
			}
			for k, v := range tt.header {
				w.Header().Set(k, v)
			}
			w.WriteHeader(tt.status)
		}))
		_, err := testDownloader(srv.URL, 100).open(context.Background(), Source{Owner: "owner", Repo: "repo", Ref: "v1"}, nil)
		srv.Close()
		if err == nil || domain.KindOf(err) != tt.kind || tt.is != nil && !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("status %d: open = %v (kind %s); want kind %s saying %q", tt.status, err, domain.KindOf(err), tt.kind, tt.says)
		}
	}
}

// The compressed limit holds while streaming, whether or not the server
// says the size: reading stops at limit+1 bytes.
func TestDownloadLimit(t *testing.T) {
	const limit = 10_000
	for _, announce := range []bool{true, false} {
		var sent atomic.Int64
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !announce {
				w.Header().Set("Transfer-Encoding", "chunked")
			} else {
				w.Header().Set("Content-Length", "1000000")
			}
			chunk := make([]byte, 1000)
			for range 1000 {
				n, err := w.Write(chunk)
				sent.Add(int64(n))
				if err != nil {
					return
				}
				w.(http.Flusher).Flush()
			}
		}))
		var last int64
		body, err := testDownloader(srv.URL, limit).open(context.Background(), Source{Owner: "o", Repo: "r"}, func(done, total int64) { last = done })
		if announce {
			if domain.KindOf(err) != domain.KindForbidden || !strings.Contains(err.Error(), "larger than") {
				t.Errorf("announced 1 MB: open = %v; want refused before reading", err)
			}
			srv.Close()
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		n, err := io.Copy(io.Discard, body)
		body.Close()
		srv.Close()
		if domain.KindOf(err) != domain.KindForbidden || !strings.Contains(err.Error(), "larger than") {
			t.Errorf("chunked: read = %v; want refused", err)
		}
		if n != limit+1 || last != limit+1 {
			t.Errorf("chunked: read %d bytes, progress said %d; want exactly limit+1 = %d", n, last, limit+1)
		}
	}
}

func TestDownloadProgressAndShortBody(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "3000")
		w.Write(make([]byte, 3000))
	}))
	defer srv.Close()
	var calls [][2]int64
	body, err := testDownloader(srv.URL, 1<<20).open(context.Background(), Source{Owner: "o", Repo: "r"}, func(d, t int64) { calls = append(calls, [2]int64{d, t}) })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(io.Discard, body); err != nil {
		t.Fatal(err)
	}
	body.Close()
	if len(calls) < 2 || calls[0] != [2]int64{0, 3000} || calls[len(calls)-1] != [2]int64{3000, 3000} {
		t.Errorf("progress calls = %v; want 0/3000 … 3000/3000", calls)
	}
	for i := 1; i < len(calls); i++ {
		if calls[i][0] < calls[i-1][0] {
			t.Errorf("progress went back: %v", calls)
		}
	}
}

// A server that stops sending: the read timeout ends the download with a sentence.
func TestDownloadStalls(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("partial"))
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	d := testDownloader(srv.URL, 1<<20)
	d.readTimeout = 100 * time.Millisecond
	body, err := d.open(context.Background(), Source{Owner: "o", Repo: "r"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer body.Close()
	_, err = io.Copy(io.Discard, body)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "stalled") {
		t.Errorf("stalled download = %v; want a stall sentence", err)
	}
}

func TestDownloadCancel(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("partial"))
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	body, err := testDownloader(srv.URL, 1<<20).open(ctx, Source{Owner: "o", Repo: "r"}, func(done, _ int64) {
		if done > 0 {
			cancel() // the Cancel button, pressed once bytes arrive
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer body.Close()
	_, err = io.Copy(io.Discard, body)
	if !errors.Is(err, context.Canceled) || err.Error() != "the download was cancelled" {
		t.Errorf("cancelled download = %v; want \"the download was cancelled\"", err)
	}
	// Cancelled before the request: the same sentence.
	_, err = testDownloader(srv.URL, 1<<20).open(ctx, Source{Owner: "o", Repo: "r"}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("open with a cancelled context = %v", err)
	}
}

func TestDownloadUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // nothing listens there now
	_, err := testDownloader(url, 100).open(context.Background(), Source{Owner: "o", Repo: "r"}, nil)
	if err == nil || !strings.Contains(err.Error(), "cannot download from 127.0.0.1") {
		t.Errorf("open of a closed port = %v", err)
	}
}

func TestRedirectsOnlyToHTTPS(t *testing.T) {
	target := httptest.NewServer(http.NotFoundHandler())
	defer target.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://example.invalid/x", http.StatusFound)
	}))
	defer srv.Close()
	d := testDownloader(srv.URL, 100)
	d.client = NewHTTPClient()
	_, err := d.open(context.Background(), Source{Owner: "o", Repo: "r"}, nil)
	if err == nil || !strings.Contains(err.Error(), "refused a redirect") {
		t.Errorf("redirect to plain http = %v; want refused", err)
	}
}

// A server that sends a byte before each pause would run out the idle
// timeout: the overall deadline ends the download, and says how long it waited.
func TestDownloadDeadline(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for {
			if _, err := w.Write([]byte{0}); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-time.After(20 * time.Millisecond):
			case <-r.Context().Done():
				return
			}
		}
	}))
	defer srv.Close()
	d := testDownloader(srv.URL, 1<<20)
	d.readTimeout = time.Second
	d.deadline = 300 * time.Millisecond
	start := time.Now()
	body, err := d.open(context.Background(), Source{Owner: "o", Repo: "r"}, nil)
	if err == nil {
		_, err = io.Copy(io.Discard, body)
		body.Close()
	}
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(fmt.Sprint(err), "given up after 300ms") || domain.KindOf(err) != domain.KindInternal {
		t.Errorf("a trickling download = %v; want given up after 300ms", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the deadline of 300ms took %v", took)
	}
	// A server that never answers at all meets the same deadline.
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	defer hang.Close()
	d = testDownloader(hang.URL, 1<<20)
	d.deadline = 200 * time.Millisecond
	if _, err := d.open(context.Background(), Source{Owner: "o", Repo: "r"}, nil); !strings.Contains(fmt.Sprint(err), "given up after 200ms") {
		t.Errorf("a server that never answers = %v; want given up after 200ms", err)
	}
}
