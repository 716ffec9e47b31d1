// SPDX-License-Identifier: Apache-2.0

//go:build !unix

package permissions

import "errors"

func syscallMkfifo(string) error { return errors.New("no FIFOs on this system") }
