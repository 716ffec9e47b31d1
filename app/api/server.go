// SPDX-License-Identifier: Apache-2.0

// Package api is the loopback HTTP API of docs/api.md: the endpoints the chat app
// calls. It has no logic of its own: every answer comes from the same domain
// services as the command line and the window, and every HTTP status from the
// same error kinds (domain.KindOf) as the command line's exit codes.
package api

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/filelock"
	"memo.dev/projects/domain/pathname"
	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/strictjson"
)

// MaxBody is the largest request body accepted; a permissions file is a few KiB.
const MaxBody = 1 << 20

// Projects is what the API asks of the project service.
type Projects interface {
	Status(path string) (project.Status, error)
	Setup(path string) (project.SetupResult, error)
	Decline(path string, declined bool) (project.Status, error)
}

// Permissions is what the API asks of the permissions service
// (*permissions.Service).
type Permissions interface {
	Report(path string) (permissions.Report, error)
	SaveReviewed(path string, content []byte, reviewed string) (permissions.Status, error)
	Trust(path string) (permissions.Status, error)
	TrustReviewed(path, hash string) (permissions.Status, error)
	ProposeRule(path, line string) (permissions.Proposal, error)
	AllowRule(path, line, hash string) (permissions.Proposal, permissions.Status, error)
}

// Config is what a Server serves and where it keeps its files.
type Config struct {
	Projects Projects
	// Permissions serves the /api/projects/permissions endpoints (absent:
	// they are not served).
	Permissions Permissions
	// DataDir is Memo's data folder: the token and the discovery file live there.
	DataDir string
	Now     func() time.Time
	// PID is written to the discovery file (os.Getpid()).
	PID int
	// Notify receives what a person should know once (a token replaced
	// because other users could read it); nil: nobody is told.
	Notify func(string)
}

// Server is one loopback API server. Start it with Listen, then Serve.
type Server struct {
	cfg   Config
	token string
	ln    net.Listener
	port  string
	srv   *http.Server
	disc  *discovery
	live  liveness
	// lock is data/api.lock, held from Listen until Serve returns: one
	// server per data home.
	lock *filelock.Lock
	// tokenEvery is how often Serve checks that the token file is there.
	tokenEvery time.Duration
}

// tokenEvery: a token file deleted while serving is written again within
// this time, for the clients that start later.
const tokenEvery = 2 * time.Second

// Mux registers POST endpoints behind the server's checks.
type Mux struct{ mux *http.ServeMux }

// Handle registers h for POST requests to path.
func (m *Mux) Handle(path string, h func(w http.ResponseWriter, r *http.Request)) {
	m.mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			writeError(w, http.StatusMethodNotAllowed, "invalid", fmt.Sprintf("%s takes POST, not %s", path, r.Method))
			return
		}
		h(w, r)
	})
}

// New prepares a server: it reads (or creates, on first start) the token.
func New(cfg Config) (*Server, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	token, notice, err := loadToken(cfg.DataDir, ownUID())
	if err != nil {
		return nil, err
	}
	if notice != "" && cfg.Notify != nil {
		cfg.Notify(notice)
	}
	return &Server{cfg: cfg, token: token, live: systemLiveness(), tokenEvery: tokenEvery}, nil
}

// TokenFile is where the bearer token is kept.
func TokenFile(dataDir string) string { return filepath.Join(dataDir, tokenName) }

// DiscoveryFile is where a listening server says where it listens.
func DiscoveryFile(dataDir string) string { return filepath.Join(dataDir, discoveryName) }

// CheckAddr refuses an address the API would not answer on: the API is for
// programs on this device only, so it listens on loopback, and only on the
// names its Host check accepts (loopbackHost). Another loopback address
// (127.0.0.2) would be accepted here and then refuse every request sent to
// it; a web page's own address is one such.
func CheckAddr(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return domain.Invalid("%q is not an address: give 127.0.0.1:PORT", addr)
	}
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return domain.Invalid("%q has no valid port: give 127.0.0.1:PORT", addr)
	}
	if !hostName(host) {
		return domain.Invalid("the API listens on 127.0.0.1, [::1] or localhost only (the names it answers to), not %q", host)
	}
	return nil
}

