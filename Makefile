# Memo Projects. `make run` and `make test` work on a fresh Debian machine:
# both install what they need first, only when it is missing.

BIN      := memo-projects
GO       ?= go
# Fyne's cgo build needs these; the window tests need an X server (Xvfb).
BUILD_PKGS := gcc pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev \
              libxinerama-dev libxi-dev libxxf86vm-dev
TEST_PKGS  := xvfb xauth xdotool imagemagick libgl1-mesa-dri sqlite3 dbus-daemon strace git bash-completion zsh fish
# no_emoji leaves Fyne's bundled emoji font out: Fyne parses it again for
# every text style a screen uses, about 15 MB of idle memory at start-up.
# Emoji still show where a system font has them (Fyne falls back per glyph).
TAGS     := no_emoji
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: spdx repro-check all deps test-deps package-deps build run test test-linux fmt vet staticcheck cross bench package clean \
	windows-deps windows windows-build package-windows deb-deps deb deb-check screenshots msi-deps msi msi-build msi-check

all: build

# install-missing installs those of the Debian packages $(1) that are missing
# (idempotent: nothing happens when all are there).
define install-missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing: $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install-missing,$(BUILD_PKGS))

test-deps: deps
	$(call install-missing,$(TEST_PKGS))

package-deps: deps
	$(call install-missing,xz-utils git)

# Every build is reproducible (packaging/README.md): -trimpath keeps the
# machine's paths out of the binary and an empty -buildid leaves no
# build-specific ID, so one commit makes one binary wherever it is built
# (make repro-check).
GO_BUILD := $(GO) build -tags $(TAGS) -trimpath -ldflags=-buildid=

build: deps
	$(GO_BUILD) -o $(BIN) .

run: build
	./$(BIN)

vet: deps
	$(GO) vet -tags $(TAGS) ./...

# staticcheck runs at a pinned version (2026.2.2, which knows Go 1.26) through
# go run, so nothing is installed and go.mod does not carry it.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

# staticcheck.conf turns on the style checks beside the default ones.
staticcheck: deps
	$(GO) run $(STATICCHECK) -tags $(TAGS) ./...

# spdx puts the licence line (docs: README, LICENSE) on top of every Go file
# that lacks it; packaging's TestEveryGoFileCarriesTheLicenceHeader checks it.
spdx:
	@for f in $$(git ls-files --cached --others --exclude-standard '*.go'); do \
		head -n1 "$$f" | grep -qx '// SPDX-License-Identifier: Apache-2.0' && continue; \
		{ printf '// SPDX-License-Identifier: Apache-2.0\n\n'; cat "$$f"; } >"$$f.spdx" && mv "$$f.spdx" "$$f" && echo "spdx: $$f"; \
	done

# fmt fails, listing them, when gofmt would change any Go file.
fmt:
	@files=$$(gofmt -l .); \
	if [ -n "$$files" ]; then echo "gofmt would change (run gofmt -w on them):"; echo "$$files"; exit 1; fi

# The packages that build without cgo (all but app/ and what imports it) run
# under the race detector, which itself needs cgo; app/ tests build the real
# binary and drive the real window under Xvfb, without it.
NOCGO_PKGS = $(shell CGO_ENABLED=0 $(GO) list -e -f '{{if not .Incomplete}}{{.ImportPath}}{{end}}' ./...)
CGO_PKGS   = $(shell CGO_ENABLED=0 $(GO) list -e -f '{{if .Incomplete}}{{.ImportPath}}{{end}}' ./...)

# test also cross-builds the Windows program (make windows), beside the Linux
# checks: both cgo builds of Fyne's C code are one long C compile each (cold,
# about 7 minutes of one core apiece), so on two cores they run side by side
# (-j2) rather than one after the other. Output is grouped per command (-O).
# The packages are installed first, so no two apt-get runs race.
# The app tests run the binary `build` made, which then goes into the .deb
# that deb-check builds (fast compression) and checks.
test: test-deps windows-deps deb-deps msi-deps
	@$(MAKE) --no-print-directory -j2 -Oline test-linux windows-build
	@$(MAKE) --no-print-directory msi-check

