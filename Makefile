# Makefile: build Peach as one binary that runs without Swift, and install or uninstall it.
#
#   make                          release build, Swift's standard library and Foundation linked in, in its own
#                                 build folder (.build-static), so `make` and `swift run -c release` (.build) do
#                                 not throw each other's build away
#   make install                  into /usr/local (PREFIX=/usr for a system install); installs what `make`
#                                 built and never builds itself, so `make && sudo make install` works where
#                                 sudo's PATH has no swift
#   make install DESTDIR=/tmp/p   into a staging root (packaging)
#   make uninstall                removes exactly what install put there
#   make SWIFT="scripts/cross-arm64 swift" SWIFT_FLAGS= BUILD=.build-arm64/aarch64-unknown-linux-gnu/release \
#        HOST_SWIFT=swift HOST_SWIFT_FLAGS="--scratch-path .build-static" HOST_BUILD=.build-static/release \
#        STRIP=aarch64-linux-gnu-strip STAGE=.build-arm64/install-files
#                                 another architecture (scripts/package-deb --arch arm64 says it so): SWIFT,
#                                 SWIFT_FLAGS and BUILD make and hold the installed binary, HOST_* the one
#                                 that runs here to write the manual and completions (the same text), STRIP
#                                 strips the target's binary
#
# glibc and libasound stay shared (the only runtime dependency is libasound2). What is installed:
#   $(PREFIX)/bin/peach                                  the program (stripped)
#   $(PREFIX)/share/peach/profiles/*.json                 the shipped controller profiles (found at
#                                                          ../share/peach/profiles next to the binary)
#   $(PREFIX)/share/man/man1/peach.1                      the manual, generated from --help
#   $(PREFIX)/share/bash-completion/completions/peach     shell completions (bash, zsh, fish)
#   $(PREFIX)/share/zsh/site-functions/_peach
#   $(PREFIX)/share/fish/vendor_completions.d/peach.fish
#   $(PREFIX)/share/doc/peach/README.md, LICENSE, docs/*.md (the user guide)
#   $(PREFIX)/share/locale/LANG/LC_MESSAGES/peach.mo      the translations (po/LINGUAS), compiled by msgfmt
#                                                          (gettext) in `make`; found at ../share/locale
#   $(PREFIX)/lib/udev/rules.d/60-peach.rules            the practice box: udev starts peach.service when a MIDI
#   $(PREFIX)/lib/systemd/system/peach.service            device appears; the service user `peach` (group audio)
#   $(PREFIX)/lib/sysusers.d/peach.conf                   is created by systemd-sysusers (the package does it)
#   $(PREFIX)/lib/systemd/system/peach-web.service        the box's dashboard on the local network (port 8765)
#   $(PREFIX)/share/peach/avahi/peach-web.service         its Avahi announcement (the package puts it in
#                                                          /etc/avahi/services; copy it there by hand otherwise)
# systemd, udev and sysusers read /usr/lib and /usr/local/lib alike; UDEVRULESDIR, SYSTEMDUNITDIR and
# SYSUSERSDIR choose other folders.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
# The static build's own folder: its flags (--static-swift-stdlib) differ from `swift run`'s, and one folder for
# both would rebuild everything each time one follows the other.
SCRATCH ?= .build-static
SWIFT_FLAGS ?= --scratch-path $(SCRATCH)
BUILD ?= $(SCRATCH)/release
HOST_SWIFT ?= $(SWIFT)
HOST_SWIFT_FLAGS ?= $(SWIFT_FLAGS)
HOST_BUILD ?= $(BUILD)
STRIP ?= strip
STAGE ?= $(SCRATCH)/install-files
LINGUAS := $(shell cat po/LINGUAS)
BINDIR := $(PREFIX)/bin
SHAREDIR := $(PREFIX)/share
UDEVRULESDIR ?= $(PREFIX)/lib/udev/rules.d
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d

.PHONY: all build install uninstall clean-install-files

all: build

build:
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product peach --static-swift-stdlib
	$(MAKE) --no-print-directory $(STAGE)/peach.1

# Generated with no settings file, so the help's "Now: ..." values are the defaults, and in English. Written by
# the build that runs here (HOST_BUILD; the same as BUILD unless cross building): the text is the same.
$(STAGE)/peach.1: $(BUILD)/peach
	$(HOST_SWIFT) build $(HOST_SWIFT_FLAGS) -c release --product peach --static-swift-stdlib
	$(HOST_SWIFT) build $(HOST_SWIFT_FLAGS) -c release --product generate-manual
	rm -rf $(STAGE) && mkdir -p $(STAGE)/config
	env -i PATH="$$PATH" LANG=C XDG_CONFIG_HOME="$(CURDIR)/$(STAGE)/config" PEACH_MANUAL=1 \
	    $(HOST_BUILD)/generate-manual $(HOST_BUILD)/peach --output-directory $(STAGE) --section 1 \
	    --authors "the Peach developers"
	sed -i -E 's/@U([0-9A-F]{4,6})@/\\[u\1]/g' $(STAGE)/peach.1  # ±, β, σ, ¢, – as groff escapes
	# No hyphenation (man broke wav:ses-sion.wav and trial-Started across lines); mandoc does not hyphenate.
	sed -i '/^\.Dt /a .nr doc-hyphen-flags 0' $(STAGE)/peach.1  # groff's mdoc: no hyphenation
	for shell in bash zsh fish; do \
	    env -i PATH="$$PATH" LANG=C XDG_CONFIG_HOME="$(CURDIR)/$(STAGE)/config" \
	        $(HOST_BUILD)/peach --generate-completion-script $$shell > $(STAGE)/peach.$$shell || exit 1; \
	done
	sed -i '1{/^#!/d}' $(STAGE)/peach.bash  # sourced by bash-completion, never run: no #! line (Debian policy)
	rm -rf $(STAGE)/config
	for lang in $(LINGUAS); do \
	    mkdir -p $(STAGE)/locale/$$lang/LC_MESSAGES && \
	    msgfmt --check -o $(STAGE)/locale/$$lang/LC_MESSAGES/peach.mo po/$$lang.po || exit 1; \
	done

