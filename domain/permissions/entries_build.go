package permissions

// Build tools and task runners: each runs the recipes of its own file
// (Makefile, justfile, Taskfile.yml, CMakeLists.txt …), project code that
// the trust pins where Memo can read it. Left out: what names another
// recipe file or folder, what sets the shell or variables a recipe uses,
// and what sends a report to a server (gradle --scan, ctest -D).

var makeEntry = &entry{style: getopt, does: runsProjectCode, global: `-j=? --jobs=? -k --keep-going -n --dry-run
	--just-print --recon -s --silent --quiet -B --always-make -i --ignore-errors -w --print-directory
	--no-print-directory -r --no-builtin-rules -R --no-builtin-variables -q --question -t --touch -d --debug=? -p
	--print-data-base -S --no-keep-going --stop -l=? --load-average=? -O=? --output-sync=? --trace
	--warn-undefined-variables -e --environment-overrides -v --version -h --help -L --check-symlink-times -W=
	--what-if= --new-file= --assume-new= -o= --old-file= --assume-old= --shuffle=?`}

var justEntry = &entry{style: getoptExact, other: definedSub, definedArgs: true, does: runsProjectCode, global: `-l --list --summary
	-n --dry-run --show= -s= --evaluate --variables --dump --dump-format= --fmt --check --unstable --yes -q
	--quiet -v --verbose --color= --highlight --no-highlight --timestamp --groups --list-heading= --list-prefix=
	-u --unsorted --explain --no-dotenv --no-deps --allow-missing -h --help -V --version`}

var taskEntry = &entry{style: getopt, other: definedSub, does: runsProjectCode, global: `-l --list -a --list-all
	--summary -n --dry -f --force -s --silent -v --verbose -p --parallel --color=? -C= --concurrency= -o= --output=
	--interval= -w --watch --status --json --sort= -x --exit-code -y --yes --version -h --help`}

var cmakeEntry = &entry{style: getoptExact, dashLong: true, does: runsProjectCode | writesProject, global: `-S= -B=
	--build= --target= -t= --config= --parallel=? -j=? --clean-first --preset= --list-presets=? --workflow --fresh
	-G= -A= -T= --toolchain= -Wdev -Wno-dev -Werror= -Wno-error= --log-level= --log-context --trace --trace-expand
	--graphviz= -N -L -LA -LH -LAH --version --help --verbose -v --warn-uninitialized --no-warn-unused-cli
	--check-system-vars -D*`}

var ctestEntry = &entry{style: getoptExact, dashLong: true, numeric: false, does: runsProjectCode, global: `--test-dir=
	--output-on-failure -j=? --parallel=? -R= --tests-regex= -E= --exclude-regex= -L= --label-regex= -LE=
	--label-exclude= -C= --build-config= -V --verbose -VV --extra-verbose -N --show-only=? --rerun-failed --repeat=
	--repeat-until-fail= --timeout= --stop-on-failure --schedule-random -Q --quiet -O= --output-log=
	--output-junit= --progress --no-compress-output --preset= --no-tests= -I= --tests-information= -U --union
	--max-width= --version --help`}

// dotnetCommon leaves out -p/--property: an MSBuild property can name the
// command a build runs (-p:PreBuildEvent=…, CscToolPath).
const dotnetCommon = `-c= --configuration= -f= --framework= -r= --runtime= -o= --output= --no-restore --no-build
	--nologo -v= --verbosity= --no-incremental --no-dependencies --self-contained=? --sc --use-current-runtime
	--ucr -a= --arch= --os= --disable-build-servers --ignore-failed-sources --project=
	--tl=? --interactive=? -h --help`

