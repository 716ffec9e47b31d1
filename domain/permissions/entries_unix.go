package permissions

// The file readers. Left out on purpose: the options that follow symbolic
// links while walking a folder (grep -R, rg -L, fd -L, tree -l, ls -L, du
// -L, diff -r), which could read outside the project through a link it
// holds, and rg -z (runs decompression programs).

var lsEntry = &entry{style: getopt, does: readsProject, global: `-a -A -l -h -R -t -r -S -1 -d -F -p -i -n -o -g -s -c -u -U
	-X -v -w= -C -m -x -Q -G -k -N -q -b --all --almost-all --human-readable --recursive --reverse --sort= --time=
	--time-style= --group-directories-first --classify=? --full-time --si --inode --numeric-uid-gid --color=?
	--quoting-style= --indicator-style= --no-group --literal --escape --hide= -I= --ignore= --width= --directory
	--size --format= --help --version`}

var catEntry = &entry{style: getopt, does: readsProject, global: `-n -b -s -A -E -T -v -e -t -u --number
	--number-nonblank --squeeze-blank --show-all --show-ends --show-tabs --show-nonprinting --help --version`}

const headOpts = `-n= -c= -q -v -z --lines= --bytes= --quiet --silent --verbose --zero-terminated --help --version`

var headEntry = &entry{style: getopt, numeric: true, does: readsProject, global: headOpts}

var tailEntry = &entry{style: getopt, numeric: true, does: readsProject, global: headOpts + ` -f --follow=? -F --retry -s= --sleep-interval=`}

var wcEntry = &entry{style: getopt, does: readsProject, global: `-l -w -c -m -L --lines --words --bytes --chars
	--max-line-length --total= --help --version`}

var grepEntry = &entry{style: getopt, numeric: true, textFirst: true, textUnless: "-e --regexp -f --file", does: readsProject, global: `-r --recursive -n --line-number -i
	--ignore-case --no-ignore-case -y -w -x -v -l -L -c -H -h -o -q -s -E -F -G -P -e=t -f= -A= -B= -C= -m= -a -I
	-z -Z -T -b -U -d= -D= --max-count= --include= --exclude= --exclude-dir= --exclude-from= --color=? --colour=?
	--text --binary-files= --null --null-data --label= --line-buffered --no-messages --files-with-matches
	--files-without-match --count --only-matching --quiet --silent --extended-regexp --fixed-strings
	--basic-regexp --perl-regexp --regexp=t --file= --word-regexp --line-regexp --invert-match --with-filename
	--no-filename --after-context= --before-context= --context= --initial-tab --byte-offset --devices=
	--directories= --help --version`}

var rgEntry = &entry{style: getoptExact, textFirst: true, textUnless: "-e --regexp -f --file --files --type-list", does: readsProject, global: `-n -N --line-number --no-line-number -i
	--ignore-case -S --smart-case -s --case-sensitive -w --word-regexp -x --line-regexp -v --invert-match -l -c
	--count --count-matches -o --only-matching -q --quiet -F --fixed-strings -e=t --regexp=t -f= --file= -g=t --glob=t
	--iglob=t -t=t --type=t -T=t --type-not=t --type-list -A= -B= -C= --context= --after-context= --before-context= -m=
	--max-count= --max-depth= -d= --hidden -. --no-hidden --no-ignore --no-ignore-vcs --no-ignore-dot
	--no-ignore-parent --no-ignore-files --ignore-file= -u --unrestricted --files --files-with-matches
	--files-without-match --json --vimgrep --heading --no-heading --color= --colors= -p --pretty --column
	--no-column -b --byte-offset --trim --sort= --sortr= -U --multiline --multiline-dotall -P --pcre2 --engine=
	--max-filesize= --max-columns= -M= --max-columns-preview -0 --null --encoding= -E= --stats --passthru
	--no-messages -r=t --replace=t --no-config --debug --trace -h --help -V --version --include-zero --no-unicode
	-j= --threads= -H --with-filename -I --no-filename -a --text --binary --no-binary --crlf --null-data`}

var fdEntry = &entry{style: getoptExact, does: readsProject, global: `-H --hidden -I --no-ignore --no-ignore-vcs
	-u --unrestricted -s --case-sensitive -i --ignore-case -g --glob --regex -F --fixed-strings -a --absolute-path
	-l --list-details -p --full-path -0 --print0 -d= --max-depth= --min-depth= --exact-depth= -t= --type= -e=
	--extension= -E= --exclude= -S= --size= --changed-within= --changed-before= -o= --owner= --max-results= -1 -q
	--quiet --color= -j= --threads= --show-errors --base-directory= --path-separator= --strip-cwd-prefix=?
	--format= -h --help -V --version`}

var sedEntry = &entry{style: getopt, textFirst: true, textUnless: "-e --expression -f --file", does: readsProject, global: `-n --quiet --silent -e=t --expression=t -E -r
	--regexp-extended -s --separate -u --unbuffered -z --null-data --posix --debug --sandbox -l= --line-length=
	--help --version`}

