// SPDX-License-Identifier: Apache-2.0

package skillstest

import (
	"testing"

	"memo.dev/projects/domain/skills"
)

func TestSwitchesContract(t *testing.T) {
	TestSwitches(t, func(*testing.T) skills.Switches { return NewSwitches() })
}
