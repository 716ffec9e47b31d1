// SPDX-License-Identifier: Apache-2.0

// Package skillstest provides an in-memory skills.Switches for tests of the
// packages that use the skills service.
package skillstest

import (
	"sync"

	"memo.dev/projects/domain/skills"
)

// Switches is an in-memory skills.Switches.
type Switches struct {
	mu     sync.Mutex
	m      map[[2]string]skills.Switch
	copies map[[2]string]copied
}

type copied struct {
	hash  string
	files []byte
}

// NewSwitches returns an empty store.
func NewSwitches() *Switches {
	return &Switches{m: map[[2]string]skills.Switch{}, copies: map[[2]string]copied{}}
}

func (s *Switches) Switch(projectID, name string) (skills.Switch, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sw, ok := s.m[[2]string{projectID, name}]
	return sw, ok, nil
}

func (s *Switches) SetSwitch(projectID, name string, sw skills.Switch) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[[2]string{projectID, name}] = sw
	return nil
}

func (s *Switches) DeleteSwitch(projectID, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, [2]string{projectID, name})
	delete(s.copies, [2]string{projectID, name})
	return nil
}

func (s *Switches) SaveCopy(projectID, name, hash string, files []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.copies[[2]string{projectID, name}] = copied{hash, append([]byte(nil), files...)}
	return nil
}

func (s *Switches) Copy(projectID, name string) (string, []byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.copies[[2]string{projectID, name}]
	return c.hash, append([]byte(nil), c.files...), ok, nil
}

// Len is the number of switches stored.
func (s *Switches) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}

var _ skills.Switches = (*Switches)(nil)
