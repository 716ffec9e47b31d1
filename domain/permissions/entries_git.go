package permissions

// git's safe options per subcommand. Left out on purpose: what opens an
// editor or an interactive session (-e, -i, -p, --edit), what signs or
// verifies signatures (runs gpg), what names a merge strategy (runs
// git-merge-<name>), and every option of the table of risky arguments.

const gitDiffOpts = `-p -u --patch -s --no-patch -U= --unified= --output=o --raw --patch-with-raw -t
	--indent-heuristic --no-indent-heuristic --minimal --patience --histogram --anchored= --diff-algorithm=
	--stat=? --stat-width= --stat-name-width= --stat-count= --stat-graph-width= --compact-summary --numstat
	--shortstat --dirstat=? --cumulative --dirstat-by-file=? --summary --patch-with-stat -z --name-only
	--name-status --submodule=? --color=? --no-color --color-moved=? --no-color-moved --color-moved-ws=
	--no-color-moved-ws --word-diff=? --word-diff-regex= --color-words=? --no-renames --rename-empty
	--no-rename-empty --check --ws-error-highlight= --full-index --binary --abbrev=? -B=? --break-rewrites=?
	-M=? --find-renames=? -C=? --find-copies=? --find-copies-harder -D --irreversible-delete -l= --diff-filter=
	-S=t -G=t --find-object= --pickaxe-all --pickaxe-regex -R --relative=? --no-relative -a --text
	--ignore-cr-at-eol --ignore-space-at-eol -b --ignore-space-change -w --ignore-all-space --ignore-blank-lines
	-I= --ignore-matching-lines= --inter-hunk-context= -W --function-context --exit-code --quiet --no-ext-diff
	--no-textconv --ignore-submodules=? --src-prefix= --dst-prefix= --no-prefix --default-prefix --line-prefix=
	--ita-invisible-in-index --ita-visible-in-index --cached --staged --merge-base --no-index -m -c --cc --dd
	--remerge-diff --diff-merges= --no-diff-merges --combined-all-paths`

const gitLogOpts = gitDiffOpts + ` -n= --max-count= --skip= --since= --after= --until= --before=
	--author=t --committer=t --grep=t --all-match --invert-grep -i --regexp-ignore-case --basic-regexp -E
	--extended-regexp -F --fixed-strings -P --perl-regexp --remove-empty --merges --no-merges --min-parents=
	--max-parents= --no-min-parents --no-max-parents --first-parent --exclude-first-parent-only --not --all
	--branches=? --tags=? --remotes=? --glob= --exclude= --reflog --single-worktree --ignore-missing --bisect
	--cherry-mark --cherry-pick --left-only --right-only --cherry -g --walk-reflogs --merge --boundary
	--simplify-by-decoration --show-pulls --full-history --dense --sparse --simplify-merges --ancestry-path=?
	--date-order --author-date-order --topo-order --reverse --no-walk=? --do-walk --format= --pretty=?
	--abbrev-commit --no-abbrev-commit --oneline --encoding= --expand-tabs=? --no-expand-tabs --notes=?
	--no-notes --relative-date --date= --parents --children --left-right --graph --show-linear-break=? -L=
	--follow --decorate=? --no-decorate --decorate-refs= --decorate-refs-exclude= --clear-decorations --source
	--mailmap --no-mailmap --use-mailmap --no-use-mailmap --full-diff --log-size --count`

const gitFetchOpts = `--all --atomic -a --append --depth= --deepen= --shallow-since= --shallow-exclude=
	--unshallow --update-shallow --negotiation-tip= --dry-run --porcelain --write-fetch-head --no-write-fetch-head
	-f --force -k --keep --multiple --auto-maintenance --no-auto-maintenance --auto-gc --no-auto-gc
	--write-commit-graph --no-write-commit-graph --prefetch -p --prune -P --prune-tags -n --no-tags --refetch
	-t --tags --recurse-submodules=? --no-recurse-submodules -j= --jobs= --set-upstream --update-head-ok -q
	--quiet -v --verbose --progress --no-progress --show-forced-updates --no-show-forced-updates -4 --ipv4 -6
	--ipv6 --filter=`

