// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"memo.dev/projects/app/api"
)

// serveOptions are the options of serve.
type serveOptions struct {
	f    *Factory
	Addr string
}

// serveOut is printed once the server listens: where, and where the chat
// app finds the token and the address.
type serveOut struct {
	Addr      string `json:"addr"`
	PID       int    `json:"pid"`
	TokenFile string `json:"token_file"`
	Discovery string `json:"discovery"`
}

func newServeCmd(f *Factory, runF func(*serveOptions) error) *cobra.Command {
	o := &serveOptions{f: f}
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:PORT]",
		Short: "the loopback HTTP API for the chat app until SIGINT or SIGTERM",
		Long: "serve answers the chat app's HTTP API on a loopback address until it gets\n" +
			"SIGINT or SIGTERM. Once it listens it prints {addr, pid, token_file, discovery}\n" +
			"and keeps data/api.json up to date. Every request needs\n" +
			"Authorization: Bearer <the contents of data/api-token>.",
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(o)
			}
			return serveRun(o)
		},
	}
	cmd.Flags().StringVar(&o.Addr, "addr", "127.0.0.1:0", "the loopback `address` to listen on (port 0: any free port)")
	return cmd
}

func serveRun(o *serveOptions) error {
	if err := api.CheckAddr(o.Addr); err != nil {
		return err
	}
	s, err := o.f.Services(false)
	if err != nil {
		return err
	}
	defer s.Close()
	srv, err := api.New(s.APIConfig(o.f.Now, func(msg string) { fmt.Fprintf(o.f.IO.ErrOut, "memo-projects: %s\n", msg) }))
	if err != nil {
		return err
	}
	if err := srv.Listen(o.Addr); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := o.f.print(serveOut{
		Addr:      srv.Addr(),
		PID:       os.Getpid(),
		TokenFile: api.TokenFile(s.Paths.Data),
		Discovery: api.DiscoveryFile(s.Paths.Data),
	}); err != nil {
		srv.Close()
		return err
	}
	return srv.Serve(ctx)
}