test-linux: fmt vet staticcheck cross build
	CGO_ENABLED=1 $(GO) test -tags $(TAGS) -race -count=1 -timeout 25m $(NOCGO_PKGS)
	MEMO_TEST_BINARY=$(CURDIR)/$(BIN) $(GO) test -tags $(TAGS) -count=1 -timeout 25m $(CGO_PKGS)
	@$(MAKE) --no-print-directory deb-check DEB_COMPRESS=-z1
	@$(MAKE) --no-print-directory repro-check

# repro-check builds the program and the .deb from two clones of HEAD at
# different paths and compares them byte for byte (packaging/repro.sh).
repro-check: deb-deps
	GO=$(GO) bash packaging/repro.sh

# cross vets and compiles, for Windows and macOS, every package that builds
# without cgo (all but the window: app/, and ui/ on macOS), test files
# included: a few seconds warm, where the cgo Windows build (make windows)
# takes minutes and the macOS one needs Apple's SDK (docs/platforms.md).
cross:
	@for os in windows darwin; do \
		pkgs=$$(GOOS=$$os CGO_ENABLED=0 $(GO) list -e \
			-f '{{if and (not .Error) (not .DepsErrors)}}{{.ImportPath}}{{end}}' ./...); \
		echo "cross $$os: go vet + go build of the $$(echo $$pkgs | wc -w) packages without cgo"; \
		GOOS=$$os CGO_ENABLED=0 $(GO) vet -tags $(TAGS) $$pkgs && GOOS=$$os CGO_ENABLED=0 $(GO) build -tags $(TAGS) $$pkgs || exit 1; \
	done

# windows cross-builds the Windows app with Debian's mingw-w64 (cgo, for
# Fyne's GL driver) into dist/windows/: memo-projects.exe is a GUI program (no
# console window beside it on a double-click) and memo-projects.com the same
# program as a console program, which cmd.exe and PowerShell pick first for
# `memo-projects COMMAND` (PATHEXT lists .COM before .EXE) and wait for, so
# output and exit codes reach scripts (docs/platforms.md §2). Minutes cold.
WIN_PKGS := gcc-mingw-w64-x86-64
WIN_ENV  := CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC=x86_64-w64-mingw32-gcc
WIN_DIR  := dist/windows

windows-deps:
	$(call install-missing,$(WIN_PKGS) binutils-mingw-w64-x86-64)

windows: windows-deps
	@$(MAKE) --no-print-directory windows-build

# Both programs carry the icon and a version resource (Explorer's
# Properties → Details, the taskbar): go-winres writes them from icon.png
# and FyneApp.toml into a .syso that go build links into a Windows program
# of the main package. Both are made in a copy of the tree (the tracked and
# new files), so the .syso never appears in the checkout, where vet and the
# tests run beside this build (make test runs both at once).
GO_WINRES := github.com/tc-hib/go-winres@v0.3.3
WIN_SYSO  := rsrc_windows_amd64.syso

windows-build:
	@set -e; tree=$$(mktemp -d); trap 'rm -rf "$$tree"' EXIT; out="$(CURDIR)/$(WIN_DIR)"; mkdir -p "$$out"; \
	git ls-files -z -co --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$$tree"; \
	cd "$$tree"; \
	version=$$(sed -n 's/^ *Version *= *"\(.*\)"/\1/p' FyneApp.toml); \
	$(GO) run $(GO_WINRES) simply --arch amd64 --out rsrc --icon icon.png --manifest gui \
		--product-name "Memo Projects" --file-description "Memo Projects" --product-version "$$version.0" \
		--file-version "$$version.0" --original-filename $(BIN).exe --copyright "2026 the Memo Projects authors, Apache-2.0"; \
	test -f $(WIN_SYSO); \
	$(WIN_ENV) $(GO) build -tags $(TAGS) -trimpath -ldflags "-H windowsgui -buildid=" -o "$$out/$(BIN).exe" .; \
	$(WIN_ENV) $(GO) build -tags $(TAGS) -trimpath -ldflags=-buildid= -o "$$out/$(BIN).com" .
	@for p in exe com; do x86_64-w64-mingw32-objdump -h $(WIN_DIR)/$(BIN).$$p | grep -q '\.rsrc' \
		|| { echo "$(BIN).$$p has no resources (icon, version)"; exit 1; }; done
	@x86_64-w64-mingw32-objdump -p $(WIN_DIR)/$(BIN).exe | grep -q 'Subsystem.*(Windows GUI)' \
		|| { echo "$(BIN).exe is not a GUI program"; exit 1; }
	@x86_64-w64-mingw32-objdump -p $(WIN_DIR)/$(BIN).com | grep -q 'Subsystem.*(Windows CUI)' \
		|| { echo "$(BIN).com is not a console program"; exit 1; }
	@ls -l $(WIN_DIR)