const gitMergeOpts = `--commit --no-commit --no-edit --cleanup= --ff --no-ff --ff-only --log=? --no-log
	--signoff --no-signoff --stat -n --no-stat --squash --no-squash --verify --no-verify -X= --strategy-option=
	--summary --no-summary -q --quiet -v --verbose --progress --no-progress --autostash --no-autostash
	--allow-unrelated-histories --rerere-autoupdate --no-rerere-autoupdate`

const gitPathspecFile = ` --pathspec-from-file= --pathspec-file-nul`

var gitSubs = map[string]sub{
	"status": {opts: `-s --short -b --branch --show-stash --porcelain=? --long -v --verbose -u=? --untracked-files=?
		--ignore-submodules=? --ignored=? -z --column=? --no-column --ahead-behind --no-ahead-behind --renames
		--no-renames --find-renames=?`, does: readsProject},
	"log":         {opts: gitLogOpts, does: readsProject},
	"show":        {opts: gitLogOpts, does: readsProject},
	"diff":        {opts: gitDiffOpts, does: readsProject},
	"shortlog":    {opts: gitLogOpts + ` -s --summary -e --email --group= --committer -w=?`, does: readsProject},
	"rev-list":    {opts: gitLogOpts + ` --objects --objects-edge --no-object-names --timestamp --header`, does: readsProject},
	"whatchanged": {opts: gitLogOpts, does: readsProject},
	"blame": {opts: `-b --root --show-stats -L= -l -t -S= --reverse= --first-parent -p --porcelain --line-porcelain
		--incremental --encoding= --contents= --date= --progress --no-progress -M=? -C=? --ignore-rev=
		--ignore-revs-file= --color-lines --color-by-age -c -f --show-name -n --show-number -s -e --show-email -w
		--abbrev=`, does: readsProject},
	"grep": {opts: `-n --line-number -i --ignore-case -w --word-regexp -v --invert-match -l --files-with-matches
		-L --files-without-match -c --count -h -H --cached --untracked --no-index --recurse-submodules -e=t -E
		--extended-regexp -F --fixed-strings -P --perl-regexp -G --basic-regexp --and --or --not --all-match -q
		--quiet --color=? --no-color --break --heading -p --show-function -W --function-context -A= -B= -C=
		--after-context= --before-context= --context= --max-depth= --full-name --threads= -f= -o --only-matching
		-z --null --column -a --text --no-textconv -I --exclude-standard --no-exclude-standard -r --recursive
		--no-recursive -m= --max-count=`, does: readsProject},
	"ls-files": {opts: `-c --cached -d --deleted -m --modified -o --others -i --ignored -s --stage -u --unmerged
		-k --killed -z --directory --no-empty-directory --eol --deduplicate -x= --exclude= -X= --exclude-from=
		--exclude-per-directory= --exclude-standard --error-unmatch --with-tree= -t -v -f --full-name
		--recurse-submodules --abbrev=? --format= --sparse`, does: readsProject},
	"ls-tree": {opts: `-d -r -t -l --long -z --name-only --name-status --object-only --full-name --full-tree
		--abbrev=? --format=`, does: readsProject},
	"rev-parse": {opts: `--abbrev-ref=? --short=? --verify -q --quiet --show-toplevel --show-prefix --show-cdup
		--git-common-dir --is-inside-work-tree --is-inside-git-dir --is-bare-repository --is-shallow-repository
		--symbolic --symbolic-full-name --all --branches=? --tags=? --remotes=? --glob= --exclude=
		--show-object-format=? --show-superproject-working-tree --absolute-git-dir --default= --sq --not
		--path-format=`, does: readsProject},
	"describe": {opts: `--dirty=? --broken=? --all --tags --contains --abbrev= --candidates= --exact-match --long
		--match= --exclude= --always --first-parent`, does: readsProject},
	"show-ref":      {opts: `--head --branches --tags -d --dereference -s= --hash=? --abbrev=? --verify --exists -q --quiet`, does: readsProject},
	"for-each-ref":  {opts: `--count= --sort= --format= --color=? --shell --python --tcl --perl --points-at= --merged=? --no-merged=? --contains=? --no-contains=? --ignore-case --omit-empty --exclude=`, does: readsProject},
	"cat-file":      {opts: `-t -s -e -p --allow-unknown-type`, does: readsProject},
	"merge-base":    {opts: `-a --all --octopus --independent --is-ancestor --fork-point`, does: readsProject},
	"reflog":        {opts: gitLogOpts, does: readsProject},
	"reflog show":   {opts: gitLogOpts, does: readsProject},
	"count-objects": {opts: `-v --verbose -H --human-readable`, does: readsProject},
	"version":       {opts: `--build-options`, does: readsProject},
	"fsck": {opts: `--full --no-full --strict --unreachable --dangling --no-dangling --root --tags --cache
		--connectivity-only --name-objects --progress --no-progress --no-reflogs`, does: readsProject},

	"add": {opts: `-n --dry-run -v --verbose -f --force -u --update -A --all --no-all --ignore-removal
		--no-ignore-removal -N --intent-to-add --refresh --ignore-errors --ignore-missing --no-warn-embedded-repo
		--renormalize --chmod= --sparse` + gitPathspecFile, does: changesRepo},
	"commit": {opts: `-a --all -m=t --message=t -F= --file= --allow-empty --allow-empty-message --amend --no-edit
		-s --signoff --no-signoff -n --no-verify --verify -v --verbose -q --quiet --dry-run --short --branch
		--porcelain --long -z --null --author=t --date=t --cleanup= -i --include -o --only --status --no-status
		-u=? --untracked-files=? --fixup= --squash= --reset-author -C= --reuse-message= --trailer=t --no-gpg-sign` + gitPathspecFile,
		does: changesRepo},
	"checkout": {opts: `-q --quiet --progress --no-progress -f --force --ours --theirs -b= -B= -t --track=?
		--no-track --guess --no-guess -l --detach --orphan= --ignore-skip-worktree-bits -m --merge --conflict=
		--ignore-other-worktrees --overwrite-ignore --no-overwrite-ignore --recurse-submodules
		--no-recurse-submodules --overlay --no-overlay` + gitPathspecFile, does: changesRepo | writesProject},
	"switch": {opts: `-c= --create= -C= --force-create= -d --detach --guess --no-guess -f --force
		--discard-changes -m --merge --conflict= -q --quiet --progress --no-progress -t --track=? --no-track
		--orphan= --ignore-other-worktrees --recurse-submodules --no-recurse-submodules`, does: changesRepo | writesProject},
	"restore": {opts: `-s= --source= -W --worktree -S --staged -q --quiet --progress --no-progress --ours --theirs
		-m --merge --conflict= --ignore-unmerged --ignore-skip-worktree-bits --recurse-submodules
		--no-recurse-submodules --overlay --no-overlay` + gitPathspecFile, does: changesRepo | writesProject},
	"reset": {opts: `--soft --mixed --hard --merge --keep -q --quiet --no-refresh --refresh -N
		--recurse-submodules --no-recurse-submodules` + gitPathspecFile, does: changesRepo | writesProject},
	"branch": {opts: `-d --delete -D --create-reflog -f --force -m --move -M -c --copy -C --color=? --no-color -i
		--ignore-case --omit-empty --column=? --no-column -r --remotes -a --all -l --list --show-current -v
		--verbose -q --quiet --abbrev= --no-abbrev -t --track=? --no-track -u= --set-upstream-to=
		--unset-upstream --contains=? --no-contains=? --merged=? --no-merged=? --sort= --points-at= --format=
		--recurse-submodules`, does: changesRepo},
	"tag": {opts: `-a --annotate -f --force -d --delete -n=? -l --list --sort= --color=? -i --ignore-case
		--omit-empty --column=? --no-column --contains=? --no-contains=? --merged=? --no-merged=? --points-at= -m=t
		--message=t -F= --file= --cleanup= --create-reflog --format=`, does: changesRepo},
	"merge": {opts: gitMergeOpts + ` -m=t -F= --file= --into-name= --overwrite-ignore --no-overwrite-ignore --abort --quit --continue`, does: changesRepo | writesProject},
	"rebase": {opts: `--onto= --keep-base --continue --abort --quit --skip --show-current-patch --apply -m --merge
		--empty= --keep-empty --no-keep-empty --reapply-cherry-picks --no-reapply-cherry-picks
		--allow-empty-message -f --force-rebase --fork-point --no-fork-point --ignore-whitespace --whitespace=
		--committer-date-is-author-date --ignore-date --reset-author-date --signoff -r --rebase-merges=?
		--no-rebase-merges --update-refs --no-update-refs --root --autosquash --no-autosquash --autostash
		--no-autostash -q --quiet -v --verbose --stat -n --no-stat --verify --no-verify -C= -X= --strategy-option=`,
		does: changesRepo | writesProject},
	"cherry-pick": {opts: `-x -r -m= --mainline= -n --no-commit -s --signoff --ff --allow-empty --allow-empty-message
		--keep-redundant-commits --empty= -X= --strategy-option= --continue --skip --quit --abort
		--rerere-autoupdate --no-rerere-autoupdate`, does: changesRepo | writesProject},
	"revert": {opts: `--no-edit -n --no-commit -m= --mainline= -s --signoff -X= --strategy-option= --continue
		--skip --quit --abort --reference --rerere-autoupdate --no-rerere-autoupdate`, does: changesRepo | writesProject},
	"stash":        {opts: `-S --staged -k --keep-index --no-keep-index -u --include-untracked -a --all -q --quiet -m=t --message=t` + gitPathspecFile, does: changesRepo | writesProject},
	"stash push":   {opts: `-S --staged -k --keep-index --no-keep-index -u --include-untracked -a --all -q --quiet -m=t --message=t` + gitPathspecFile, does: changesRepo | writesProject},
	"stash list":   {opts: gitLogOpts, does: readsProject},
	"stash show":   {opts: gitDiffOpts + ` -u --include-untracked --only-untracked`, does: readsProject},
	"stash pop":    {opts: `--index -q --quiet`, does: changesRepo | writesProject},
	"stash apply":  {opts: `--index -q --quiet`, does: changesRepo | writesProject},
	"stash drop":   {opts: `-q --quiet`, does: changesRepo},
	"stash clear":  {does: changesRepo},
	"stash branch": {does: changesRepo | writesProject},
	"mv":           {opts: `-f --force -k -n --dry-run -v --verbose --sparse`, does: changesRepo | writesProject},
	"rm": {opts: `-f --force -n --dry-run -r --cached --ignore-unmatch --sparse -q --quiet` + gitPathspecFile,
		does: changesRepo | writesProject},
	"clean": {opts: `-n --dry-run -f --force -d -x -X -q --quiet -e= --exclude=`, does: writesProject},
	"apply": {opts: `--check --stat --numstat --summary --index --cached --intent-to-add -3 --3way -R --reverse
		--reject -p= -C= --unidiff-zero --whitespace= --exclude= --include= --ignore-space-change
		--ignore-whitespace -v --verbose -q --quiet --directory= --allow-empty`, does: writesProject},
	"gc":    {opts: `--aggressive --auto --prune=? --no-prune -q --quiet --force --keep-largest-pack`, does: changesRepo},
	"init":  {opts: `-q --quiet --bare --object-format= --ref-format= -b= --initial-branch= --shared=?`, does: changesRepo | writesProject},
	"fetch": {opts: gitFetchOpts, does: readsNetwork | changesRepo},
	"pull": {opts: gitFetchOpts + " " + gitMergeOpts + ` --rebase=? --no-rebase -r`,
		does: readsNetwork | changesRepo | writesProject},
	"push": {opts: `--all --branches --prune --mirror -n --dry-run --porcelain --delete -d --tags --follow-tags
		--no-follow-tags --atomic --no-atomic -o= --push-option= --force-with-lease=? --no-force-with-lease -f
		--force --force-if-includes --no-force-if-includes -u --set-upstream --thin --no-thin -q --quiet -v
		--verbose --progress --recurse-submodules= --no-recurse-submodules --verify --no-verify -4 --ipv4 -6
		--ipv6`, does: sendsNetwork},
	"clone": {opts: `--depth= --shallow-since= --shallow-exclude= --single-branch --no-single-branch --no-tags
		--tags --recurse-submodules=? --shallow-submodules --no-shallow-submodules -j= --jobs= -b= --branch= -o=
		--origin= -q --quiet -v --verbose --progress --no-checkout -n --bare --mirror --filter=
		--also-filter-submodules --sparse --reject-shallow --no-reject-shallow --ref-format= -l --local
		--no-local --no-hardlinks -s --shared --dissociate --reference= --remote-submodules
		--no-remote-submodules`, does: readsNetwork | writesProject},
	"ls-remote":         {opts: `-h --heads -b --branches -t --tags --refs -q --quiet --exit-code --get-url --sort= --symref`, does: readsNetwork},
	"remote":            {opts: `-v --verbose`, does: readsProject},
	"remote show":       {opts: `-n`, does: readsNetwork},
	"remote get-url":    {opts: `--push --all`, does: readsProject},
	"remote prune":      {opts: `-n --dry-run`, does: readsNetwork | changesRepo},
	"remote update":     {opts: `-p --prune`, does: readsNetwork | changesRepo},
	"submodule":         {opts: `-q --quiet --cached --recursive`, does: readsProject},
	"submodule status":  {opts: `-q --quiet --cached --recursive`, does: readsProject},
	"submodule summary": {opts: `-q --quiet --cached --files -n= --summary-limit=`, does: readsProject},
	"submodule init":    {opts: `-q --quiet`, does: changesRepo},
	"submodule sync":    {opts: `-q --quiet --recursive`, does: changesRepo},
	"submodule update": {opts: `-q --quiet --init --recursive --remote --checkout --rebase --merge -f --force
		--depth= -j= --jobs= --no-fetch -N --recommend-shallow --no-recommend-shallow --reference=
		--single-branch --no-single-branch --filter= --progress`, does: readsNetwork | writesProject},
	"submodule deinit": {opts: `-q --quiet -f --force --all`, does: changesRepo | writesProject},
	"worktree":         {does: readsProject},
	"worktree list":    {opts: `--porcelain -v --verbose --expire= -z`, does: readsProject},
	"worktree prune":   {opts: `-n --dry-run -v --verbose --expire=`, does: changesRepo},
	"format-patch": {opts: gitDiffOpts + ` -o= --output-directory= --stdout --cover-letter --no-cover-letter -n
		--numbered -N --no-numbered -k --keep-subject --signoff --attach=? --no-attach --inline=? --thread=?
		--no-thread --in-reply-to= --subject-prefix= --rfc=? -v= --reroll-count= --to= --cc= --from=?
		--base= --zero-commit --no-binary --suffix= --start-number= --progress -q --quiet`, does: readsProject | writesProject},
	"archive": {opts: `--format= -l --list -v --verbose --prefix= -o= --output= --worktree-attributes
		--add-file= --mtime=`, does: readsProject | writesProject},
	"bisect":       {does: changesRepo | writesProject},
	"bisect start": {opts: `--term-new= --term-bad= --term-old= --term-good= --no-checkout --first-parent`, does: changesRepo | writesProject},
	"bisect good":  {does: changesRepo | writesProject},
	"bisect bad":   {does: changesRepo | writesProject},
	"bisect new":   {does: changesRepo | writesProject},
	"bisect old":   {does: changesRepo | writesProject},
	"bisect skip":  {does: changesRepo | writesProject},
	"bisect reset": {does: changesRepo | writesProject},
	"bisect log":   {does: readsProject},
}

// gitGlobal are git's options before the subcommand that are safe: they
// turn things off. Every other one asks (-c, -C, --git-dir … choose what
// git runs and where).
const gitGlobal = `--version --no-pager --no-optional-locks --literal-pathspecs --no-replace-objects --no-advice`
