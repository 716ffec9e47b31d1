// SPDX-License-Identifier: Apache-2.0

package realpath

// spelling puts each component in its stored case and Unicode form: Mac
// volumes are case- and normalisation-insensitive, and EvalSymlinks keeps
// the spelling it was given.
func spelling() func(string) string {
	return func(p string) string { return Spell(p, OS{}) }
}
