// SPDX-License-Identifier: Apache-2.0

package projecttest_test

import (
	"testing"

	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/project/projecttest"
)

func TestInMemoryRegistry(t *testing.T) {
	projecttest.TestRegistry(t, func(*testing.T) project.Registry { return projecttest.NewRegistry() })
}

func TestInMemorySettings(t *testing.T) {
	projecttest.TestSettings(t, func(*testing.T) project.Settings { return projecttest.NewSettings() })
}