bench: test-deps
	bash bench/migrate.sh
	$(GO) test -run '^$$' -bench BenchmarkStatus -count 5 ./persistence/
	MEMO_API_LOAD=1 $(GO) test -count=1 -run '^TestLoad$$' -v ./app/api/
	bash bench/window.sh
	bash bench/cli.sh
	bash bench/install.sh

# package builds the Linux desktop bundle dist/memo-projects-VERSION-linux-ARCH.tar.xz:
# the binary, its .desktop entry, the icon, and a Makefile whose `make user-install`
# copies them under ~/.local (`sudo make install`: /usr/local). Name, app ID, icon,
# menu categories and version come from FyneApp.toml. The Makefile fyne package
# writes splits paths with spaces ($HOME="/home/Jane Doe" fails): the bundle gets
# packaging/bundle/Makefile and install.sh in its place (tested by
# packaging/bundle_test.go). fyne package writes into the folder it
# packages (a generated .go file, tmp-pkg/, Build+1 in FyneApp.toml), so it runs
# on a copy of the tracked and new files. The tool is run at a pinned version,
# not as a go.mod tool: fyne.io/tools v1.7.4 requires Fyne v2.8.1 and would
# upgrade the app's Fyne with it.
FYNE_TOOL := fyne.io/tools/cmd/fyne@v1.7.4

