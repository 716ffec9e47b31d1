// SPDX-License-Identifier: Apache-2.0

package memorytest

import (
	"testing"
	"time"

	"memo.dev/projects/domain/memory"
)

func TestInMemoryStore(t *testing.T) {
	RunStoreContract(t, func(*testing.T) memory.Store {
		return NewStore(memory.State{Ready: true, ProjectMemory: true, Schema: memory.SchemaCurrent}, time.Now)
	})
}
