// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"github.com/spf13/cobra"

	"memo.dev/projects/app/datahome"
	"memo.dev/projects/domain/permissions"
)

// doctorOptions are the options of doctor (none yet).
type doctorOptions struct {
	f *Factory
}

// doctorOut is doctor's report. A figure doctor could not read is null, with
// the reason beside it, never a made-up zero or an empty list.
type doctorOut struct {
	Home          string   `json:"home"`
	DB            string   `json:"db"`
	Registry      string   `json:"registry"`
	ProjectMemory bool     `json:"project_memory"`
	Reason        string   `json:"project_memory_reason"`
	Schema        string   `json:"schema"`
	Backups       []string `json:"backups"`
	BackupsError  string   `json:"backups_error,omitempty"`
	// RegistryBackups are the verified copies of projects.db (before a
	// layout change, and daily), newest first.
	RegistryBackups []string `json:"registry_backups"`
	BackupMade      string   `json:"backup_made,omitempty"`
	Memories        *int64   `json:"memories"`
	MemoriesError   string   `json:"memories_error,omitempty"`
	Minimal         bool     `json:"minimal"`
	// CatalogProblems are the user's catalogue files and entries that did
	// not load (docs/permissions.md §12): their programs are checked as
	// programs without an entry.
	CatalogProblems []permissions.CatalogProblem `json:"catalog_problems"`
}

func newDoctorCmd(f *Factory, runF func(*doctorOptions) error) *cobra.Command {
	o := &doctorOptions{f: f}
	return &cobra.Command{
		Use:   "doctor",
		Short: "the data home, memory.db and its backups → {home, db, project_memory, schema, backups, memories, ...}",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(o)
			}
			return doctorRun(o)
		},
	}
}

// doctorRun opens memory.db as a launch does (running the guarded one-time
// change if it is due) and reports what it found.
func doctorRun(o *doctorOptions) error {
	return o.f.answer(false, func(s *datahome.Services) (any, error) {
		out := doctorOut{Home: s.Paths.Home, DB: s.Paths.Memory, Registry: s.Paths.Registry}
		var err error
		if out.Minimal, err = s.Projects.Minimal(); err != nil {
			return nil, err
		}
		if mem, err := s.Memories(); err != nil {
			out.Schema = "unreadable"
			out.Reason = err.Error()
			out.MemoriesError = err.Error()
		} else {
			st := mem.State()
			out.Schema, out.ProjectMemory, out.Reason, out.BackupMade = st.Schema, st.ProjectMemory, st.Reason, st.Backup
			if pools, err := mem.Counts(); err != nil {
				out.MemoriesError = err.Error()
			} else {
				var n int64
				for _, c := range pools {
					n += c
				}
				out.Memories = &n
			}
		}
		out.CatalogProblems = []permissions.CatalogProblem{}
		if cat, err := s.Permissions.Catalog(); err != nil {
			out.CatalogProblems = append(out.CatalogProblems, permissions.CatalogProblem{File: permissions.UserCatalogDir(s.Paths.Home), Reason: err.Error()})
		} else {
			out.CatalogProblems = append(out.CatalogProblems, cat.Problems()...)
		}
		if b, err := s.Backups(); err != nil {
			out.BackupsError = err.Error()
		} else {
			out.Backups = append([]string{}, b...)
		}
		if b, err := s.RegistryBackups(); err != nil {
			out.BackupsError = err.Error()
		} else {
			out.RegistryBackups = append([]string{}, b...)
		}
		return out, nil
	})
}
