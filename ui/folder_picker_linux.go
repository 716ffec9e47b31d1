// SPDX-License-Identifier: Apache-2.0

package ui

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver"
	"github.com/godbus/dbus/v5"

	"memo.dev/projects/ui/sessionbus"
)

// The XDG desktop portal's FileChooser, spoken to directly over D-Bus.
//
// Not through github.com/rymdport/portal/filechooser (v0.4.2), which Fyne
// uses: it runs url.QueryUnescape over the URIs (a folder "c++" comes back as
// "c  "), reads the Response from Fyne's shared session connection where any
// other portal signal (Fyne listens to SettingChanged) can be taken for it,
// subscribes only after the call returns, and may autolaunch a bus. Here a
// private connection subscribes to this request's own object path first, as
// the portal documentation asks.
const (
	portalBusName      = "org.freedesktop.portal.Desktop"
	portalObjectPath   = "/org/freedesktop/portal/desktop"
	portalFileChooser  = "org.freedesktop.portal.FileChooser"
	portalRequest      = "org.freedesktop.portal.Request"
	portalResponse     = portalRequest + ".Response"
	nameOwnerChanged   = "org.freedesktop.DBus.NameOwnerChanged"
	portalSetupTimeout = 5 * time.Second  // connect, and start the portal if it is activatable
	portalCallTimeout  = 30 * time.Second // OpenFile answers with a handle before the dialog shows
)

// Response codes of org.freedesktop.portal.Request.Response.
const (
	portalSuccess   uint32 = 0
	portalCancelled uint32 = 1 // the Cancel button
	portalEnded     uint32 = 2 // any other way: Escape, the close button (gtk)
)

// pickFolderNative shows the operating system's folder dialog (the XDG desktop
// portal's) and blocks until it closes. It returns the chosen folder's
// absolute path, or "" with a nil error when the person closed it without
// choosing (Cancel, Escape, the close button). errNoNativeDialog means that no
// dialog was shown: no session bus, no portal, no FileChooser, or the call
// failed before the portal answered; it comes within portalSetupTimeout, at
// once in the usual cases. Call it off the UI goroutine.
func pickFolderNative(req folderRequest) (string, error) {
	conn, err := connectPortal(portalSetupTimeout)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	return chooseFolder(conn, req)
}

// windowHandle names w for the portal's parent_window argument, so that the
// chooser is attached to the app's window (kept above it, modal to it). On
// X11 it is "x11:" and the window id in hex, as Fyne's own portal code writes
// it. A Wayland surface is no handle: that needs an xdg_foreign export, which
// GLFW does not offer, so there it is "" (the chooser is then a free window).
// Call it on the UI goroutine.
func windowHandle(w fyne.Window) string {
	native, ok := w.(driver.NativeWindow)
	if !ok {
		return ""
	}
	handle := ""
	native.RunNative(func(context any) {
		if x11, ok := context.(driver.X11WindowContext); ok && x11.WindowHandle != 0 {
			handle = "x11:" + strconv.FormatUint(uint64(x11.WindowHandle), 16)
		}
	})
	return handle
}

// connectPortal opens a private session-bus connection and checks that a
// portal with a FileChooser answers on it, all within timeout. It never
// starts a bus. Every failure wraps errNoNativeDialog.
func connectPortal(timeout time.Duration) (*dbus.Conn, error) {
	address := sessionbus.Address()
	if address == "" {
		return nil, fmt.Errorf("%w: no session bus", errNoNativeDialog)
	}
	type result struct {
		conn *dbus.Conn
		err  error
	}
	done := make(chan result, 1)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	go func() {
		conn, err := dbus.Connect(address) // dial, auth and hello take no context
		if err == nil {
			var version dbus.Variant
			err = conn.Object(portalBusName, portalObjectPath).CallWithContext(ctx,
				"org.freedesktop.DBus.Properties.Get", 0, portalFileChooser, "version").Store(&version)
			if err != nil {
				conn.Close()
				conn = nil
			}
		}
		done <- result{conn, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, fmt.Errorf("%w: %v", errNoNativeDialog, r.err)
		}
		return r.conn, nil
	case <-ctx.Done():
		go func() { // a bus that hangs: close the connection if it ever comes
			if r := <-done; r.conn != nil {
				r.conn.Close()
			}
		}()
		return nil, fmt.Errorf("%w: session bus or portal did not answer in %v", errNoNativeDialog, timeout)
	}
}