var dotnetEntry = &entry{style: getopt, global: `--info --version --list-sdks --list-runtimes -d --diagnostics`, subs: map[string]sub{
	"build": {opts: dotnetCommon, does: runsProjectCode | readsNetwork | writesProject},
	"test": {opts: dotnetCommon + ` --filter= -l= --logger= --collect= -s= --settings= --results-directory= --blame
		--blame-crash --blame-hang --blame-hang-timeout= -t --list-tests --diag= --test-adapter-path=`,
		does: runsProjectCode | readsNetwork | writesProject},
	"run":     {opts: dotnetCommon + ` --launch-profile= --no-launch-profile -e=`, does: runsProjectCode | readsNetwork},
	"restore": {opts: dotnetCommon + ` --locked-mode --force-evaluate --no-cache --packages=`, does: readsNetwork | writesProject},
	"clean":   {opts: dotnetCommon, does: writesProject},
	"pack":    {opts: dotnetCommon + ` --include-symbols --include-source --version-suffix=`, does: runsProjectCode | writesProject},
	"publish": {opts: dotnetCommon + ` --version-suffix=`, does: runsProjectCode | writesProject},
	"format": {opts: `--verify-no-changes --no-restore --include= --exclude= --include-generated --severity=
		--diagnostics= --exclude-diagnostics= -v= --verbosity= --report= --binarylog= --folder`, does: writesProject},
	"format whitespace": {opts: `--verify-no-changes --include= --exclude= --folder -v= --verbosity=`, does: writesProject},
	"format style":      {opts: `--verify-no-changes --no-restore --include= --exclude= --severity= -v= --verbosity=`, does: writesProject},
	"format analyzers":  {opts: `--verify-no-changes --no-restore --include= --exclude= --severity= --diagnostics= -v= --verbosity=`, does: writesProject},
	"list package":      {opts: `--outdated --deprecated --vulnerable --include-transitive --framework= --format=`, does: readsNetwork},
	"list reference":    {does: readsProject},
	"sln list":          {does: readsProject},
}}

const mavenOpts = `-B --batch-mode -q --quiet -e --errors -X --debug -U --update-snapshots -o --offline -T= --threads=
	-pl= --projects= -am --also-make -amd --also-make-dependents -P= --activate-profiles= -ntp --no-transfer-progress
	-N --non-recursive -fae --fail-at-end -ff --fail-fast -fn --fail-never -rf= --resume-from= -V --show-version -v
	--version -C --strict-checksums -c --lax-checksums -l= --log-file= --color= -nsu --no-snapshot-updates -h --help
	-D*`

var mavenEntry = &entry{style: getoptExact, dashLong: true, global: mavenOpts, does: runsProjectCode | readsNetwork | writesProject}

const gradleOpts = `--no-daemon --daemon --offline --refresh-dependencies --stacktrace -s --full-stacktrace -S --info -i
	--debug -d --quiet -q --warn -w --build-cache --no-build-cache --configuration-cache --no-configuration-cache
	--parallel --no-parallel --max-workers= --continue --continuous -t --dry-run -m --rerun-tasks --rerun -x=
	--exclude-task= -P= --project-prop= -D= --system-prop= --console= --warning-mode= --tests= --status --stop
	--version -v -h --help --profile --priority= --watch-fs --no-watch-fs`

var gradleEntry = &entry{style: getopt, global: gradleOpts, does: runsProjectCode | readsNetwork | writesProject}

const swiftBuildOpts = `-c= --configuration= --product= --target= -v --verbose --package-path= --scratch-path=
	--build-path= -j= --jobs= --build-tests --show-bin-path --enable-test-discovery -q --quiet`

var swiftEntry = &entry{style: getoptExact, subs: map[string]sub{
	"build": {opts: swiftBuildOpts, does: runsProjectCode | readsNetwork | writesProject},
	"test": {opts: swiftBuildOpts + ` --filter= --skip= --parallel --num-workers= --enable-code-coverage
		--xunit-output= --list-tests`, does: runsProjectCode | readsNetwork | writesProject},
	"run":                       {opts: swiftBuildOpts, does: runsProjectCode | readsNetwork | writesProject},
	"package resolve":           {opts: `--package-path=`, does: readsNetwork | runsProjectCode},
	"package update":            {opts: `--package-path= --dry-run`, does: readsNetwork | runsProjectCode | writesProject},
	"package describe":          {opts: `--package-path= --type=`, does: runsProjectCode},
	"package show-dependencies": {opts: `--package-path= --format=`, does: runsProjectCode},
	"package dump-package":      {opts: `--package-path=`, does: runsProjectCode},
	"package clean":             {opts: `--package-path=`, does: writesProject},
	"package reset":             {opts: `--package-path=`, does: writesProject},
	"package add-target":        {opts: `--type= --dependencies= --path=`, does: writesProject},
	"format": {opts: `-i --in-place -r --recursive -p --parallel --configuration= --ignore-unparsable-files -s
		--strict`, does: writesProject},
	"format lint":   {opts: `-r --recursive -p --parallel --configuration= --ignore-unparsable-files -s --strict`, does: readsProject},
	"format format": {opts: `-i --in-place -r --recursive -p --parallel --configuration= --ignore-unparsable-files`, does: writesProject},
}}

