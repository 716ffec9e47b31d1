# Memo Projects. `make run` and `make test` work on a fresh Debian machine:
# both install what they need first, only when it is missing.

BIN      := memo-projects
GO       ?= go
# Fyne's cgo build needs these; the window tests need an X server (Xvfb).
BUILD_PKGS := gcc pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev \
              libxinerama-dev libxi-dev libxxf86vm-dev
TEST_PKGS  := xvfb xauth xdotool imagemagick libgl1-mesa-dri sqlite3
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps build run test vet bench package clean

all: build

# deps installs the Debian build packages that are missing (idempotent).
deps:
	@missing=$$(for p in $(BUILD_PKGS); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing: $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

test-deps: deps
	@missing=$$(for p in $(TEST_PKGS); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing: $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(GO) build -o $(BIN) .

run: build
	./$(BIN)

vet: deps
	$(GO) vet ./...

# Everything but app/ builds without cgo; app/ tests build the real binary and
# drive the real window under Xvfb.
test: test-deps vet
	$(GO) test -count=1 ./...

bench: build
	bash bench/migrate.sh

clean:
	rm -f $(BIN)
	rm -rf dist
