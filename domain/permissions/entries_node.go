package permissions

// The JavaScript package managers and tools. What selects other workspace
// packages (-w, --workspace, --filter, -r) is left out: those run scripts
// Memo pins only when the rule itself names them. The tools that read a
// JavaScript config (eslint, prettier, jest, vitest) run project code.

const npmCommon = `--silent -s --loglevel= --quiet -q --verbose --json --parseable --color=? --no-color --yes -y
	--if-present --ignore-scripts --no-audit --audit --no-fund --fund --no-progress --progress --prefer-offline
	--offline --prefer-online --legacy-peer-deps --strict-peer-deps --force -f --dry-run --omit= --include=
	--production --foreground-scripts --before= --install-links --install-strategy= --no-package-lock
	--package-lock-only --engine-strict --no-update-notifier --long -l --all -a --depth= --unicode --no-unicode`

const npmInstall = ` --save-dev -D --save -S --save-exact -E --save-optional -O --save-peer --save-prod -P --no-save
	--no-optional --no-bin-links --global-style --prefer-dedupe`

var npmEntry = &entry{style: getopt, dashLong: true, global: npmCommon, subs: map[string]sub{
	"test": {does: runsProjectCode}, "t": {does: runsProjectCode}, "tst": {does: runsProjectCode},
	"run": {does: runsProjectCode}, "run-script": {does: runsProjectCode}, "rum": {does: runsProjectCode},
	"urn": {does: runsProjectCode}, "start": {does: runsProjectCode}, "stop": {does: runsProjectCode},
	"restart":         {does: runsProjectCode},
	"ci":              {opts: npmInstall, does: readsNetwork | runsProjectCode | writesProject},
	"clean-install":   {opts: npmInstall, does: readsNetwork | runsProjectCode | writesProject},
	"install-ci-test": {opts: npmInstall, does: readsNetwork | runsProjectCode | writesProject},
	"cit":             {opts: npmInstall, does: readsNetwork | runsProjectCode | writesProject},
	"install":         {opts: npmInstall, does: readsNetwork | runsProjectCode | writesProject},
	"i":               {opts: npmInstall, does: readsNetwork | runsProjectCode | writesProject},
	"install-test":    {opts: npmInstall, does: readsNetwork | runsProjectCode | writesProject},
	"it":              {opts: npmInstall, does: readsNetwork | runsProjectCode | writesProject},
	"uninstall":       {opts: npmInstall, does: writesProject}, "remove": {opts: npmInstall, does: writesProject},
	"rm": {opts: npmInstall, does: writesProject}, "un": {opts: npmInstall, does: writesProject},
	"update":  {opts: npmInstall, does: readsNetwork | runsProjectCode | writesProject},
	"up":      {opts: npmInstall, does: readsNetwork | runsProjectCode | writesProject},
	"rebuild": {does: runsProjectCode | writesProject}, "rb": {does: runsProjectCode | writesProject},
	"prune": {does: writesProject}, "dedupe": {does: writesProject}, "ddp": {does: writesProject},
	"audit": {opts: `--audit-level=`, does: readsNetwork}, "audit signatures": {does: readsNetwork},
	"audit fix": {opts: `--audit-level=` + npmInstall, does: readsNetwork | runsProjectCode | writesProject},
	"outdated":  {does: readsNetwork}, "ls": {does: readsProject}, "list": {does: readsProject},
	"la": {does: readsProject}, "ll": {does: readsProject}, "explain": {does: readsProject},
	"why": {does: readsProject}, "query": {does: readsProject}, "view": {does: readsNetwork},
	"info": {does: readsNetwork}, "show": {does: readsNetwork}, "v": {does: readsNetwork},
	"pack":    {opts: `--pack-destination=`, does: runsProjectCode | writesProject},
	"publish": {opts: `--access= --tag= --otp= --provenance`, does: runsProjectCode | sendsNetwork},
	"version": {opts: `--no-git-tag-version --git-tag-version --allow-same-version --preid=`,
		does: runsProjectCode | writesProject | changesRepo},
	"pkg get": {does: readsProject}, "pkg set": {does: writesProject}, "pkg delete": {does: writesProject},
	"pkg fix": {does: writesProject}, "doctor": {does: readsNetwork}, "ping": {does: readsNetwork},
	"fund": {does: readsProject}, "sbom": {opts: `--sbom-format= --sbom-type=`, does: readsProject},
	"whoami": {does: readsNetwork}, "search": {does: readsNetwork},
}}

