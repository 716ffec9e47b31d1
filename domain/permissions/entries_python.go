package permissions

// Python's tools. pytest -p (load a plugin), -o (override the ini file) and
// mypy --python-executable (runs that program) are left out; the paths that
// pytest writes (--basetemp, --junitxml) and reads its config from (-c,
// --rootdir) must stay in the project like any path.

const pytestOpts = `-k=t -m=t -x --exitfirst -q --quiet -v --verbose -s -r= -l --showlocals --tb= --co --collect-only
	--lf --last-failed --ff --failed-first --nf --new-first --sw --stepwise --stepwise-skip --durations=
	--durations-min= --maxfail= --strict-markers --strict-config --strict -W= --pythonwarnings= --disable-warnings
	--disable-pytest-warnings -p= --basetemp= --rootdir= --confcutdir= --noconftest
	--junitxml= --junit-xml= --junit-prefix= --cache-clear --cache-show=? --doctest-modules --doctest-glob=
	--doctest-continue-on-failure --ignore= --ignore-glob= --deselect= --import-mode= --pyargs --capture= --log-level=
	--log-cli-level= --log-file= --log-file-level= --no-header --no-summary --color= --code-highlight= --runxfail
	--setup-show --setup-only --setup-plan --fixtures --fixtures-per-test --markers --version -V -h --help
	--full-trace --keep-duplicates --continue-on-collection-errors --report-log= --timeout= --cov=? --cov-report=
	--cov-branch --cov-fail-under= --cov-append --cov-config= --no-cov -n= --numprocesses= --dist= --maxprocesses=
	--reruns= --reruns-delay= --asyncio-mode= --snapshot-update --hypothesis-show-statistics --hypothesis-seed=
	-p= --randomly-seed= --randomly-dont-reorganize --html= --self-contained-html --benchmark-skip
	--benchmark-only --benchmark-disable --xdist-group= --forked --count= --lfnf= --last-failed-no-failures=`

var pytestEntry = &entry{style: getopt, global: pytestOpts, does: runsProjectCode}

var unittestEntry = &entry{style: getopt, global: `-v --verbose -q --quiet -f --failfast -c --catch -b --buffer
	-k= --locals --durations=`, does: runsProjectCode, other: spelledSub, subs: map[string]sub{
	"discover": {opts: `-s= --start-directory= -p= --pattern= -t= --top-level-directory=`, does: runsProjectCode},
}}

const ruffCheckOpts = `--fix --no-fix --unsafe-fixes --no-unsafe-fixes --show-fixes --no-show-fixes --diff -w
	--watch --fix-only --ignore-noqa --output-format= -o= --output-file= --target-version= --preview --no-preview
	--config= --extension= --statistics --add-noqa --show-files --show-settings -e --exit-zero
	--exit-non-zero-on-fix --select= --extend-select= --ignore= --extend-ignore= --per-file-ignores=
	--extend-per-file-ignores= --fixable= --unfixable= --exclude= --extend-exclude= --respect-gitignore
	--no-respect-gitignore --force-exclude --no-force-exclude --line-length= --no-cache --cache-dir= --isolated
	--stdin-filename=`

var ruffEntry = &entry{style: getoptExact, global: `-q --quiet -v --verbose -s --silent -h --help -V --version`,
	other: spelledSub, does: readsProject, subs: map[string]sub{
		"check":   {opts: ruffCheckOpts, does: readsProject | writesProject},
		"format":  {opts: `--check --diff --config= --line-length= --preview --no-preview --exclude= --target-version= --range= --no-cache --cache-dir= --isolated --stdin-filename= --exit-non-zero-on-format --force-exclude`, does: writesProject},
		"rule":    {opts: `--all --output-format=`, does: readsProject},
		"linter":  {opts: `--output-format=`, does: readsProject},
		"version": {opts: `--output-format=`, does: readsProject},
		"clean":   {does: writesProject},
	}}

var mypyEntry = &entry{style: getoptExact, does: readsProject | runsProjectCode, global: `--strict
	--ignore-missing-imports --check-untyped-defs --config-file= --python-version= --show-error-codes
	--hide-error-codes --pretty --no-error-summary --show-column-numbers --show-error-context
	--disallow-untyped-defs --disallow-incomplete-defs --disallow-any-generics --warn-unused-ignores
	--warn-redundant-casts --warn-return-any --no-implicit-optional --namespace-packages --explicit-package-bases
	--non-interactive --cache-dir= --no-incremental --incremental --follow-imports= --exclude= -p= --package= -m=
	--module= --junit-xml= --txt-report= --no-site-packages --platform= --always-true= --always-false=
	--enable-error-code= --disable-error-code= --allow-redefinition --implicit-reexport --no-implicit-reexport
	--strict-equality --warn-unreachable -v --verbose -V --version -h --help --show-traceback --color-output
	--no-color-output --soft-error-limit= --sqlite-cache --skip-version-check --fast-module-lookup
	--untyped-calls-exclude=`}

