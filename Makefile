# The two commands of the README: `make run` starts the bot (the offline console when there is
# no BOT_TOKEN), `make test` runs every test. Both first install the system libraries the
# package links against, and the tz database the bot reads its time zones from, when they are
# missing (Debian/Ubuntu).

SWIFT ?= swift
SYSTEM_PACKAGES := libcurl4-openssl-dev libssl-dev libsqlite3-dev zlib1g-dev pkg-config tzdata
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build bench deps release

run: deps
	@$(SWIFT) build -c release --product kopiyka
	@./.build/release/kopiyka run

test: deps
	$(SWIFT) test

build: deps
	$(SWIFT) build

# The bot as deployed (a static Swift runtime, as deploy/ builds it), so the figures are the
# ones that ship.
bench: deps
	$(SWIFT) build -c release --product kopiyka --static-swift-stdlib
	$(SWIFT) build -c release --product telegram-bench
	./.build/release/kopiyka bench
	./.build/release/telegram-bench

release: deps
	$(SWIFT) build -c release --product kopiyka

deps:
	@missing=""; for p in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