const pnpmCommon = `--silent -s --reporter= --color --no-color --aggregate-output --parallel --stream
	--workspace-concurrency= --if-present --frozen-lockfile --no-frozen-lockfile --prefer-frozen-lockfile
	--prefer-offline --offline --ignore-scripts --prod -P --dev -D --no-optional --lockfile-only --fix-lockfile
	--resolution-only --strict-peer-dependencies --fail-if-no-match --no-bail --bail --sort --no-sort --reverse
	--report-summary --use-stderr --loglevel= --json --depth= --long --parseable --reporter-hide-prefix -w
	--workspace-root`

var pnpmEntry = &entry{style: getopt, global: pnpmCommon, other: definedSub, definedArgs: true, does: runsProjectCode, subs: map[string]sub{
	"run": {script: scriptNamed, does: runsProjectCode}, "test": {script: scriptRest, does: runsProjectCode},
	"t":       {script: scriptRest, does: runsProjectCode},
	"start":   {script: scriptRest, does: runsProjectCode},
	"install": {does: readsNetwork | runsProjectCode | writesProject}, "i": {does: readsNetwork | runsProjectCode | writesProject},
	"install-test": {does: readsNetwork | runsProjectCode | writesProject}, "it": {does: readsNetwork | runsProjectCode | writesProject},
	"fetch": {does: readsNetwork}, "remove": {does: writesProject}, "rm": {does: writesProject},
	"uninstall": {does: writesProject}, "un": {does: writesProject},
	"update":  {opts: `--latest -L`, does: readsNetwork | runsProjectCode | writesProject},
	"up":      {opts: `--latest -L`, does: readsNetwork | runsProjectCode | writesProject},
	"rebuild": {does: runsProjectCode | writesProject}, "rb": {does: runsProjectCode | writesProject},
	"prune": {does: writesProject}, "dedupe": {opts: `--check`, does: writesProject},
	"audit":    {opts: `--audit-level= --fix --ignore-registry-errors`, does: readsNetwork},
	"outdated": {does: readsNetwork}, "list": {does: readsProject}, "ls": {does: readsProject},
	"ll": {does: readsProject}, "la": {does: readsProject}, "why": {does: readsProject},
	"licenses list": {does: readsProject}, "root": {does: readsProject}, "bin": {does: readsProject},
	"pack":       {opts: `--pack-destination=`, does: runsProjectCode | writesProject},
	"publish":    {opts: `--access= --tag= --otp= --no-git-checks --provenance`, does: runsProjectCode | sendsNetwork},
	"store path": {does: readsProject}, "store status": {does: readsProject}, "store prune": {does: writesProject},
	// pnpm exec NAME runs a program the project installed (localbin.go).
	"exec": {wraps: true, does: runsProjectCode},
}}

// npx and bunx run a package's program: the project's installed one when
// node_modules/.bin holds it, else one they download (localbin.go). No
// option may come before the program's name (-y, -p, -c …).
var localBinEntry = &entry{style: getopt, wraps: true, does: runsProjectCode}

const yarnCommon = `--silent -s --frozen-lockfile --immutable --immutable-cache --check-cache --inline-builds
	--mode= --non-interactive --prefer-offline --offline --ignore-scripts --ignore-engines --pure-lockfile
	--production --json --verbose --no-progress --network-timeout= --check-files --ignore-optional
	--skip-integrity-check`