install:
	@test -x $(BUILD)/peach -a -f $(STAGE)/peach.1 -a $(STAGE)/peach.1 -nt $(BUILD)/peach || \
	    { echo "make install: nothing built yet, or built since; run 'make' first (as yourself)" >&2; exit 1; }
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(SHAREDIR)/peach/profiles" "$(DESTDIR)$(SHAREDIR)/man/man1" \
	    "$(DESTDIR)$(SHAREDIR)/bash-completion/completions" "$(DESTDIR)$(SHAREDIR)/zsh/site-functions" \
	    "$(DESTDIR)$(SHAREDIR)/fish/vendor_completions.d" "$(DESTDIR)$(SHAREDIR)/doc/peach/docs" \
	    "$(DESTDIR)$(UDEVRULESDIR)" "$(DESTDIR)$(SYSTEMDUNITDIR)" "$(DESTDIR)$(SYSUSERSDIR)"
	install -m 755 -s --strip-program=$(STRIP) $(BUILD)/peach "$(DESTDIR)$(BINDIR)/peach"
	install -m 644 Profiles/*.json "$(DESTDIR)$(SHAREDIR)/peach/profiles/"
	install -m 644 $(STAGE)/peach.1 "$(DESTDIR)$(SHAREDIR)/man/man1/peach.1"
	install -m 644 $(STAGE)/peach.bash "$(DESTDIR)$(SHAREDIR)/bash-completion/completions/peach"
	install -m 644 $(STAGE)/peach.zsh "$(DESTDIR)$(SHAREDIR)/zsh/site-functions/_peach"
	install -m 644 $(STAGE)/peach.fish "$(DESTDIR)$(SHAREDIR)/fish/vendor_completions.d/peach.fish"
	install -m 644 README.md LICENSE "$(DESTDIR)$(SHAREDIR)/doc/peach/"
	install -m 644 docs/*.md "$(DESTDIR)$(SHAREDIR)/doc/peach/docs/"
	install -m 644 udev/60-peach.rules "$(DESTDIR)$(UDEVRULESDIR)/60-peach.rules"
	sed 's|@BINDIR@|$(BINDIR)|g' udev/peach.service.in > "$(DESTDIR)$(SYSTEMDUNITDIR)/peach.service"
	chmod 644 "$(DESTDIR)$(SYSTEMDUNITDIR)/peach.service"
	sed 's|@BINDIR@|$(BINDIR)|g' udev/peach-web.service.in > "$(DESTDIR)$(SYSTEMDUNITDIR)/peach-web.service"
	chmod 644 "$(DESTDIR)$(SYSTEMDUNITDIR)/peach-web.service"
	install -D -m 644 udev/peach-web.avahi "$(DESTDIR)$(SHAREDIR)/peach/avahi/peach-web.service"
	install -m 644 udev/peach.sysusers "$(DESTDIR)$(SYSUSERSDIR)/peach.conf"
	for lang in $(LINGUAS); do \
	    install -D -m 644 $(STAGE)/locale/$$lang/LC_MESSAGES/peach.mo \
	        "$(DESTDIR)$(SHAREDIR)/locale/$$lang/LC_MESSAGES/peach.mo" || exit 1; \
	done

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/peach" "$(DESTDIR)$(SHAREDIR)/man/man1/peach.1" \
	    "$(DESTDIR)$(SHAREDIR)/bash-completion/completions/peach" "$(DESTDIR)$(SHAREDIR)/zsh/site-functions/_peach" \
	    "$(DESTDIR)$(SHAREDIR)/fish/vendor_completions.d/peach.fish" "$(DESTDIR)$(SHAREDIR)/doc/peach/README.md" \
	    "$(DESTDIR)$(SHAREDIR)/doc/peach/LICENSE" "$(DESTDIR)$(UDEVRULESDIR)/60-peach.rules" \
	    "$(DESTDIR)$(SYSTEMDUNITDIR)/peach.service" "$(DESTDIR)$(SYSUSERSDIR)/peach.conf" \
	    "$(DESTDIR)$(SYSTEMDUNITDIR)/peach-web.service" "$(DESTDIR)$(SHAREDIR)/peach/avahi/peach-web.service"
	for profile in Profiles/*.json; do rm -f "$(DESTDIR)$(SHAREDIR)/peach/profiles/$$(basename $$profile)"; done
	for page in docs/*.md; do rm -f "$(DESTDIR)$(SHAREDIR)/doc/peach/docs/$$(basename $$page)"; done
	for lang in $(LINGUAS); do \
	    rm -f "$(DESTDIR)$(SHAREDIR)/locale/$$lang/LC_MESSAGES/peach.mo"; \
	    rmdir "$(DESTDIR)$(SHAREDIR)/locale/$$lang/LC_MESSAGES" "$(DESTDIR)$(SHAREDIR)/locale/$$lang" 2>/dev/null; \
	done; true
	-rmdir "$(DESTDIR)$(SHAREDIR)/peach/profiles" "$(DESTDIR)$(SHAREDIR)/peach/avahi" "$(DESTDIR)$(SHAREDIR)/peach" \
	    "$(DESTDIR)$(SHAREDIR)/doc/peach/docs" \
	    "$(DESTDIR)$(SHAREDIR)/doc/peach"

clean-install-files:
	rm -rf $(STAGE)