// chooseFolder asks the portal for a folder and waits for the person's answer.
func chooseFolder(conn *dbus.Conn, req folderRequest) (string, error) {
	token, err := requestToken()
	if err != nil {
		return "", err
	}
	handle := requestPath(conn.Names()[0], token)

	signals := make(chan *dbus.Signal, 8)
	conn.Signal(signals)
	defer conn.RemoveSignal(signals)
	if err := watchRequest(conn, handle); err != nil {
		return "", fmt.Errorf("%w: %v", errNoNativeDialog, err)
	}

	options := map[string]dbus.Variant{
		"handle_token": dbus.MakeVariant(token),
		"modal":        dbus.MakeVariant(true),
		"multiple":     dbus.MakeVariant(false),
		"directory":    dbus.MakeVariant(true),
	}
	if req.start != "" {
		// A path as bytes with a closing NUL (type ay), as the portal wants
		// it; without it the gtk chooser opens in "Recent".
		options["current_folder"] = dbus.MakeVariant(append([]byte(req.start), 0))
	}
	ctx, cancel := context.WithTimeout(context.Background(), portalCallTimeout)
	defer cancel()
	var got dbus.ObjectPath
	err = conn.Object(portalBusName, portalObjectPath).CallWithContext(ctx,
		portalFileChooser+".OpenFile", 0, req.parent, req.title, options).Store(&got)
	if err != nil {
		return "", fmt.Errorf("%w: %v", errNoNativeDialog, err)
	}
	if got != handle { // portals before 0.9 ignore handle_token
		handle = got
		if err := watchRequest(conn, handle); err != nil {
			return "", fmt.Errorf("%w: %v", errNoNativeDialog, err)
		}
	}

	for sig := range signals {
		switch {
		case sig.Name == portalResponse && sig.Path == handle:
			return folderFromResponse(sig.Body)
		case sig.Name == nameOwnerChanged && len(sig.Body) == 3 && sig.Body[0] == portalBusName && sig.Body[2] == "":
			return "", errors.New("folder dialog: the desktop portal quit")
		}
	}
	return "", errors.New("folder dialog: session bus connection closed")
}

// watchRequest subscribes to the Response of the request at handle, and to the
// portal leaving the bus so that a crash does not leave the caller waiting.
func watchRequest(conn *dbus.Conn, handle dbus.ObjectPath) error {
	if err := conn.AddMatchSignal(
		dbus.WithMatchObjectPath(handle),
		dbus.WithMatchInterface(portalRequest),
		dbus.WithMatchMember("Response"),
	); err != nil {
		return err
	}
	return conn.AddMatchSignal(
		dbus.WithMatchSender("org.freedesktop.DBus"),
		dbus.WithMatchInterface("org.freedesktop.DBus"),
		dbus.WithMatchMember("NameOwnerChanged"),
		dbus.WithMatchArg(0, portalBusName),
	)
}

// folderFromResponse reads the body (u response, a{sv} results) of a Response.
func folderFromResponse(body []any) (string, error) {
	if len(body) != 2 {
		return "", fmt.Errorf("folder dialog: unexpected portal response %v", body)
	}
	status, _ := body[0].(uint32)
	results, _ := body[1].(map[string]dbus.Variant)
	switch status {
	case portalSuccess:
	case portalCancelled, portalEnded:
		// The dialog was shown and closed: whatever way, the person chose
		// nothing, and showing the fallback dialog now would ask again.
		return "", nil
	default:
		return "", fmt.Errorf("folder dialog: unexpected portal response code %d", status)
	}
	uris, _ := results["uris"].Value().([]string)
	if len(uris) == 0 {
		return "", nil
	}
	return pathFromFileURI(uris[0])
}

// requestToken is a fresh handle_token: an object path element.
func requestToken() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "memo_" + hex.EncodeToString(b), nil
}

// requestPath is where the portal puts the request for sender and token:
// /org/freedesktop/portal/desktop/request/SENDER/TOKEN, with the sender's
// unique name ":1.42" written "1_42".
func requestPath(sender, token string) dbus.ObjectPath {
	s := strings.ReplaceAll(strings.TrimPrefix(sender, ":"), ".", "_")
	return dbus.ObjectPath(portalObjectPath + "/request/" + s + "/" + token)
}

// pathFromFileURI converts a local file URI, as the XDG desktop portal returns
// it (file:///home/me/My%20Projects), to a path (/home/me/My Projects).
// Percent-escapes are decoded once; "+" stays a plus. Anything but an absolute
// file URI on this machine is an error.
func pathFromFileURI(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", fmt.Errorf("folder uri %q: %w", uri, err)
	}
	switch {
	case u.Scheme != "file":
		return "", fmt.Errorf("folder uri %q: not a file uri", uri)
	case u.Host != "" && u.Host != "localhost":
		return "", fmt.Errorf("folder uri %q: on another host", uri)
	case u.Opaque != "" || !strings.HasPrefix(u.Path, "/"):
		return "", fmt.Errorf("folder uri %q: not an absolute path", uri)
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		// A portal escapes "?" and "#" in names; unescaped ones mean a
		// malformed URI, and cutting them off would open another folder.
		return "", fmt.Errorf("folder uri %q: has a query or fragment", uri)
	case strings.IndexByte(u.Path, 0) >= 0:
		return "", fmt.Errorf("folder uri %q: nul byte in path", uri)
	}
	return filepath.Clean(u.Path), nil
}
