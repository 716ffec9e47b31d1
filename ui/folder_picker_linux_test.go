// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver"
	"fyne.io/fyne/v2/test"
	"github.com/godbus/dbus/v5"

	"memo.dev/projects/internal/privatebus"
)

// pickFolderFast runs pickFolderNative and checks that it gave up with
// errNoNativeDialog within a few seconds.
func pickFolderFast(t *testing.T) {
	t.Helper()
	start := time.Now()
	got, err := pickFolderNative(folderRequest{title: "Open Folder"})
	elapsed := time.Since(start)
	if !errors.Is(err, errNoNativeDialog) {
		t.Fatalf("pickFolderNative() = %q, %v, want errNoNativeDialog", got, err)
	}
	if elapsed > 5*time.Second { // the portal timeout is 1 s; slack for a loaded machine
		t.Errorf("pickFolderNative() took %v to give up, want under 5s", elapsed)
	}
	t.Logf("pickFolderNative() gave up in %v: %v", elapsed, err)
}

func TestPickFolderNativeWithoutSessionBus(t *testing.T) {
	t.Run("address pointing nowhere", func(t *testing.T) {
		t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+filepath.Join(t.TempDir(), "no-bus"))
		pickFolderFast(t)
	})
	t.Run("no address and no user bus", func(t *testing.T) {
		t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
		t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
		pickFolderFast(t)
	})
}

func TestPickFolderNativeBusWithoutPortal(t *testing.T) {
	startSessionBus(t)
	pickFolderFast(t)
}

func TestPickFolderNativeFakePortal(t *testing.T) {
	tests := []struct {
		name    string
		respond func(p *fakePortal, sender string, handle dbus.ObjectPath)
		want    string
		wantErr error // nil: no error; errNoNativeDialog: that; errAny: some other error
	}{
		{
			name: "chosen: signal before the reply",
			respond: func(p *fakePortal, sender string, handle dbus.ObjectPath) {
				p.respond("", handle, 0, "file:///home/me/c%2B%2B%20and%20na%C3%AFve")
			},
			want: "/home/me/c++ and naïve",
		},
		{
			name: "chosen: signal after the reply",
			respond: func(p *fakePortal, sender string, handle dbus.ObjectPath) {
				go p.respond(sender, handle, 0, "file:///home/me/My%20Projects")
			},
			want: "/home/me/My Projects",
		},
		{
			name: "cancelled",
			respond: func(p *fakePortal, sender string, handle dbus.ObjectPath) {
				p.respond("", handle, 1)
			},
		},
		{
			// Escape or the close button (gtk): the dialog was shown and the
			// person closed it, so no fallback dialog follows.
			name: "ended otherwise",
			respond: func(p *fakePortal, sender string, handle dbus.ObjectPath) {
				p.respond("", handle, 2)
			},
		},
		{
			name: "unknown response code",
			respond: func(p *fakePortal, sender string, handle dbus.ObjectPath) {
				p.respond("", handle, 7)
			},
			wantErr: errAny,
		},
		{
			name: "another request's response first",
			respond: func(p *fakePortal, sender string, handle dbus.ObjectPath) {
				p.respond(sender, handle+"_other", 0, "file:///wrong")
				p.respond("", handle, 0, "file:///right")
			},
			want: "/right",
		},
		{
			name: "portal quits while the dialog is open",
			respond: func(p *fakePortal, sender string, handle dbus.ObjectPath) {
				go p.conn.ReleaseName(portalName)
			},
			wantErr: errAny,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			startSessionBus(t)
			p := startFakePortal(t, tt.respond)
			got, err := pickFolderWithin(t, 5*time.Second)
			switch {
			case tt.wantErr == errAny && err != nil && !errors.Is(err, errNoNativeDialog):
			case tt.wantErr == errAny:
				t.Fatalf("pickFolderNative() = %q, %v, want an error other than errNoNativeDialog", got, err)
			case tt.wantErr != nil && !errors.Is(err, tt.wantErr):
				t.Fatalf("pickFolderNative() = %q, %v, want %v", got, err, tt.wantErr)
			case tt.wantErr == nil && (err != nil || got != tt.want):
				t.Fatalf("pickFolderNative() = %q, %v, want %q", got, err, tt.want)
			}
			parent, title, options := p.request()
			if parent != testRequest.parent || title != testRequest.title {
				t.Errorf("portal got parent %q, title %q, want %q, %q", parent, title, testRequest.parent, testRequest.title)
			}
			if got, _ := options["current_folder"].Value().([]byte); string(got) != testRequest.start+"\x00" {
				t.Errorf("portal got current_folder %q, want %q with a closing NUL", got, testRequest.start)
			}
			for _, key := range []string{"directory", "modal"} {
				if v, _ := options[key].Value().(bool); !v {
					t.Errorf("portal got option %s = %v, want true", key, options[key])
				}
			}
		})
	}
}