package: package-deps
	@set -e; \
	stage=$$(mktemp -d); trap 'rm -rf "$$stage"' EXIT; \
	git ls-files -z --cached --others --exclude-standard \
		| tar --null -T - --ignore-failed-read -cf - | tar -xf - -C "$$stage"; \
	version=$$(sed -n 's/^ *Version *= *"\(.*\)"/\1/p' FyneApp.toml); \
	out=dist/$(BIN)-$$version-linux-$$($(GO) env GOARCH).tar.xz; \
	echo "fyne package (a few minutes the first time)"; \
	(cd "$$stage" && $(GO) run $(FYNE_TOOL) package --os linux --release --tags $(TAGS) --executable $(BIN)); \
	mkdir -p dist "$$stage/.bundle"; \
	tar -xJf "$$stage"/*.tar.xz -C "$$stage/.bundle"; \
	top=$$(ls "$$stage/.bundle"); \
	install -m 0644 packaging/bundle/Makefile "$$stage/.bundle/$$top/Makefile"; \
	install -m 0755 packaging/bundle/install.sh "$$stage/.bundle/$$top/install.sh"; \
	tar -cJf "$$out" -C "$$stage/.bundle" --owner=0 --group=0 --numeric-owner "$$top"; \
	tar -tJvf "$$out"; \
	echo "$$out"

# package-windows builds dist/memo-projects-VERSION-windows-amd64.zip from
# Linux: memo-projects.exe packaged by the fyne tool (icon, version
# information and manifest as resources, GUI subsystem, release build) and
# memo-projects.com, its console twin (make windows). Unsigned: signing needs a
# certificate and osslsigncode, neither of which is here. The fyne tool is
# built for the host first (go run would build it for Windows too); it
# sets GOOS and its own C flags (CGO_CFLAGS, -trimpath), so its build of
# Fyne's C code is cold once (long: the whole C compile); the .com
# twin is built with make windows's flags, to share its cache.
package-windows: windows-deps package-deps
	$(call install-missing,zip)
	@set -e; \
	stage=$$(mktemp -d); trap 'rm -rf "$$stage"' EXIT; \
	git ls-files -z --cached --others --exclude-standard \
		| tar --null -T - --ignore-failed-read -cf - | tar -xf - -C "$$stage"; \
	version=$$(sed -n 's/^ *Version *= *"\(.*\)"/\1/p' FyneApp.toml); \
	out=$$PWD/dist/$(BIN)-$$version-windows-amd64.zip; \
	echo "fyne package --os windows (minutes the first time)"; \
	GOBIN="$$stage/.bin" $(GO) install $(FYNE_TOOL); \
	(cd "$$stage" && CC=x86_64-w64-mingw32-gcc GOARCH=amd64 \
		"$$stage/.bin/fyne" package --os windows --release --executable $(BIN).exe); \
	mkdir -p "$$stage/.zip" dist; \
	mv "$$stage"/*.exe "$$stage/.zip/$(BIN).exe"; \
	$(WIN_ENV) $(GO) build -tags $(TAGS) -ldflags "-s -w" -o "$$stage/.zip/$(BIN).com" .; \
	x86_64-w64-mingw32-objdump -p "$$stage/.zip/$(BIN).exe" | grep -q 'Subsystem.*(Windows GUI)'; \
	x86_64-w64-mingw32-objdump -p "$$stage/.zip/$(BIN).com" | grep -q 'Subsystem.*(Windows CUI)'; \
	rm -f "$$out"; (cd "$$stage/.zip" && zip -q -9 "$$out" $(BIN).exe $(BIN).com); \
	unzip -l "$$out"; \
	echo "$$out"

clean:
	rm -f $(BIN)
	rm -rf dist

# ---- Packages people install (packaging/README.md) ----------------------
# deb builds dist/memo-projects_VERSION_ARCH.deb from the binary `build`
# makes, with Debian's debhelper tools (packaging/deb/build.sh); deb-check
# runs lintian on it and validates its AppStream file, desktop entry and
# icons as installed. DEB_COMPRESS is dpkg-deb's -zN (default: dpkg's -z6).
DEB_PKGS := dpkg-dev debhelper lintian desktop-file-utils appstream imagemagick
VERSION   = $(shell sed -n 's/^ *Version *= *"\(.*\)"/\1/p' FyneApp.toml)
DEB_ARCH  = $(shell dpkg --print-architecture)
DEB_FILE  = dist/$(BIN)_$(VERSION)_$(DEB_ARCH).deb

deb-deps:
	$(call install-missing,$(DEB_PKGS))

deb: deb-deps build
	DEB_COMPRESS=$(DEB_COMPRESS) bash packaging/deb/build.sh $(BIN) dist $(GO)

deb-check: deb
	lintian --fail-on error,warning $(DEB_FILE) && echo "lintian: no errors, no warnings but those packaging/deb/lintian-overrides explains"
	@set -e; tree=$$(mktemp -d); trap 'rm -rf "$$tree"' EXIT; \
		dpkg-deb -x $(DEB_FILE) "$$tree"; \
		appstreamcli validate-tree --no-net --pedantic --strict "$$tree"; \
		desktop-file-validate "$$tree"/usr/share/applications/*.desktop && echo "desktop-file-validate: ok"

# screenshots takes the AppStream screenshots from the real window under
# Xvfb into dist/screenshots/VERSION/, to publish with the release at the
# https address the metainfo names (never committed).
screenshots: test-deps build
	bash packaging/screenshots.sh $(BIN) dist/screenshots/$(VERSION)

# msi builds dist/memo-projects-VERSION-x64.msi, the Windows installer, from
# make windows's two programs with wixl and msibuild (packaging/msi/build.sh);
# msi-check reads its tables back with msiinfo. make test runs msi-check
# after its Windows build: seconds on top of it.
MSI_PKGS := wixl msitools imagemagick
MSI_FILE  = dist/$(BIN)-$(VERSION)-x64.msi

msi-deps:
	$(call install-missing,$(MSI_PKGS))

msi: msi-deps windows
	@$(MAKE) --no-print-directory msi-build

msi-build:
	bash packaging/msi/build.sh $(WIN_DIR) dist

msi-check: msi-build
	bash packaging/msi/check.sh $(MSI_FILE)
	bash packaging/msi/identity.sh $(WIN_DIR) $(MSI_FILE)
