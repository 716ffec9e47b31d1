package skills

import "time"

// SetLimits replaces the limits (tests use small ones).
func (s *Service) SetLimits(l Limits) { s.limits = l; s.dl.limit = l.Download }

// SetReadTimeout replaces the longest pause between reads of a download.
func (s *Service) SetReadTimeout(d time.Duration) { s.dl.readTimeout = d }
