package permissions

// cargo's safe options. cargo runs build scripts and procedural macros:
// building runs project code. What follows `--` goes to rustc (clippy), to
// rustfmt (fmt) or to the test binary (test, bench), each with its own list;
// after cargo run it is the project's own program's.

const cargoBuild = `-p= --package= --workspace --all --exclude= --lib --bin=? --bins --example=? --examples
	--test=? --tests --bench=? --benches --all-targets -F= --features= --all-features --no-default-features
	--release -r --profile= -j= --jobs= --keep-going --target= --target-dir= --manifest-path= --message-format=
	--timings=? --ignore-rust-version --future-incompat-report --frozen --locked --offline`

const libtestOpts = `--nocapture --no-capture --test-threads= --ignored --include-ignored --exact --skip= -q --quiet
	--show-output --list --format= --color= --shuffle --shuffle-seed= --bench --test --exclude-should-panic
	--save-baseline= --baseline= --noplot --sample-size= --warm-up-time= --measurement-time= --verbose`

const rustcLints = `-D= -W= -A= -F= --deny= --warn= --allow= --forbid= --cap-lints= --no-deps`

const rustfmtOpts = `--check --edition= --emit= --backup --config-path= --color= -l --files-with-diff -v --verbose
	-q --quiet`

var cargoEntry = &entry{style: getoptExact, global: `-v --verbose -q --quiet --color= --frozen --locked --offline
	-h --help -V --version --list`, other: spelledSub, subs: map[string]sub{
	"build":  {opts: cargoBuild, does: runsProjectCode | readsNetwork | writesProject},
	"b":      {opts: cargoBuild, does: runsProjectCode | readsNetwork | writesProject},
	"check":  {opts: cargoBuild, does: runsProjectCode | readsNetwork | writesProject},
	"c":      {opts: cargoBuild, does: runsProjectCode | readsNetwork | writesProject},
	"test":   {opts: cargoBuild + ` --no-run --no-fail-fast --doc`, child: libtestOpts, does: runsProjectCode | readsNetwork | writesProject},
	"t":      {opts: cargoBuild + ` --no-run --no-fail-fast --doc`, child: libtestOpts, does: runsProjectCode | readsNetwork | writesProject},
	"bench":  {opts: cargoBuild + ` --no-run --no-fail-fast`, child: libtestOpts, does: runsProjectCode | readsNetwork | writesProject},
	"run":    {opts: cargoBuild, does: runsProjectCode | readsNetwork | writesProject},
	"r":      {opts: cargoBuild, does: runsProjectCode | readsNetwork | writesProject},
	"clippy": {opts: cargoBuild + ` --fix --allow-dirty --allow-staged --allow-no-vcs --no-deps`, child: rustcLints, does: runsProjectCode | readsNetwork | writesProject},
	"doc":    {opts: cargoBuild + ` --no-deps --document-private-items`, does: runsProjectCode | readsNetwork | writesProject},
	"d":      {opts: cargoBuild + ` --no-deps --document-private-items`, does: runsProjectCode | readsNetwork | writesProject},
	"fmt":    {opts: `--all --check -p= --package= --manifest-path= --message-format=`, child: rustfmtOpts, does: writesProject},
	"fix": {opts: cargoBuild + ` --allow-dirty --allow-staged --allow-no-vcs --edition --edition-idioms --broken-code`,
		does: runsProjectCode | readsNetwork | writesProject},
	"clean": {opts: `--doc --release -r --profile= --target-dir= -p= --package= --manifest-path= --dry-run -n`, does: writesProject},
	"update": {opts: `-p= --package= --aggressive --recursive --precise= --dry-run -w --workspace --breaking
		--manifest-path=`, does: readsNetwork | writesProject},
	"tree": {opts: `-p= --package= -e= --edges= -i= --invert= --prefix= --no-dedupe -d --duplicates --charset= -f=
		--format= --depth= --target= --all-targets -F= --features= --all-features --no-default-features --workspace
		--manifest-path=`, does: readsProject},
	"metadata": {opts: `--format-version= --no-deps --filter-platform= -F= --features= --all-features
		--no-default-features --manifest-path=`, does: readsNetwork},
	"add": {opts: `--dev --build --optional --no-optional -F= --features= --no-default-features --default-features
		--rename= -p= --package= --manifest-path= --dry-run -n --target=`, does: readsNetwork | writesProject},
	"remove":            {opts: `--dev --build -p= --package= --manifest-path= --dry-run -n`, does: writesProject},
	"rm":                {opts: `--dev --build -p= --package= --manifest-path= --dry-run -n`, does: writesProject},
	"search":            {opts: `--limit=`, does: readsNetwork},
	"generate-lockfile": {opts: `--manifest-path=`, does: readsNetwork | writesProject},
	"fetch":             {opts: `--target= --manifest-path=`, does: readsNetwork},
	"vendor":            {opts: `--no-delete -s= --sync= --versioned-dirs --respect-source-config --manifest-path=`, does: readsNetwork | writesProject},
	"package":           {opts: cargoBuild + ` --list -l --no-verify --no-metadata --allow-dirty`, does: runsProjectCode | writesProject},
	"publish":           {opts: cargoBuild + ` --dry-run -n --no-verify --allow-dirty --registry=`, does: runsProjectCode | sendsNetwork},
	"new":               {opts: `--bin --lib --name= --edition= --vcs=`, does: writesProject},
	"init":              {opts: `--bin --lib --name= --edition= --vcs=`, does: writesProject},
	"locate-project":    {opts: `--workspace --message-format= --manifest-path=`, does: readsProject},
	"pkgid":             {opts: `-p= --package= --manifest-path=`, does: readsProject},
	"verify-project":    {opts: `--manifest-path=`, does: readsProject},
	"version":           {does: readsProject},
	"nextest run": {opts: cargoBuild + ` --cargo-profile= --profile= -P= -E= --filterset= --test-threads= --retries=
		--no-fail-fast --no-capture --nocapture --run-ignored= --message-format-version= --hide-progress-bar
		--status-level= --final-status-level= --failure-output= --success-output=`, child: libtestOpts, does: runsProjectCode | writesProject},
	"nextest list":            {opts: cargoBuild + ` -E= --filterset= --message-format= -T= --list-type=`, does: runsProjectCode | writesProject},
	"insta test":              {opts: cargoBuild + ` --accept --review --unreferenced= --include-ignored --test-runner= --no-quiet`, does: runsProjectCode | writesProject},
	"insta accept":            {opts: `-p= --package= --workspace --all --manifest-path=`, does: writesProject},
	"insta reject":            {opts: `-p= --package= --workspace --all --manifest-path=`, does: writesProject},
	"insta pending-snapshots": {opts: `-p= --package= --workspace --all --manifest-path= --as-json`, does: readsProject},
	"insta show":              {opts: `-p= --package= --workspace --manifest-path=`, does: readsProject},
}}

var rustfmtEntry = &entry{style: getoptExact, global: rustfmtOpts, does: writesProject}