var blackEntry = &entry{style: getoptExact, does: writesProject, global: `--check --diff --color --no-color -l=
	--line-length= -t= --target-version= -S --skip-string-normalization -C --skip-magic-trailing-comma --preview
	--unstable --fast --safe -q --quiet -v --verbose --config= --include= --exclude= --extend-exclude=
	--force-exclude= --required-version= -W= --workers= -c= --code= --ipynb --pyi --line-ranges= --version -h
	--help`}

var isortEntry = &entry{style: getopt, dashLong: true, does: writesProject, global: `-c --check-only --check --diff
	--profile= -l= --line-length= -w= --line-width= -s= --skip= --skip-glob= --settings-path= --settings-file= --sp=
	-q --quiet -v --verbose --atomic --filter-files --float-to-top --sl --force-single-line-imports --ca
	--combine-as -m= --multi-line= --tc --trailing-comma --ws --fgw= -p= --project= -o= --thirdparty= --src=
	--src-path= --only-sections --os -j= --jobs= --color --show-files --df --py= --python-version= -rc --recursive
	--version -h --help`}

var flake8Entry = &entry{style: getoptExact, does: readsProject, global: `--max-line-length= --max-complexity=
	--select= --extend-select= --ignore= --extend-ignore= --exclude= --extend-exclude= --filename=
	--per-file-ignores= --count --statistics --show-source --format= --config= --append-config= --isolated
	--exit-zero -q --quiet -v --verbose -j= --jobs= --output-file=o --tee --benchmark --doctests --hang-closing
	--max-doc-length= --color= --version -h --help`}

var pylintEntry = &entry{style: getoptExact, does: readsProject | runsProjectCode, global: `--rcfile= --disable= -d=
	--enable= -e= --output-format= -f= --reports= -r= --score= -s= -j= --jobs= --fail-under= --fail-on=
	--errors-only -E --ignore= --ignore-patterns= --ignore-paths= --recursive= --exit-zero --max-line-length=
	--py-version= --output= -v --verbose --version -h --help`}

const coverageReport = `--data-file= --rcfile= --include= --omit= -i --ignore-errors --fail-under= --precision=
	--skip-covered --no-skip-covered --skip-empty --contexts= -q --quiet`

var coverageEntry = &entry{style: getopt, subs: map[string]sub{
	"run": {opts: `--source= --omit= --include= -a --append --branch --concurrency= --context= --data-file=
		-p --parallel-mode --pylib --timid --rcfile=`, module: "-m", wraps: true, does: runsProjectCode | writesProject},
	"report":  {opts: coverageReport + ` -m --show-missing --sort= --format=`, does: readsProject},
	"html":    {opts: coverageReport + ` -d= --directory= --title= --show-contexts`, does: writesProject},
	"xml":     {opts: coverageReport + ` -o=`, does: writesProject},
	"json":    {opts: coverageReport + ` -o= --pretty-print`, does: writesProject},
	"lcov":    {opts: coverageReport + ` -o=`, does: writesProject},
	"erase":   {opts: `--data-file= --rcfile=`, does: writesProject},
	"combine": {opts: `--data-file= --rcfile= -a --append --keep -q --quiet`, does: writesProject},
}}

// tox runs the commands its own config names: those are pinned with the
// trust like package.json scripts.
const toxOpts = `-e= --env= -r --recreate -p=? --parallel=? -q --quiet -v --verbose --notest
	--skip-missing-interpreters=? --develop --discover= --root= --workdir= --colored= --no-provision
	--hashseed= --result-json= -m= -f= --skip-pkg-install --list-dependencies --no-list-dependencies
	--no-recreate-pkg --version -h --help`

var toxEntry = &entry{style: getopt, global: toxOpts, other: unknownSub, does: runsProjectCode | readsNetwork, subs: map[string]sub{
	"run": {does: runsProjectCode | readsNetwork}, "r": {does: runsProjectCode | readsNetwork},
	"run-parallel": {does: runsProjectCode | readsNetwork}, "p": {does: runsProjectCode | readsNetwork},
	"list": {does: readsProject}, "l": {does: readsProject}, "config": {opts: `-k=`, does: readsProject},
	"depends": {does: readsProject}, "devenv": {does: runsProjectCode | readsNetwork | writesProject},
	"d": {does: runsProjectCode | readsNetwork | writesProject},
}}

