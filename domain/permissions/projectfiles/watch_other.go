// SPDX-License-Identifier: Apache-2.0

//go:build !linux

package projectfiles

import "errors"

// watcher is Linux's only; elsewhere Watch fails and every check reads
// again through the file cache's stamps.
type watcher struct{}

type depVersion struct{ dep }

func (*watcher) valid([]depVersion) bool                    { return false }
func (*watcher) versions(map[dep]bool) ([]depVersion, bool) { return nil, false }
func (*watcher) drain()                                     {}

// Close has nothing to free here.
func (c *Cache) Close() error { return nil }

// Watch reports that this system's changes are not followed.
func (c *Cache) Watch() error {
	return errors.New("following file changes is not implemented on this system")
}
