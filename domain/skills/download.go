// SPDX-License-Identifier: Apache-2.0

package skills

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"memo.dev/projects/domain"
)

// DefaultArchiveBase serves GitHub's tarballs; MEMO_GITHUB_ARCHIVE_BASE replaces it (docs/skills.md §5).
const DefaultArchiveBase = "https://codeload.github.com"

// Timeouts of a download: to connect (and finish TLS), for GitHub to start
// answering, the longest pause between two reads of the body, and the
// longest a whole download may take (a server that trickles a byte before
// each pause runs out would keep it going for ever): 25 MB at 64 kB/s.
const (
	ConnectTimeout   = 15 * time.Second
	AnswerTimeout    = 30 * time.Second
	ReadTimeout      = 30 * time.Second
	DownloadDeadline = 7 * time.Minute
)

// ErrRateLimited is GitHub refusing to serve more archives for now.
var ErrRateLimited = errors.New("rate limited")

// ArchiveBase checks a replacement for DefaultArchiveBase: https, or plain
// http only for a loopback host (tests, a local mirror); "" is the default.
func ArchiveBase(s string) (string, error) {
	if s == "" {
		return DefaultArchiveBase, nil
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", domain.T("the archive base {{.Base}} is not a web address like https://codeload.github.com", "Base", strconv.Quote(s)).Err(domain.ErrInvalid)
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !isLoopback(u.Hostname()) {
			return "", domain.T("the archive base {{.Base}} uses plain http; only https is accepted, or http to this machine (localhost, 127.0.0.1, ::1)", "Base", strconv.Quote(s)).Err(domain.ErrInvalid)
		}
	default:
		return "", domain.T("the archive base {{.Base}} is not an https address", "Base", strconv.Quote(s)).Err(domain.ErrInvalid)
	}
	return strings.TrimRight(s, "/"), nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// NewHTTPClient is the client downloads use unless another is injected: it
// gives up on a connection or an answer that does not come, and follows a
// redirect only to https (or to loopback, for tests).
func NewHTTPClient() *http.Client {
	dialer := &net.Dialer{Timeout: ConnectTimeout}
	return &http.Client{
		Transport: &http.Transport{
			Proxy:                 http.ProxyFromEnvironment,
			DialContext:           dialer.DialContext,
			TLSHandshakeTimeout:   ConnectTimeout,
			ResponseHeaderTimeout: AnswerTimeout,
			// The body is gzip already; a transparent second layer would hide the real size.
			DisableCompression: true,
			ForceAttemptHTTP2:  true,
		},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 5 {
				return errors.New("too many redirects")
			}
			if req.URL.Scheme != "https" && !isLoopback(req.URL.Hostname()) {
				return fmt.Errorf("refused a redirect to %s", req.URL.Redacted())
			}
			return nil
		},
	}
}

// Progress is told the bytes downloaded so far and the total, or -1 when the
// server did not say. It is called on the downloading goroutine.
type Progress func(done, total int64)

// downloader fetches a source's archive.
type downloader struct {
	client      *http.Client
	base        string
	limit       int64         // compressed bytes
	readTimeout time.Duration // longest pause between reads
	deadline    time.Duration // longest whole download
}

// archiveURL is {base}/{owner}/{repo}/tar.gz/{ref}.
func (d *downloader) archiveURL(src Source) string {
	ref := src.Ref
	if ref == "" {
		ref = "HEAD"
	}
	return d.base + "/" + url.PathEscape(src.Owner) + "/" + url.PathEscape(src.Repo) + "/tar.gz/" + url.PathEscape(ref)
}