func TestPickFolderNativeOldPortal(t *testing.T) {
	// Portals before 0.9 ignore handle_token and choose the request path.
	startSessionBus(t)
	startFakePortal(t, func(p *fakePortal, sender string, handle dbus.ObjectPath) {
		p.handle = "/org/freedesktop/portal/desktop/request/old/1"
		go p.respond(sender, p.handle, 0, "file:///srv/old")
	})
	if got, err := pickFolderWithin(t, 5*time.Second); err != nil || got != "/srv/old" {
		t.Fatalf("pickFolderNative() = %q, %v, want %q", got, err, "/srv/old")
	}
}

var errAny = errors.New("any error")

var testRequest = folderRequest{title: "Open Folder", parent: "x11:1c00007", start: "/home/me/with space/ünï"}

// pickFolderWithin runs pickFolderNative(testRequest), failing the test if
// it has not returned within d: a lost portal Response would block forever.
func pickFolderWithin(t *testing.T, d time.Duration) (string, error) {
	t.Helper()
	type result struct {
		path string
		err  error
	}
	done := make(chan result, 1)
	go func() {
		path, err := pickFolderNative(testRequest)
		done <- result{path, err}
	}()
	select {
	case r := <-done:
		return r.path, r.err
	case <-time.After(d):
		t.Fatalf("pickFolderNative() still waiting after %v", d)
		return "", nil
	}
}

const portalName = "org.freedesktop.portal.Desktop"

// startSessionBus runs a private session bus for the test and points
// DBUS_SESSION_BUS_ADDRESS at it.
func startSessionBus(t *testing.T) {
	t.Helper()
	address, _ := privatebus.Start(t)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", address)
}

// fakePortal owns org.freedesktop.portal.Desktop on the test bus and offers a
// FileChooser whose OpenFile calls respond.
type fakePortal struct {
	conn    *dbus.Conn
	answer  func(p *fakePortal, sender string, handle dbus.ObjectPath)
	handle  dbus.ObjectPath // set by answer to return another request path
	mu      sync.Mutex
	parent  string
	title   string
	options map[string]dbus.Variant
}

func startFakePortal(t *testing.T, answer func(p *fakePortal, sender string, handle dbus.ObjectPath)) *fakePortal {
	t.Helper()
	conn, err := dbus.ConnectSessionBus()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	p := &fakePortal{conn: conn, answer: answer}
	const path = "/org/freedesktop/portal/desktop"
	if err := conn.Export(fileChooser{p}, path, "org.freedesktop.portal.FileChooser"); err != nil {
		t.Fatal(err)
	}
	if err := conn.Export(portalProperties{}, path, "org.freedesktop.DBus.Properties"); err != nil {
		t.Fatal(err)
	}
	if reply, err := conn.RequestName(portalName, dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("RequestName(%s) = %v, %v", portalName, reply, err)
	}
	return p
}