var yarnEntry = &entry{style: getopt, global: yarnCommon, other: definedSub, definedArgs: true, does: runsProjectCode, subs: map[string]sub{
	"run": {script: scriptNamed, does: runsProjectCode}, "test": {script: scriptRest, does: runsProjectCode},
	"start":   {script: scriptRest, does: runsProjectCode},
	"install": {does: readsNetwork | runsProjectCode | writesProject},
	"remove":  {does: writesProject}, "upgrade": {does: readsNetwork | runsProjectCode | writesProject},
	"up":    {does: readsNetwork | runsProjectCode | writesProject},
	"audit": {opts: `--level= --groups= --summary`, does: readsNetwork}, "outdated": {does: readsNetwork},
	"list": {opts: `--pattern=`, does: readsProject}, "why": {does: readsProject}, "info": {does: readsNetwork},
	"pack":      {opts: `--filename= -o= --out=`, does: runsProjectCode | writesProject},
	"publish":   {opts: `--access= --tag= --otp=`, does: runsProjectCode | sendsNetwork},
	"workspace": {does: runsProjectCode}, "workspaces info": {does: readsProject},
	"workspaces list": {opts: `-v --verbose --json`, does: readsProject},
	"cache dir":       {does: readsProject}, "cache list": {does: readsProject}, "bin": {does: readsProject},
	"dedupe": {opts: `--check`, does: writesProject}, "rebuild": {does: runsProjectCode | writesProject},
	"npm audit": {does: readsNetwork}, "npm info": {does: readsNetwork},
}}

// bun runs package.json scripts and project files like a package manager;
// -e/--eval and its package runner are in the table of risky arguments.
var bunEntry = &entry{style: getopt, global: `--silent --bun -b --smol --no-install`, other: definedSub, definedArgs: true, does: runsProjectCode, subs: map[string]sub{
	"run": {script: scriptNamed, does: runsProjectCode},
	"test": {opts: `--coverage --coverage-reporter= --coverage-dir= --bail=? --timeout= --rerun-each= --only --todo
		-t=t --test-name-pattern=t -u --update-snapshots --watch --preload= --reporter= --reporter-outfile=`,
		does: runsProjectCode},
	"install": {opts: `--frozen-lockfile --production -p --no-save --dry-run --force -f --ignore-scripts --verbose`, does: readsNetwork | writesProject},
	"i":       {opts: `--frozen-lockfile --production -p --no-save --dry-run --force -f --ignore-scripts --verbose`, does: readsNetwork | writesProject},
	"remove":  {does: writesProject}, "rm": {does: writesProject},
	"update": {does: readsNetwork | writesProject}, "outdated": {does: readsNetwork},
	"build": {opts: `--outdir= --outfile= --target= --format= --minify --sourcemap=? --splitting --external= -e=
		--watch --production --compile`, does: writesProject},
	"pm ls": {does: readsProject}, "pm cache": {does: readsProject}, "pm bin": {does: readsProject},
}}

var eslintEntry = &entry{style: getoptExact, does: runsProjectCode | writesProject, global: `--fix --fix-dry-run
	--fix-type= --ext= -c= --config= --no-config-lookup --no-eslintrc --env= --global= --parser= --parser-options=
	--resolve-plugins-relative-to= --rulesdir= --plugin= --rule= --ignore-path= --no-ignore --ignore-pattern= --stdin
	--stdin-filename= --quiet --max-warnings= -o= --output-file= -f= --format= --color --no-color
	--no-inline-config --report-unused-disable-directives --report-unused-disable-directives-severity=
	--no-error-on-unmatched-pattern --exit-on-fatal-error --no-warn-ignored --pass-on-no-patterns --debug -h --help
	-v --version --print-config= --cache --cache-file= --cache-location= --cache-strategy= --flag= --concurrency=
	--stats`}

var prettierEntry = &entry{style: getoptExact, does: runsProjectCode | writesProject, global: `--check -c --write -w
	--list-different -l --config= --no-config --config-precedence= --no-editorconfig --find-config-path=
	--ignore-path= --ignore-unknown -u --no-error-on-unmatched-pattern --plugin= --log-level= --cache
	--cache-location= --cache-strategy= --stdin-filepath= --with-node-modules --parser= --print-width= --tab-width=
	--use-tabs --no-semi --single-quote --jsx-single-quote --quote-props= --trailing-comma= --no-bracket-spacing
	--bracket-same-line --arrow-parens= --prose-wrap= --end-of-line= --embedded-language-formatting=
	--experimental-ternaries -v --version -h --help`}

