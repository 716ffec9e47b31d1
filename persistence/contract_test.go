// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"testing"

	"memo.dev/projects/domain/permissions"
	"memo.dev/projects/domain/permissions/permissionstest"
	"memo.dev/projects/domain/project"
	"memo.dev/projects/domain/project/projecttest"
	"memo.dev/projects/domain/skills"
	"memo.dev/projects/domain/skills/skillstest"
)

// The SQLite registry passes the same cases as the in-memory one the domain
// tests use.
func TestRegistryContract(t *testing.T) {
	projecttest.TestRegistry(t, func(t *testing.T) project.Registry { return openTestStore(t, t.TempDir(), false).Registry() })
}

func TestSettingsContract(t *testing.T) {
	projecttest.TestSettings(t, func(t *testing.T) project.Settings { return openTestStore(t, t.TempDir(), false).Settings() })
}

func recordAt(id, path string) project.Record {
	return project.Record{ID: id, Path: path, LastOpened: testClock()}
}

func TestSkillSwitchesContract(t *testing.T) {
	skillstest.TestSwitches(t, func(t *testing.T) skills.Switches { return openTestStore(t, t.TempDir(), false).SkillSwitches() })
}

func TestPinStoreContract(t *testing.T) {
	permissionstest.TestPinStore(t, func(t *testing.T) permissions.PinStore { return openTestStore(t, t.TempDir(), false).Pins() })
}
