// SPDX-License-Identifier: Apache-2.0

package verdict

import (
	"slices"
	"strings"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/permissions/cmdline"
	"memo.dev/projects/domain/permissions/projectfiles"
)

// justRecipeArgs judges the words after the just recipe a rule names by
// what the recipe does with them (projectfiles.JustRecipeArgs): a recipe
// whose one variadic parameter it hands to commands has its line checked
// as each of those commands with the words, as a project script that
// forwards "$@" (scriptargs.go). read says the words were judged so; when
// it is false the line reads as before (moreTargets): a recipe without
// parameters takes further recipes there.
func (in *inspector) justRecipeArgs(name string, words, args []string, prefix, depth int) (reason domain.Text, b *projectfiles.Block, read bool) {
	ruleArgs := prefix - (len(words) - len(args))
	if name != "just" || in.project == nil || in.rule || ruleArgs < 1 || ruleArgs >= len(args) {
		return domain.Text{}, nil, false
	}
	recipe := cmdline.FirstWord(in.read(name, args[:ruleArgs]).Sub)
	at := slices.Index(args[:ruleArgs], recipe)
	if recipe == "" || at < 0 {
		return domain.Text{}, nil, false
	}
	jr := in.project.JustRecipeArgs(recipe)
	rest, covered := args[at+1:], ruleArgs-(at+1)
	switch {
	case !jr.Justfile:
		return domain.Text{}, nil, false
	case !jr.Found:
		return domain.T("`{{.Word}}` follows a recipe Memo does not find in the justfile, so it cannot tell what the recipe does with it; name it in the rule", "Word", rest[covered]), nil, true
	case !jr.Params:
		return domain.Text{}, nil, false
	case !jr.Args.Known():
		return domain.T("`{{.Word}}` is an argument of the just recipe {{.Recipe}}, which Memo cannot read as handed only to a command it checks; name it in the rule", "Word", rest[covered], "Recipe", recipe), nil, true
	}
	for _, w := range rest[covered:] {
		switch {
		case !cmdline.Plain(w):
			return domain.T("`{{.Word}}` would be read again by the shell: just writes a recipe's arguments into its lines", "Word", w), nil, true
		case !strings.HasPrefix(w, "-") && strings.Contains(w, "="):
			return domain.T("`{{.Word}}` may override a variable the recipes use; name it in the rule", "Word", w), nil, true
		}
	}
	reason, b = in.scriptArgs("just "+recipe, rest, covered, depth, jr.Args)
	return reason, b, true
}
