// SPDX-License-Identifier: Apache-2.0

package cli

import (
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"memo.dev/projects/app/datahome"
	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
)

// memoryCommands are the memory pools and the context policy
// (docs/memory.md, docs/cli.md §17–§18).
// Every command names the chat it serves: without --project a normal chat,
// with it that folder's project chat, whose pool comes from the folder's
// identity alone — a folder without one is refused, never given the global
// pool.
func memoryCommands(f *Factory) []*cobra.Command {
	group := &cobra.Command{
		Use:   "memory",
		Short: "the memory pools: list, add, edit, remove",
	}
	group.AddCommand(newMemoryListCmd(f, nil), newMemoryAddCmd(f, nil), newMemoryEditCmd(f, nil), newMemoryRemoveCmd(f, nil))
	return []*cobra.Command{group, newPolicyCmd(f, nil)}
}

// chatOptions name the chat a memory command serves.
type chatOptions struct {
	f       *Factory
	Project string // a folder: that project's chat; "": a normal chat
}

func (o *chatOptions) flag(cmd *cobra.Command) {
	cmd.Flags().StringVar(&o.Project, "project", "", "serve this `folder`'s project chat (default: a normal chat)")
}

// chat is the chat the options name; a project chat's id is the folder's
// trusted identity.
func (o *chatOptions) chat(s *datahome.Services, projectGiven bool) (memory.Chat, error) {
	if !projectGiven {
		return memory.Chat{Kind: memory.NormalChat}, nil
	}
	path, err := o.f.abs(o.Project)
	if err != nil {
		return memory.Chat{}, err
	}
	id, err := s.Projects.Identity(path)
	if err != nil {
		return memory.Chat{}, err
	}
	return memory.Chat{Kind: memory.ProjectChat, ProjectID: id}, nil
}

// withMemory runs do with the chat and the memory service; it writes
// nothing to projects.db.
func (o *chatOptions) withMemory(projectGiven bool, do func(memory.Chat, *memory.Service) (any, error)) error {
	return o.f.answer(true, func(s *datahome.Services) (any, error) {
		chat, err := o.chat(s, projectGiven)
		if err != nil {
			return nil, err
		}
		mem, err := s.Memories()
		if err != nil {
			return nil, err
		}
		return do(chat, mem)
	})
}

// memoryOut is a memory as the command line prints it: created_at is null
// when an older Memo left it empty.
type memoryOut struct {
	ID        int64      `json:"id"`
	Content   string     `json:"content"`
	Kind      string     `json:"kind"`
	ProjectID string     `json:"project_id"`
	CreatedAt *time.Time `json:"created_at"`
	UpdatedAt *time.Time `json:"updated_at"`
}

func outOf(m memory.Memory) memoryOut {
	o := memoryOut{ID: m.ID, Content: m.Content, Kind: m.Kind, ProjectID: m.ProjectID}
	if !m.CreatedAt.IsZero() {
		o.CreatedAt = &m.CreatedAt
	}
	if !m.UpdatedAt.IsZero() {
		o.UpdatedAt = &m.UpdatedAt
	}
	return o
}

type memoryListOptions struct {
	chatOptions
	Limit  int
	Before int64
	Query  string
	given  bool // --project was given
}

type memoryListOut struct {
	Memories []memoryOut `json:"memories"`
	Total    int64       `json:"total"`
}

func newMemoryListCmd(f *Factory, runF func(*memoryListOptions) error) *cobra.Command {
	o := &memoryListOptions{chatOptions: chatOptions{f: f}}
	cmd := &cobra.Command{
		Use:   "list [--project PATH] [--limit N] [--before ID] [--query TEXT]",
		Short: "what the chat reads, newest first → {memories:[{id, content, kind, project_id, created_at}], total}",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.given = cmd.Flags().Changed("project")
			if runF != nil {
				return runF(o)
			}
			return memoryListRun(o)
		},
	}
	o.flag(cmd)
	cmd.Flags().IntVar(&o.Limit, "limit", memory.DefaultLimit, "at most `N` memories (at most 1000)")
	cmd.Flags().Int64Var(&o.Before, "before", 0, "only memories older than the one with this `ID` (the next page)")
	cmd.Flags().StringVar(&o.Query, "query", "", "only memories containing this `TEXT` (ignoring case)")
	return cmd
}

func memoryListRun(o *memoryListOptions) error {
	return o.withMemory(o.given, func(c memory.Chat, mem *memory.Service) (any, error) {
		if o.Limit == 0 {
			return nil, domain.Invalid("--limit must be between 1 and %d, not 0", memory.MaxLimit)
		}
		p, err := mem.List(c, memory.Query{Limit: o.Limit, Before: o.Before, Text: o.Query})
		if err != nil {
			return nil, err
		}
		out := memoryListOut{Memories: make([]memoryOut, 0, len(p.Memories)), Total: p.Total}
		for _, m := range p.Memories {
			out.Memories = append(out.Memories, outOf(m))
		}
		return out, nil
	})
}

type memoryAddOptions struct {
	chatOptions
	Kind  string
	Text  string
	given bool
}