var preCommitEntry = &entry{style: getopt, global: `--color= -h --help -V --version`, subs: map[string]sub{
	"run": {opts: `-a --all-files --files= --hook-stage= --show-diff-on-failure --from-ref= --to-ref= -s= -o=
		--source= --origin= -v --verbose --hook-id=`, does: runsProjectCode | readsNetwork | writesProject},
	"install-hooks":     {does: readsNetwork},
	"autoupdate":        {opts: `--bleeding-edge --freeze --repo= -j= --jobs=`, does: readsNetwork | writesProject},
	"clean":             {does: writesProject},
	"gc":                {does: writesProject},
	"validate-config":   {does: readsProject},
	"validate-manifest": {does: readsProject},
	"sample-config":     {does: readsProject},
	"migrate-config":    {does: writesProject},
	"uninstall":         {opts: `-t= --hook-type=`, does: changesRepo},
}}

const uvCommon = `-q --quiet -v --verbose --offline --no-cache --color= --native-tls --no-progress --frozen --locked
	--no-sync --isolated --no-dev --dev --all-extras --extra= --group= --only-group= --no-group= --all-groups
	--package= --all-packages --no-project --python= -p= --env-file= --no-env-file --project= --directory=
	--no-install-project --inexact --exact -h --help -V --version`

var uvEntry = &entry{style: getopt, global: uvCommon, subs: map[string]sub{
	"run":            {module: "-m", wraps: true, does: runsProjectCode | readsNetwork},
	"sync":           {does: readsNetwork | runsProjectCode | writesProject},
	"lock":           {opts: `--check --upgrade -U`, does: readsNetwork | writesProject},
	"tree":           {opts: `--depth= -d --invert --outdated`, does: readsProject},
	"export":         {opts: `--format= -o= --output-file= --no-hashes`, does: writesProject},
	"venv":           {opts: `--seed --prompt= --clear`, does: writesProject},
	"build":          {opts: `--sdist --wheel -o= --out-dir=`, does: runsProjectCode | writesProject},
	"version":        {opts: `--short --output-format=`, does: readsProject},
	"remove":         {opts: `--dev`, does: writesProject},
	"python list":    {does: readsProject},
	"python find":    {does: readsProject},
	"python install": {does: readsNetwork},
	"cache dir":      {does: readsProject},
	"cache clean":    {does: writesProject},
}}

var poetryEntry = &entry{style: getopt, global: `-q --quiet -v --verbose -n --no-interaction --no-ansi --ansi
	--no-plugins --no-cache -P= --project= -h --help -V --version`, subs: map[string]sub{
	"install": {opts: `--no-root --only= --with= --without= --sync --extras= -E= --all-extras --compile
		--no-directory --only-root --dry-run`, does: readsNetwork | runsProjectCode | writesProject},
	"run":      {wraps: true, does: runsProjectCode},
	"build":    {opts: `-f= --format= -o= --output=`, does: runsProjectCode | writesProject},
	"check":    {opts: `--lock --strict`, does: readsProject},
	"lock":     {opts: `--no-update --regenerate`, does: readsNetwork | writesProject},
	"show":     {opts: `--tree --latest -l --outdated -o --only= --with= --without= --top-level -T`, does: readsProject},
	"update":   {opts: `--only= --with= --without= --dry-run --lock`, does: readsNetwork | runsProjectCode | writesProject},
	"env info": {opts: `-p --path -e --executable`, does: readsProject},
	"env list": {opts: `--full-path`, does: readsProject},
	"version":  {opts: `-s --short --dry-run`, does: readsProject},
	"remove":   {opts: `-D --dev -G= --group= --lock --dry-run`, does: writesProject},
	"export":   {opts: `-f= --format= -o= --output= --without-hashes --with= --only= --without=`, does: writesProject},
}}

var buildEntry = &entry{style: getopt, global: `-s --sdist -w --wheel -o= --outdir= -n --no-isolation -x
	--skip-dependency-check -C= --config-setting= -v --verbose`, does: runsProjectCode | readsNetwork | writesProject}

var venvEntry = &entry{style: getopt, global: `--clear --upgrade --without-pip --system-site-packages --prompt=
	--upgrade-deps --copies --symlinks --without-scm-ignore-files`, does: writesProject}
