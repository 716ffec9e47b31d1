// SPDX-License-Identifier: Apache-2.0

// Command clitime times whole processes side by side: each round runs every
// command once, in turn, after a warm-up round, and it prints each command's
// median wall and CPU time (the child's user + system time, from wait4) and
// the median, over the rounds, of its ratio to the first command in the same
// round, so the ratios hold when the machine's speed drifts. bench/cli.sh
// runs it.
//
//	clitime [-n ROUNDS] [-dir DIR] 'BASELINE ARGS' 'COMMAND ARGS' ...
//
// A command is split at spaces (no quoting). Each prints to /dev/null and
// must exit 0. The last lines, "ratio I WALL CPU" for each command I after the
// first, are for scripts.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clitime", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rounds := fs.Int("n", 30, "counted rounds")
	dir := fs.String("dir", "", "the commands' current folder")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cmds := fs.Args()
	if len(cmds) < 2 || *rounds < 1 {
		fmt.Fprintln(stderr, "usage: clitime [-n ROUNDS] [-dir DIR] 'BASELINE ARGS' 'COMMAND ARGS' ...")
		return 2
	}
	wall := make([][]float64, len(cmds))
	cpu := make([][]float64, len(cmds))
	wallRatio := make([][]float64, len(cmds))
	cpuRatio := make([][]float64, len(cmds))
	for round := range *rounds + 1 {
		w := make([]float64, len(cmds))
		c := make([]float64, len(cmds))
		for i, line := range cmds {
			var err error
			if w[i], c[i], err = once(*dir, strings.Fields(line)); err != nil {
				fmt.Fprintf(stderr, "clitime: %s: %v\n", line, err)
				return 1
			}
		}
		if round == 0 {
			continue // the warm-up: caches, page cache
		}
		for i := range cmds {
			wall[i] = append(wall[i], w[i])
			cpu[i] = append(cpu[i], c[i])
			wallRatio[i] = append(wallRatio[i], w[i]/w[0])
			cpuRatio[i] = append(cpuRatio[i], c[i]/max(c[0], 1e-6))
		}
	}
	fmt.Fprintf(stdout, "%d rounds, medians (wall and CPU in ms; ratios to the first command, per round)\n", *rounds)
	fmt.Fprintf(stdout, "%8s %8s %8s %8s  %s\n", "wall", "cpu", "wall×", "cpu×", "command")
	for i, line := range cmds {
		fmt.Fprintf(stdout, "%8.2f %8.2f %8.2f %8.2f  %s\n", median(wall[i]), median(cpu[i]), median(wallRatio[i]), median(cpuRatio[i]), line)
	}
	for i := 1; i < len(cmds); i++ {
		fmt.Fprintf(stdout, "ratio %d %.2f %.2f\n", i, median(wallRatio[i]), median(cpuRatio[i]))
	}
	return 0
}

// once runs args and returns its wall and CPU time in milliseconds.
func once(dir string, args []string) (wall, cpu float64, err error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	start := time.Now()
	err = cmd.Run()
	wall = float64(time.Since(start).Microseconds()) / 1e3
	if err != nil {
		return 0, 0, err
	}
	st := cmd.ProcessState
	return wall, float64((st.UserTime() + st.SystemTime()).Microseconds()) / 1e3, nil
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