func newMemoryAddCmd(f *Factory, runF func(*memoryAddOptions) error) *cobra.Command {
	o := &memoryAddOptions{chatOptions: chatOptions{f: f}}
	cmd := &cobra.Command{
		Use:   "add [--project PATH] [--kind note|coding-turn] TEXT",
		Short: "store a memory in the pool the chat writes → the memory",
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Text, o.given = args[0], cmd.Flags().Changed("project")
			if runF != nil {
				return runF(o)
			}
			return memoryAddRun(o)
		},
	}
	o.flag(cmd)
	cmd.Flags().StringVar(&o.Kind, "kind", memory.KindNote, "note, or coding-turn (stored as a summary of at most 1500 characters)")
	cmd.RegisterFlagCompletionFunc("kind", cobra.FixedCompletions([]cobra.Completion{memory.KindNote, memory.KindCodingTurn}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func memoryAddRun(o *memoryAddOptions) error {
	return o.withMemory(o.given, func(c memory.Chat, mem *memory.Service) (any, error) {
		m, err := mem.Add(c, o.Kind, o.Text)
		if err != nil {
			return nil, err
		}
		return outOf(m), nil
	})
}

type memoryEditOptions struct {
	chatOptions
	ID    int64
	Text  string
	given bool
}

func newMemoryEditCmd(f *Factory, runF func(*memoryEditOptions) error) *cobra.Command {
	o := &memoryEditOptions{chatOptions: chatOptions{f: f}}
	cmd := &cobra.Command{
		Use:   "edit ID TEXT [--project PATH]",
		Short: "change a memory's content, in the pool the chat writes → the memory",
		Args:  exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := memoryID(args[0])
			if err != nil {
				return err
			}
			o.ID, o.Text, o.given = id, args[1], cmd.Flags().Changed("project")
			if runF != nil {
				return runF(o)
			}
			return memoryEditRun(o)
		},
	}
	o.flag(cmd)
	return cmd
}

func memoryEditRun(o *memoryEditOptions) error {
	return o.withMemory(o.given, func(c memory.Chat, mem *memory.Service) (any, error) {
		m, err := mem.Edit(c, o.ID, o.Text)
		if err != nil {
			return nil, err
		}
		return outOf(m), nil
	})
}

type memoryRemoveOptions struct {
	chatOptions
	ID    int64
	given bool
}

func newMemoryRemoveCmd(f *Factory, runF func(*memoryRemoveOptions) error) *cobra.Command {
	o := &memoryRemoveOptions{chatOptions: chatOptions{f: f}}
	cmd := &cobra.Command{
		Use:   "remove ID [--project PATH]",
		Short: "delete a memory from the pool the chat writes → {id, removed}",
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := memoryID(args[0])
			if err != nil {
				return err
			}
			o.ID, o.given = id, cmd.Flags().Changed("project")
			if runF != nil {
				return runF(o)
			}
			return memoryRemoveRun(o)
		},
	}
	o.flag(cmd)
	return cmd
}

func memoryRemoveRun(o *memoryRemoveOptions) error {
	return o.withMemory(o.given, func(c memory.Chat, mem *memory.Service) (any, error) {
		if err := mem.Remove(c, o.ID); err != nil {
			return nil, err
		}
		return struct {
			ID      int64 `json:"id"`
			Removed bool  `json:"removed"`
		}{o.ID, true}, nil
	})
}

func memoryID(s string) (int64, error) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, domain.Invalid("%q is not a memory id (a positive number, as memory list prints it)", s)
	}
	return id, nil
}

type policyOptions struct {
	chatOptions
	CodeMode bool
	Memory   string // on|off
	given    bool
}

func newPolicyCmd(f *Factory, runF func(*policyOptions) error) *cobra.Command {
	o := &policyOptions{chatOptions: chatOptions{f: f}}
	cmd := &cobra.Command{
		Use:   "policy [--project PATH] [--code-mode] [--memory on|off]",
		Short: "what the chat receives and which pools it reads and writes",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.Memory != "on" && o.Memory != "off" {
				return domain.Invalid("--memory must be on or off, not %q", o.Memory)
			}
			o.given = cmd.Flags().Changed("project")
			if runF != nil {
				return runF(o)
			}
			return policyRun(o)
		},
	}
	o.flag(cmd)
	cmd.Flags().BoolVar(&o.CodeMode, "code-mode", false, "Code Mode is on")
	cmd.Flags().StringVar(&o.Memory, "memory", "on", "the chat's memory switch: on or off")
	cmd.RegisterFlagCompletionFunc("memory", cobra.FixedCompletions([]cobra.Completion{"on", "off"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// policyRun prints the policy without opening memory.db: it depends on the
// chat alone.
func policyRun(o *policyOptions) error {
	return o.f.answer(true, func(s *datahome.Services) (any, error) {
		c, err := o.chat(s, o.given)
		if err != nil {
			return nil, err
		}
		c.CodeMode, c.MemoryOff = o.CodeMode, o.Memory == "off"
		return memory.For(c), nil
	})
}