var sortEntry = &entry{style: getopt, does: readsProject | writesProject, global: `-b -d -f -g -i -M -h -n -R -r -V -c -C -k= -m
	-o= -s -S= -t= -T= -u -z --parallel= --debug --ignore-leading-blanks --dictionary-order --ignore-case
	--general-numeric-sort --ignore-nonprinting --month-sort --human-numeric-sort --numeric-sort --random-sort
	--reverse --version-sort --check=? --key= --merge --output= --stable --buffer-size= --field-separator=
	--temporary-directory= --unique --zero-terminated --sort= --help --version`}

var uniqEntry = &entry{style: getopt, does: readsProject, global: `-c -d -D -f= -i -s= -u -z -w= --count --repeated
	--all-repeated=? --skip-fields= --ignore-case --skip-chars= --unique --zero-terminated --check-chars=
	--group=? --help --version`}

var diffEntry = &entry{style: getopt, does: readsProject, global: `-u -U= -c -C= -q -N -w -b -B -i -y -s -p -a -E -Z
	-t -T -l -d -e -n --unified=? --context=? --brief --report-identical-files --new-file --unidirectional-new-file
	--ignore-all-space --ignore-space-change --ignore-blank-lines --ignore-case --ignore-tab-expansion
	--ignore-trailing-space --side-by-side --suppress-common-lines --text --strip-trailing-cr --show-c-function
	--show-function-line= --label= -x= --exclude= --color=? --normal --minimal --speed-large-files --width= -W=
	--expand-tabs --initial-tab --suppress-blank-empty --help --version`}

var treeEntry = &entry{style: getopt, does: readsProject, global: `-L= -a -d -f -I= -P= -C -n -J -X -h -s -D -p -u -g -F
	-i -q -N -t -r -v -U --gitignore --noreport --dirsfirst --filesfirst --prune --filelimit= --charset= --du
	--help --version`}

var batEntry = &entry{style: getoptExact, does: readsProject, global: `-n --number -p --plain -l= --language= --paging=
	--style= -r= --line-range= -A --show-all --theme= --color= --decorations= -H= --highlight-line= -d --diff
	--diff-context= --tabs= --wrap= --terminal-width= --list-languages -L --list-themes -h --help -V --version`}

var echoEntry = &entry{style: getopt, textAll: true, does: readsProject, global: `-n -e -E`}

var mkdirEntry = &entry{style: getopt, does: writesProject, global: `-p --parents -v --verbose -m= --mode= --help --version`}

var pwdEntry = &entry{style: getopt, does: readsProject, global: `-L -P`}

var fileEntry = &entry{style: getopt, does: readsProject, global: `-b --brief -i --mime --mime-type --mime-encoding -z -Z
	-k --keep-going --extension --help --version`}

var statEntry = &entry{style: getopt, does: readsProject, global: `-c= --format= --printf= -t --terse -f --file-system --help --version`}

var duEntry = &entry{style: getopt, does: readsProject, global: `-s -h -a -c -d= -k -m -b -x --max-depth= --apparent-size
	--summarize --human-readable --all --total --si --bytes --one-file-system --exclude= --threshold= -t= --help
	--version`}

var cutEntry = &entry{style: getopt, does: readsProject, global: `-d= -f= -c= -b= -s -z --delimiter= --fields=
	--characters= --bytes= --only-delimited --complement --output-delimiter= --zero-terminated --help --version`}

var trEntry = &entry{style: getopt, does: readsProject, global: `-d -s -c -C -t --delete --squeeze-repeats --complement --truncate-set1`}

var sumEntry = &entry{style: getopt, does: readsProject, global: `-c --check -b --binary -t --text --quiet --status
	--strict -w --warn --tag -z --zero --help --version`}

var realpathEntry = &entry{style: getopt, does: readsProject, global: `-e -m -s -q -z -L -P --canonicalize-existing
	--canonicalize-missing --no-symlinks --strip --quiet --relative-to= --relative-base= --zero`}

var readlinkEntry = &entry{style: getopt, does: readsProject, global: `-f -e -m -n -q -s -v -z --canonicalize
	--canonicalize-existing --canonicalize-missing --no-newline`}

var whichEntry = &entry{style: getopt, does: readsProject, global: `-a -s`}

var plainEntry = &entry{style: getopt, does: readsProject, global: `--help --version`}

var tarEntry = &entry{style: getopt, does: readsProject, global: `-t --list -v --verbose -f= --file= -z --gzip --gunzip
	-j --bzip2 -J --xz --zstd --lzma -a --auto-compress -O --to-stdout --wildcards --no-wildcards --anchored
	--exclude= -X= --exclude-from= --strip-components= -C= --directory= --numeric-owner --full-time --utc
	--force-local --warning= -b= --blocking-factor= --help --version`}