// request is what the last OpenFile call asked for.
func (p *fakePortal) request() (parent, title string, options map[string]dbus.Variant) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.parent, p.title, p.options
}

// respond sends a Request.Response: to everyone matching when to is "",
// else only to the connection to, as xdg-desktop-portal does.
func (p *fakePortal) respond(to string, handle dbus.ObjectPath, status uint32, uris ...string) {
	results := map[string]dbus.Variant{}
	if uris != nil {
		results["uris"] = dbus.MakeVariant(uris)
	}
	msg := &dbus.Message{
		Type: dbus.TypeSignal,
		Headers: map[dbus.HeaderField]dbus.Variant{
			dbus.FieldPath:      dbus.MakeVariant(handle),
			dbus.FieldInterface: dbus.MakeVariant("org.freedesktop.portal.Request"),
			dbus.FieldMember:    dbus.MakeVariant("Response"),
			dbus.FieldSignature: dbus.MakeVariant(dbus.SignatureOf(status, results)),
		},
		Body: []any{status, results},
	}
	if to != "" {
		msg.Headers[dbus.FieldDestination] = dbus.MakeVariant(to)
	}
	p.conn.Send(msg, nil)
}

type fileChooser struct{ p *fakePortal }

func (f fileChooser) OpenFile(sender dbus.Sender, parent, title string, options map[string]dbus.Variant) (dbus.ObjectPath, *dbus.Error) {
	p := f.p
	p.mu.Lock()
	p.parent, p.title, p.options = parent, title, options
	p.mu.Unlock()
	token, _ := options["handle_token"].Value().(string)
	s := strings.ReplaceAll(strings.TrimPrefix(string(sender), ":"), ".", "_")
	handle := dbus.ObjectPath(fmt.Sprintf("/org/freedesktop/portal/desktop/request/%s/%s", s, token))
	p.answer(p, string(sender), handle)
	if p.handle != "" {
		return p.handle, nil
	}
	return handle, nil
}

type portalProperties struct{}

func (portalProperties) Get(iface, property string) (dbus.Variant, *dbus.Error) {
	if iface == "org.freedesktop.portal.FileChooser" && property == "version" {
		return dbus.MakeVariant(uint32(4)), nil
	}
	return dbus.Variant{}, dbus.NewError("org.freedesktop.DBus.Error.UnknownProperty", nil)
}

func TestPickFolderNativeWithoutStart(t *testing.T) {
	startSessionBus(t)
	p := startFakePortal(t, func(p *fakePortal, sender string, handle dbus.ObjectPath) {
		p.respond("", handle, 1)
	})
	if got, err := pickFolderNative(folderRequest{title: "Open Folder"}); got != "" || err != nil {
		t.Fatalf("pickFolderNative() = %q, %v, want a cancel", got, err)
	}
	if parent, _, options := p.request(); parent != "" || options["current_folder"].Value() != nil {
		t.Errorf("portal got parent %q, current_folder %v; want none of either", parent, options["current_folder"])
	}
}

// nativeWindow is a window whose driver hands RunNative the context given.
type nativeWindow struct {
	fyne.Window
	context any
}

func (w nativeWindow) RunNative(f func(any)) { f(w.context) }

func TestWindowHandle(t *testing.T) {
	tests := []struct {
		name string
		win  fyne.Window
		want string
	}{
		{"x11", nativeWindow{context: driver.X11WindowContext{WindowHandle: 0x1c00007}}, "x11:1c00007"},
		{"x11, not mapped yet", nativeWindow{context: driver.X11WindowContext{}}, ""},
		{"wayland", nativeWindow{context: driver.WaylandWindowContext{WaylandSurface: 0xdead}}, ""},
		{"not native (test driver)", test.NewTempWindow(t, nil), ""},
	}
	for _, tt := range tests {
		if got := windowHandle(tt.win); got != tt.want {
			t.Errorf("%s: windowHandle() = %q, want %q", tt.name, got, tt.want)
		}
	}
}