const composerOpts = `--no-dev --dev -n --no-interaction --prefer-dist --prefer-source --prefer-install=
	--optimize-autoloader -o --classmap-authoritative -a --no-scripts --no-progress --ignore-platform-reqs
	--ignore-platform-req= --dry-run -q --quiet -v -vv -vvv --verbose --ansi --no-ansi --no-audit --audit
	--no-cache --strict --working-dir= -d=`

var composerEntry = &entry{style: getopt, global: composerOpts, other: definedSub, does: runsProjectCode, subs: map[string]sub{
	"install":             {does: readsNetwork | runsProjectCode | writesProject},
	"i":                   {does: readsNetwork | runsProjectCode | writesProject},
	"update":              {opts: `-W --with-all-dependencies -w --with-dependencies --lock`, does: readsNetwork | runsProjectCode | writesProject},
	"u":                   {does: readsNetwork | runsProjectCode | writesProject},
	"dump-autoload":       {does: runsProjectCode | writesProject},
	"dumpautoload":        {does: runsProjectCode | writesProject},
	"run-script":          {opts: `--timeout= -l --list`, does: runsProjectCode},
	"run":                 {opts: `--timeout= -l --list`, does: runsProjectCode},
	"test":                {does: runsProjectCode},
	"validate":            {opts: `--no-check-all --no-check-lock --no-check-publish --with-dependencies -A`, does: readsProject},
	"show":                {opts: `-t --tree -l --latest -o --outdated -D --direct -a --all -i --installed -N --name-only --format=`, does: readsProject},
	"outdated":            {opts: `-D --direct -m --minor-only --format= --strict`, does: readsNetwork},
	"audit":               {opts: `--format= --locked --abandoned=`, does: readsNetwork},
	"licenses":            {opts: `--format=`, does: readsProject},
	"check-platform-reqs": {opts: `--lock`, does: readsProject},
}}

var phpunitEntry = &entry{style: getoptExact, does: runsProjectCode, global: `-c= --configuration= --filter= --testsuite=
	--group= --exclude-group= --coverage-html= --coverage-clover= --coverage-text=? --coverage-xml= --log-junit=
	--testdox --colors=? --stop-on-failure --stop-on-error --stop-on-defect --fail-on-warning --fail-on-risky
	--no-coverage --bootstrap= --do-not-cache-result --order-by= --random-order --random-order-seed= --debug -v
	--verbose --version -h --help --list-tests --list-suites --list-groups --no-configuration --display-deprecations
	--display-warnings --display-notices`}

var xcodebuildEntry = &entry{style: getoptExact, dashLong: true, does: runsProjectCode | writesProject, global: `-scheme=
	-project= -workspace= -configuration= -destination= -sdk= -derivedDataPath= -quiet -showsdks -list
	-showBuildSettings -target= -alltargets -parallel-testing-enabled= -only-testing= -skip-testing= -testPlan=
	-enableCodeCoverage= -resultBundlePath= -json -version -showdestinations -parallelizeTargets -jobs=`}

// The C compilers and rustc: what runs another program or writes where it
// is told (-B, -wrapper, -fplugin, -specs, -Wl, -Xlinker, -fuse-ld, -o,
// @files, -C linker=) is in the table of risky arguments, which is read
// first.
var ccEntry = &entry{style: goFlag, does: readsProject | writesProject, global: `-c -S -E -v -w -g* -O* -W* -f* -m*
	-std=* -D* -U* -I* -L* -l* -pedantic* -pthread -shared -static -rdynamic -ansi -pipe -x= -isystem= -iquote=
	-include= --version --help`}

var rustcEntry = &entry{style: getopt, does: readsProject | writesProject, global: `--edition= --crate-type=
	--crate-name= -O -g --test --cfg= -L= --extern= -C= --cap-lints= -D= -W= -A= -F= --error-format= --json=
	--target= --print= --explain= -V --version -v --verbose`}