// open starts the download. The body it returns stops with an error at
// limit+1 bytes, after readTimeout without data, deadline after the start,
// or when ctx ends; every failure is a sentence.
func (d *downloader) open(ctx context.Context, src Source, progress Progress) (io.ReadCloser, error) {
	ctx, cancelCtx := context.WithCancel(ctx)
	limit := d.deadline
	if limit <= 0 {
		limit = DownloadDeadline
	}
	var overdue atomic.Bool
	deadline := time.AfterFunc(limit, func() { overdue.Store(true); cancelCtx() })
	cancel := func() { deadline.Stop(); cancelCtx() }
	u := d.archiveURL(src)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		cancel()
		return nil, domain.T("cannot make a download address from {{.Source}}: {{.Error}}", "Source", src.String(), "Error", domain.Sentence(err)).Err(domain.ErrInvalid)
	}
	req.Header.Set("User-Agent", "memo-projects")
	resp, err := d.client.Do(req)
	if err != nil {
		err = netError(ctx, err, u, false) // before cancel: ctx says whether the caller cancelled
		if overdue.Load() {
			err = tooSlow(src, limit)
		}
		cancel()
		return nil, err
	}
	if err := statusError(resp, src); err != nil {
		resp.Body.Close()
		cancel()
		return nil, err
	}
	if resp.ContentLength > d.limit {
		resp.Body.Close()
		cancel()
		return nil, tooBig(src, d.limit)
	}
	b := &body{r: resp.Body, close: resp.Body.Close, cancel: cancel, ctx: ctx, url: u, src: src,
		limit: d.limit, total: resp.ContentLength, progress: progress, overdue: &overdue, deadline: limit}
	b.timer = time.AfterFunc(d.readTimeout, func() { b.stalled.Store(true); cancel() })
	b.timeout = d.readTimeout
	if progress != nil {
		progress(0, b.total)
	}
	return b, nil
}

func tooSlow(src Source, deadline time.Duration) error {
	return domain.T("the download of {{.Source}} was given up after {{.Waited}}, the longest Memo waits for one; try again later or on a faster connection", "Source", src.String(), "Waited", deadline.String()).Wrap(errInternal, context.DeadlineExceeded)
}

func tooBig(src Source, limit int64) error {
	return domain.T("the archive of {{.Source}} is larger than {{.Limit}} compressed, more than a skill needs; name the skill's folder (owner/repo/path) if the repository is large", "Source", src.String(), "Limit", mb(limit)).Err(domain.ErrRefused)
}

// body is a download in progress.
type body struct {
	r        io.Reader
	close    func() error
	cancel   context.CancelFunc
	ctx      context.Context
	url      string
	src      Source
	limit    int64
	total    int64
	done     int64
	progress Progress
	timer    *time.Timer
	timeout  time.Duration
	stalled  atomic.Bool
	overdue  *atomic.Bool // the whole download took longer than deadline
	deadline time.Duration
}

func (b *body) Read(p []byte) (int, error) {
	// Never read past limit+1: the byte after the limit is the proof it was passed.
	if room := b.limit + 1 - b.done; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := b.r.Read(p)
	b.done += int64(n)
	if n > 0 {
		b.timer.Reset(b.timeout)
		if b.progress != nil {
			b.progress(b.done, b.total)
		}
	}
	if b.done > b.limit {
		return n, tooBig(b.src, b.limit)
	}
	if err != nil && err != io.EOF {
		if b.overdue.Load() {
			return n, tooSlow(b.src, b.deadline)
		}
		if b.stalled.Load() {
			return n, domain.T("the download of {{.Source}} stalled: no data for {{.Timeout}}; try again later", "Source", b.src.String(), "Timeout", b.timeout.String()).Wrap(errInternal, context.DeadlineExceeded)
		}
		return n, netError(b.ctx, err, b.url, true)
	}
	if err == io.EOF && b.total >= 0 && b.done < b.total {
		return n, domain.T("the download of {{.Source}} ended early ({{.Done}} of {{.Total}} bytes); try again", "Source", b.src.String(), "Done", b.done, "Total", b.total).Err(errInternal)
	}
	return n, err
}

func (b *body) Close() error {
	b.timer.Stop()
	b.cancel()
	return b.close()
}