// hostName reports whether h is a name the API listens on and answers to.
func hostName(h string) bool {
	switch h {
	case "127.0.0.1", "::1", "localhost":
		return true
	}
	return false
}

// Listen takes the data home's server lock, binds addr (loopback only) and
// writes the discovery file. Another server of this data home is a conflict
// (ErrAnotherServer) naming it.
func (s *Server) Listen(addr string) error {
	if err := CheckAddr(addr); err != nil {
		return err
	}
	lock, err := holdDataHome(s.cfg.DataDir, s.live, serverWait)
	if err != nil {
		return err
	}
	if err := s.listen(addr); err != nil {
		lock.Release()
		return err
	}
	s.lock = lock
	return nil
}

func (s *Server) listen(addr string) error {
	// A server of an older version takes no lock: its api.json tells.
	d, err := claimDiscovery(s.cfg.DataDir, s.live)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		if errors.Is(err, errAddrInUse) || strings.Contains(err.Error(), "address already in use") {
			return domain.Conflict("%s is already in use by another program; choose another port with --addr 127.0.0.1:PORT", addr)
		}
		return fmt.Errorf("cannot listen on %s: %w", addr, err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	if err := d.write(Discovery{Addr: ln.Addr().String(), PID: s.cfg.PID, Started: s.cfg.Now().UTC()}); err != nil {
		ln.Close()
		return err
	}
	s.ln, s.port, s.disc = jsonErrors{ln}, port, d
	s.srv = &http.Server{
		Handler: s.Handler(),
		// OPTIONS * too passes the checks and gets a JSON answer.
		DisableGeneralOptionsHandler: true,
		ReadHeaderTimeout:            5 * time.Second,
		ReadTimeout:                  15 * time.Second,
		// Setup writes a few files; a minute is far more than it needs.
		WriteTimeout:   60 * time.Second,
		IdleTimeout:    60 * time.Second,
		MaxHeaderBytes: 16 << 10,
	}
	return nil
}

// Close undoes a Listen that will not be served: the address, the
// discovery file and the lock are given up.
func (s *Server) Close() {
	if s.ln == nil {
		return
	}
	s.ln.Close()
	s.disc.remove()
	s.lock.Release()
}

// Addr is where the server listens (after Listen).
func (s *Server) Addr() string {
	if s.ln == nil {
		return ""
	}
	return s.ln.Addr().String()
}

// Serve answers requests until ctx is cancelled, then shuts down gracefully
// (requests in flight finish) and removes the discovery file.
func (s *Server) Serve(ctx context.Context) error {
	if s.srv == nil {
		return errors.New("serve before listen")
	}
	errc := make(chan error, 1)
	go func() { errc <- s.srv.Serve(s.ln) }()
	tick := time.NewTicker(s.tokenEvery)
	defer tick.Stop()
	var err error
	for served := false; !served; {
		select {
		case err = <-errc:
			served = true
		case <-tick.C:
			s.keepToken()
		case <-ctx.Done():
			shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			err = s.srv.Shutdown(shutdown)
			cancel()
			<-errc
			served = true
		}
	}
	s.disc.remove()
	// After the file is gone: the next server writes its own.
	s.lock.Release()
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// keepToken writes the token file again when it was deleted, and says so
// (a failure too: clients that start now cannot authenticate).
func (s *Server) keepToken() {
	wrote, err := keepToken(s.cfg.DataDir, s.token)
	if s.cfg.Notify == nil {
		return
	}
	switch {
	case err != nil:
		s.cfg.Notify(err.Error())
	case wrote:
		s.cfg.Notify(fmt.Sprintf("%s was deleted while the API server ran: wrote it again, so that programs that start now can read the token", TokenFile(s.cfg.DataDir)))
	}
}

// Handler is the API with its security checks, for a server or a test.
func (s *Server) Handler() http.Handler {
	m := &Mux{mux: http.NewServeMux()}
	s.register(m)
	m.mux.HandleFunc("/", noEndpoint)
	return s.guard(exactPaths(m.mux))
}

func noEndpoint(w http.ResponseWriter, r *http.Request) {
	where := r.URL.Path
	if where == "" {
		where = r.RequestURI // CONNECT's host:port
	}
	writeError(w, http.StatusNotFound, string(domain.KindNotFound), fmt.Sprintf("no endpoint %s", where))
}

// exactPaths lets only a clean path reach the mux: ServeMux would answer
// /api/projects/./status, // or .. with a bare redirect of its own, and
// CONNECT or OPTIONS * with its own plain text. Those are no endpoint (404),
// answered as JSON like every answer, after the checks of guard.
func exactPaths(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if r.Method == http.MethodConnect || !strings.HasPrefix(p, "/") || path.Clean(p) != p {
			noEndpoint(w, r)
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// guard applies the checks every request passes before any endpoint sees it.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// A web page can make a browser send requests here; with DNS
		// rebinding, even to a name that resolves to 127.0.0.1. Only the
		// loopback names with this server's port are accepted.
		if !s.loopbackHost(r.Host) {
			writeError(w, http.StatusForbidden, string(domain.KindForbidden), "requests must be addressed to 127.0.0.1, localhost or [::1] with this server's port")
			return
		}
		// Browsers always send Origin on cross-origin requests; the chat app
		// and scripts never do.
		if r.Header.Get("Origin") != "" || fromPage(r.Header.Get("Sec-Fetch-Site")) {
			writeError(w, http.StatusForbidden, string(domain.KindForbidden), "requests from web pages are refused")
			return
		}
		if r.URL.Path == identityPath {
			s.identify(w, r)
			return
		}
		if !s.authorized(r.Header.Get("Authorization")) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="memo-projects"`)
			writeError(w, http.StatusUnauthorized, "unauthorized", "a valid bearer token is required: send Authorization: Bearer <the contents of data/api-token>")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// fromPage reads a browser's Sec-Fetch-Site mark: only browsers send it,
// and every value but "none" (a person typed the address) means a page made
// the request: cross-site (127.0.0.2, any web site), same-site (a page on
// another port of this host) and same-origin (no page of ours exists). A
// value this code does not know is refused too.
func fromPage(site string) bool { return site != "" && site != "none" }

func (s *Server) loopbackHost(host string) bool {
	h, port, err := net.SplitHostPort(host)
	if err != nil || (s.port != "" && port != s.port) {
		return false
	}
	return hostName(h)
}

// identityPath answers who listens, without a token (see Identity).
const identityPath = "/api/server"

func (s *Server) identify(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		writeError(w, http.StatusMethodNotAllowed, "invalid", fmt.Sprintf("%s takes GET, not %s", identityPath, r.Method))
		return
	}
	Write(w, Identity{App: appName, PID: s.cfg.PID})
}

func (s *Server) authorized(header string) bool {
	const prefix = "Bearer "
	if len(header) <= len(prefix) || !strings.EqualFold(header[:len(prefix)], prefix) {
		return false
	}
	got := strings.TrimSpace(header[len(prefix):])
	return subtle.ConstantTimeCompare([]byte(got), []byte(s.token)) == 1
}

// Decode reads a request body of at most MaxBody bytes into v: one JSON
// object with no unknown fields. The error already carries its kind.
func Decode(w http.ResponseWriter, r *http.Request, v any) error {
	body, err := readText(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		return err
	}
	// The one reader of outside JSON: keys exactly, once each at every
	// level, none unknown ({"path":"/etc","Path":"/tmp/x"} is refused).
	if err := strictjson.Decode(body, v); err != nil {
		if errors.Is(err, strictjson.ErrEmpty) {
			return domain.Invalid("the request has no JSON body")
		}
		if bytes.HasPrefix(body, []byte("\ufeff")) {
			return domain.Because(domain.ErrInvalid, err, "the request body starts with a byte order mark (BOM): send the JSON object without it")
		}
		return domain.T("the request body is not the expected JSON: {{.Error}}", "Error", domain.Sentence(err)).Because(domain.ErrInvalid, err)
	}
	return nil
}

var errTooLarge = errors.New("the request body is larger than 1 MiB")

// AbsPath checks an API path: the API has no current folder, so a path must
// be absolute.
func AbsPath(p string) (string, error) {
	if err := pathname.Check(p); err != nil {
		return "", err
	}
	switch {
	case p == "":
		return "", domain.Invalid("path is missing: give the folder's absolute path")
	case !filepath.IsAbs(p):
		return "", domain.Invalid("%q is not an absolute path: the API needs the folder's full path", p)
	}
	return p, nil
}

// Write answers 200 with v as JSON.
func Write(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}

// Fail answers with the status of err's kind and {"error", "kind"}, with
// "detail" (the library's or the system's own words) and a refusal's
// "reason_code" and "reason_args" when it has them; an invalid permissions
// file adds "problems", every one with its place.
func Fail(w http.ResponseWriter, err error) {
	if errors.Is(err, errTooLarge) {
		writeError(w, http.StatusRequestEntityTooLarge, string(domain.KindInvalid), err.Error())
		return
	}
	kind := domain.KindOf(err)
	body := errorBody{Error: err.Error(), Kind: string(kind), Detail: domain.DetailOf(err)}
	body.ReasonCode, body.ReasonArgs = domain.ReasonOf(err)
	var fe *permissions.FileError
	if errors.As(err, &fe) {
		body.Problems = fe.Problems
	}
	writeBody(w, StatusOf(kind), body)
}

// StatusOf maps an error kind to its HTTP status, as exit codes map for the CLI.
func StatusOf(k domain.Kind) int {
	switch k {
	case domain.KindInvalid:
		return http.StatusBadRequest
	case domain.KindForbidden:
		return http.StatusForbidden
	case domain.KindConflict:
		return http.StatusConflict
	case domain.KindNotFound:
		return http.StatusNotFound
	}
	return http.StatusInternalServerError
}

type errorBody struct {
	Error      string                `json:"error"`
	Kind       string                `json:"kind"`
	Detail     string                `json:"detail,omitempty"`
	ReasonCode string                `json:"reason_code,omitempty"`
	ReasonArgs map[string]string     `json:"reason_args,omitempty"`
	Problems   []permissions.Problem `json:"problems,omitempty"`
}

func writeError(w http.ResponseWriter, status int, kind, msg string) {
	writeBody(w, status, errorBody{Error: msg, Kind: kind})
}

func writeBody(w http.ResponseWriter, status int, body errorBody) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(body)
}

// Endpoint decodes a request of type T, runs do, and answers with its
// result or its error: every endpoint is one domain call behind it.
func Endpoint[T any](do func(req T) (any, error)) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		var req T
		if err := Decode(w, r, &req); err != nil {
			Fail(w, err)
			return
		}
		out, err := do(req)
		if err != nil {
			Fail(w, err)
			return
		}
		Write(w, out)
	}
}

// PathRequest is the body of the endpoints that take only a folder.
type PathRequest struct {
	Path string `json:"path"`
}

type declineRequest struct {
	Path     string `json:"path"`
	Declined *bool  `json:"declined"` // absent means true
}

func (s *Server) register(m *Mux) {
	m.Handle("/api/projects/status", Endpoint(func(req PathRequest) (any, error) {
		path, err := AbsPath(req.Path)
		if err != nil {
			return nil, err
		}
		return s.cfg.Projects.Status(path)
	}))
	m.Handle("/api/projects/setup", Endpoint(func(req PathRequest) (any, error) {
		path, err := AbsPath(req.Path)
		if err != nil {
			return nil, err
		}
		return s.cfg.Projects.Setup(path)
	}))
	m.Handle("/api/projects/decline", Endpoint(func(req declineRequest) (any, error) {
		path, err := AbsPath(req.Path)
		if err != nil {
			return nil, err
		}
		return s.cfg.Projects.Decline(path, req.Declined == nil || *req.Declined)
	}))
	if s.cfg.Permissions != nil {
		s.registerPermissions(m, s.cfg.Permissions)
	}
}

type saveRequest struct {
	Path        string          `json:"path"`
	Permissions json.RawMessage `json:"permissions"`
	// Hash is the review the file was written from (status.review_hash):
	// what it showed of what the rules run is pinned too (may be absent).
	Hash string `json:"hash"`
}

type trustRequest struct {
	Path string `json:"path"`
	// Hash, when given, is the version reviewed (status.review_hash): a
	// project changed since is a conflict.
	Hash string `json:"hash"`
}

type allowRequest struct {
	Path string `json:"path"`
	Line string `json:"line"`
	// Hash, when given, confirms the proposal that had it (its hash
	// field): the rule is saved and trusted, or a project changed since is
	// a conflict. Absent: the proposal alone.
	Hash string `json:"hash"`
}

// allowAnswer is the answer of .../allow, as `permissions allow`'s.
type allowAnswer struct {
	permissions.Proposal
	Status    *permissions.ReportStatus `json:"status,omitempty"`
	NotPinned []permissions.NotPinned   `json:"not_pinned,omitempty"`
}

// registerPermissions serves the permissions endpoints (docs/api.md §5).
// Each answer is the shape of `permissions PATH` (docs/cli.md §13).
func (s *Server) registerPermissions(m *Mux, p Permissions) {
	m.Handle("/api/projects/permissions", Endpoint(func(req PathRequest) (any, error) {
		path, err := AbsPath(req.Path)
		if err != nil {
			return nil, err
		}
		return p.Report(path)
	}))
	m.Handle("/api/projects/permissions/save", Endpoint(func(req saveRequest) (any, error) {
		path, err := AbsPath(req.Path)
		if err != nil {
			return nil, err
		}
		if len(req.Permissions) == 0 {
			return nil, domain.Invalid("permissions is missing: give the file as a JSON object")
		}
		st, err := p.SaveReviewed(path, fileBytes(req.Permissions), req.Hash)
		if err != nil {
			return nil, err
		}
		return st.Report(), nil
	}))
	m.Handle("/api/projects/permissions/trust", Endpoint(func(req trustRequest) (any, error) {
		path, err := AbsPath(req.Path)
		if err != nil {
			return nil, err
		}
		trust := p.Trust
		if req.Hash != "" {
			// Only the version reviewed, as `permissions trust --hash`.
			trust = func(path string) (permissions.Status, error) { return p.TrustReviewed(path, req.Hash) }
		}
		st, err := trust(path)
		if err != nil {
			return nil, err
		}
		return st.Report(), nil
	}))
	m.Handle("/api/projects/permissions/allow", Endpoint(func(req allowRequest) (any, error) {
		path, err := AbsPath(req.Path)
		if err != nil {
			return nil, err
		}
		if req.Hash == "" {
			return p.ProposeRule(path, req.Line)
		}
		prop, st, err := p.AllowRule(path, req.Line, req.Hash)
		if err != nil {
			return nil, err
		}
		rep := st.Report()
		return allowAnswer{Proposal: prop, Status: &rep.Status, NotPinned: rep.NotPinned}, nil
	}))
}

// fileBytes lays the permissions object out as a person would write the
// file: indented, one final newline. Indenting keeps every key and value as
// sent (a repeated key too), so the file says exactly what the request did.
func fileBytes(raw json.RawMessage) []byte {
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return raw
	}
	b.WriteByte('\n')
	return b.Bytes()
}