// tsc reads its option names in any case (--noEmit, --noemit).
var tscEntry = &entry{style: getoptExact, foldCase: true, does: readsProject | writesProject, global: `--noemit --build -b
	--project= -p= --watch -w --pretty --listfiles --listemittedfiles --outdir= --declaration -d --emitdeclarationonly
	--skiplibcheck --strict --incremental -i --tsbuildinfofile= --target= -t= --module= -m= --moduleresolution= --lib=
	--jsx= --sourcemap --verbose --force -f --clean --dry --showconfig --version -v --help -h --noemitonerror
	--extendeddiagnostics --diagnostics --traceresolution --explainfiles --allowjs --checkjs --esmoduleinterop
	--resolvejsonmodule --isolatedmodules --nounusedlocals --nounusedparameters --noimplicitany --strictnullchecks
	--types= --rootdir= --baseurl= --preservewatchoutput --locale= --declarationdir= --outfile= --removecomments
	--stopbuildonerrors --skipdefaultlibcheck --composite --generatetrace=`}

var jestEntry = &entry{style: getoptExact, does: runsProjectCode, global: `--ci --no-ci --coverage --collectCoverage
	--watch --watchAll=? --no-watch --no-watchAll -t=t --testNamePattern=t -u --updateSnapshot --runInBand -i
	--maxWorkers= -w= --bail=? -b --verbose --silent --passWithNoTests --detectOpenHandles --forceExit
	--testPathPattern= --testPathPatterns= --testPathIgnorePatterns= --config= -c= --rootDir= --roots=
	--selectProjects= --coverageProvider= --coverageReporters= --coverageDirectory= --json --outputFile= --listTests
	--onlyChanged -o --changedSince= --findRelatedTests --clearCache --showConfig --testTimeout= --no-cache --cache
	--logHeapUsage --randomize --seed= --shard= --reporters= --testEnvironment= --colors --no-colors
	--errorOnDeprecated --noStackTrace --useStderr --lastCommit --no-watchman --watchman --version -h --help`}

const vitestOpts = `--run --watch --coverage --coverage.enabled --coverage.provider= --coverage.reporter=
	--coverage.reportsDirectory= --reporter= --outputFile= -t=t --testNamePattern=t -u --update --passWithNoTests
	--silent --bail= --config= -c= --root= -r= --dir= --environment= --globals --dom --pool= --isolate --no-isolate
	--maxWorkers= --minWorkers= --shard= --sequence.shuffle --sequence.seed= --changed=? --project= --mode=
	--typecheck --allowOnly --no-file-parallelism --testTimeout= --hookTimeout= --retry= --clearScreen --no-color
	--hideSkippedTests --expandSnapshotDiff -h --help -v --version`

var vitestEntry = &entry{style: getoptExact, global: vitestOpts, other: unknownSub, does: runsProjectCode, subs: map[string]sub{
	"run": {does: runsProjectCode}, "watch": {does: runsProjectCode}, "dev": {does: runsProjectCode},
	"related": {does: runsProjectCode}, "bench": {does: runsProjectCode}, "list": {opts: `--json= --filesOnly`, does: runsProjectCode},
}}

const nextOpts = `--turbo --turbopack --webpack -p= --port= -H= --hostname= --debug --profile --no-lint
	--no-mangling --experimental-debug-memory-usage --keepAliveTimeout= --debug-prerender -h --help`

var nextEntry = &entry{style: getoptExact, global: nextOpts, subs: map[string]sub{
	"dev": {does: runsProjectCode}, "build": {does: runsProjectCode | writesProject},
	"start": {does: runsProjectCode}, "lint": {opts: `--fix --dir= --file= --quiet --max-warnings=`, does: runsProjectCode},
	"info": {does: readsProject},
}}