// statusError turns GitHub's answer into a sentence, or nil for 200.
func statusError(resp *http.Response, src Source) error {
	switch code := resp.StatusCode; {
	case code == http.StatusOK:
		return nil
	case code == http.StatusNotFound:
		return domain.T("no such repository or ref: {{.Source}} (GitHub answered 404; private repositories cannot be installed from)", "Source", src.String()).Err(domain.ErrNotFound)
	case code == http.StatusTooManyRequests || code == http.StatusForbidden && resp.Header.Get("X-RateLimit-Remaining") == "0":
		return domain.T("GitHub is limiting downloads from this address for now ({{.Status}}); {{.Retry}}", "Status", resp.Status, "Retry", retryAfter(resp)).Wrap(domain.ErrRefused, ErrRateLimited)
	case code == http.StatusForbidden:
		return domain.T("GitHub refused the download of {{.Source}} (403 Forbidden)", "Source", src.String()).Err(domain.ErrRefused)
	case code >= 500:
		return domain.T("GitHub could not serve {{.Source}} right now ({{.Status}}); try again later", "Source", src.String(), "Status", resp.Status).Err(errInternal)
	}
	return domain.T("GitHub answered {{.Status}} for {{.Source}}", "Status", resp.Status, "Source", src.String()).Err(errInternal)
}

func retryAfter(resp *http.Response) domain.Text {
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
		return domain.T("try again in {{.Wait}}", "Wait", (time.Duration(s) * time.Second).String())
	}
	if s, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64); err == nil {
		return domain.T("try again after {{.Time}}", "Time", time.Unix(s, 0).UTC().Format("15:04 UTC"))
	}
	return domain.T("try again later")
}

// netError turns a transport failure into a sentence, keeping
// context.Canceled matchable with errors.Is.
func netError(ctx context.Context, err error, u string, reading bool) error {
	host := u
	if p, perr := url.Parse(u); perr == nil {
		host = p.Host
	}
	var nerr net.Error
	var dnsErr *net.DNSError
	switch {
	case errors.Is(ctx.Err(), context.Canceled) && !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		return domain.T("the download was cancelled").Wrap(errInternal, context.Canceled)
	case errors.As(err, &dnsErr):
		return domain.T("cannot find {{.Host}} ({{.Error}}); check the network connection", "Host", host, "Error", dnsErr.Err).Err(errInternal)
	case errors.As(err, &nerr) && nerr.Timeout(), errors.Is(err, context.DeadlineExceeded):
		if reading {
			return domain.T("the download from {{.Host}} stalled; try again later", "Host", host).Wrap(errInternal, context.DeadlineExceeded)
		}
		return domain.T("{{.Host}} did not answer in time; check the network connection or try again later", "Host", host).Wrap(errInternal, context.DeadlineExceeded)
	}
	if reading {
		return domain.T("the download from {{.Host}} broke off: {{.Error}}", "Host", host, "Error", netReason(err)).Wrap(errInternal, err)
	}
	// The cause is kept: the window words a network error in plain words.
	return domain.T("cannot download from {{.Host}}: {{.Error}}", "Host", host, "Error", netReason(err)).Wrap(errInternal, err)
}

// netReason is the innermost words of a transport failure: a url.Error and
// a net.OpError repeat the address the sentence already names ("Get
// \"http://…\": dial tcp 127.0.0.1:1: connect: connection refused"), so
// the reason is said once ("connection refused").
func netReason(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		err = oe.Err
	}
	var se *os.SyscallError
	if errors.As(err, &se) {
		err = se.Err
	}
	return err.Error()
}

func mb(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// errInternal is the kind of a failure no caller acts on (the network, the
// disk): domain.KindOf reports it as internal. Made with domain.T, its
// sentence still carries its Text for the window, and its cause still
// matches with errors.Is.
var errInternal = errors.New("internal failure")
