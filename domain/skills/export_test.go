// SPDX-License-Identifier: Apache-2.0

package skills

import "time"

// SetLimits replaces the limits (tests use small ones).
func (s *Service) SetLimits(l Limits) { s.limits = l; s.dl.limit = l.Download }

// SetReadTimeout replaces the longest pause between reads of a download.
func (s *Service) SetReadTimeout(d time.Duration) { s.dl.readTimeout = d }

// SetClock replaces the clock that judges the age of temporary files.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// SetSaved listens to what Install saves to disk, in order: "file" (relative
// to the extracted tree) and "folder" fsynced, then "renamed" into place.
func (s *Service) SetSaved(f func(event, path string)) { s.saved = f }

// SetDeadline replaces the longest a whole download may take.
func (s *Service) SetDeadline(d time.Duration) { s.dl.deadline = d }

// SetFail makes the update step named fail with what fail returns (nil: the step runs).
func (s *Service) SetFail(fail func(step string) error) { s.fail = fail }

// ZipOf and TarOf build nested archives for tests (see nested_test.go).
var ZipOf, TarOf, GzipOf = zipOf, tarOf, gzipOf
