package permissions

// Go's safe options. Flags that run another program or pass flags to the
// compiler and linker (-exec, -toolexec, -ldflags, -gcflags …) are in the
// table of risky arguments; the outputs (-o, -coverprofile and the other
// profiles) name a path, which must stay in the project. go clean's -cache,
// -modcache, -fuzzcache, -i and -r delete outside the project: left out.

const goBuildFlags = `-a -n -p= -race -msan -asan -cover -covermode= -coverpkg= -v -work -x -buildmode=
	-buildvcs=? -mod= -modcacherw -pgo= -tags= -trimpath -o=o -installsuffix= -linkshared -json`

const goTestFlags = goBuildFlags + ` -bench=t -benchmem -benchtime= -blockprofile= -blockprofilerate= -count=
	-coverprofile= -cpu= -cpuprofile= -failfast -fullpath -fuzz= -fuzzminimizetime= -fuzztime= -list=
	-memprofile= -memprofilerate= -mutexprofile= -mutexprofilefraction= -outputdir= -parallel= -run=t -short
	-shuffle= -skip=t -timeout= -trace= -vet= -c`

var goEntry = &entry{style: goFlag, subs: map[string]sub{
	"build":        {opts: goBuildFlags, does: writesProject},
	"test":         {opts: goTestFlags, rest: "-args", does: runsProjectCode | writesProject},
	"vet":          {opts: goBuildFlags + ` -c=`, does: readsProject},
	"list":         {opts: goBuildFlags + ` -f= -m -u -versions -retracted -deps -test -e -find -export -compiled -reuse=`, does: readsProject},
	"run":          {opts: goBuildFlags, does: runsProjectCode},
	"fmt":          {opts: `-n -x -mod=`, does: writesProject},
	"fix":          {opts: `-fix= -diff -n -x`, does: writesProject},
	"get":          {opts: `-t -u=? -v -x -tool`, does: readsNetwork | writesProject},
	"clean":        {opts: goBuildFlags + ` -testcache`, does: writesProject},
	"env":          {opts: `-json -changed`, does: readsProject},
	"version":      {opts: `-m -v -json`, does: readsProject},
	"doc":          {opts: `-all -c -cmd -short -src -u`, does: readsProject},
	"mod tidy":     {opts: `-v -e -go= -compat= -x -diff`, does: readsNetwork | writesProject},
	"mod download": {opts: `-x -json -reuse=`, does: readsNetwork},
	"mod verify":   {does: readsProject},
	"mod why":      {opts: `-m -vendor`, does: readsProject},
	"mod graph":    {opts: `-go= -x`, does: readsProject},
	"mod vendor":   {opts: `-v -e -o=`, does: readsNetwork | writesProject},
	"mod init":     {does: writesProject},
	"mod edit": {opts: `-fmt -module= -go= -toolchain= -require= -droprequire= -exclude= -dropexclude= -replace=
		-dropreplace= -retract= -dropretract= -tool= -droptool= -godebug= -dropgodebug= -json -print`, does: writesProject},
	"work init":   {does: writesProject},
	"work use":    {opts: `-r`, does: writesProject},
	"work sync":   {does: writesProject},
	"work vendor": {opts: `-v -e -o=`, does: readsNetwork | writesProject},
	"tool cover":  {opts: `-func= -o=o -mode= -var=`, does: readsProject},
}}

var gofmtEntry = &entry{style: goFlag, global: `-d -e -l -r= -s -w`, does: writesProject}

var staticcheckEntry = &entry{style: goFlag, global: `-checks= -tags= -tests -f= -fail= -go= -show-ignored -version -explain=`, does: readsProject}

// golangci-lint reads .golangci.yml, which can load linter plugins: it
// runs project code.
const golangciRunOpts = `--fix --fast-only -v --verbose --timeout= -c= --config= --no-config -E= --enable= -D= --disable=
	--enable-all --disable-all --enable-only= --new --new-from-rev= --new-from-merge-base= --new-from-patch=
	--whole-files --out-format= --output.text.path= --output.json.path= --output.checkstyle.path=
	--output.junit-xml.path= --output.sarif.path= --print-issued-lines --print-linter-name --sort-results
	--max-issues-per-linter= --max-same-issues= --uniq-by-line --issues-exit-code= --tests --build-tags=
	--modules-download-mode= -j= --concurrency= --allow-parallel-runners --allow-serial-runners --path-prefix=
	--show-stats --color= --exclude-dirs= --exclude-files= --skip-dirs= --skip-files= --go=`

var golangciEntry = &entry{style: getoptExact, subs: map[string]sub{
	"run":           {opts: golangciRunOpts, does: runsProjectCode | readsProject},
	"fmt":           {opts: `-c= --config= --no-config -E= --enable= -d --diff --stdin`, does: writesProject},
	"linters":       {opts: `-c= --config= --no-config --json`, does: readsProject},
	"version":       {opts: `--format= --json --debug`, does: readsProject},
	"config verify": {opts: `-c= --config=`, does: readsProject},
	"config path":   {opts: `-c= --config=`, does: readsProject},
	"cache clean":   {does: writesProject},
	"cache status":  {does: readsProject},
}}
