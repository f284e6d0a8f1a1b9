# Build the host and the in-repo plugins, run the main pipeline, run the tests.
#   make run    build everything (release) and render pipeline.json into out/
#   make test   the continuous checks below: lint, the release build, every test suite (under
#               AddressSanitizer, or against the release build), ThreadSanitizer, fuzzing
#   make lint   swift-format's strict lint of the Swift code and eslint of the preview page's
#               JavaScript (two of the checks)
#   make test-suite  build everything (debug) and run all tests, without the checks
#   make asan   every test suite under AddressSanitizer (build folder .build-asan)
#   make tsan   the multi-threaded rendering suites under ThreadSanitizer (.build-tsan)
#   make fuzz   each fuzz target for FUZZ_SECONDS (default 60) from its corpus in fuzz/corpus/
#   make        build everything (release)
#   make examples  build everything (release) and render every pipeline in examples/ (and
#                  examples/localized/ once per language of its variants.jsonl)
#   make install   build everything (release) and install under PREFIX (default /usr/local)
#   make uninstall remove what make install installed
SWIFT ?= swift
CC ?= cc
CONFIG ?= release
# PLUGIN_SANITIZE adds a sanitizer's flags (scripts/sanitize sets it).
PLUGIN_SANITIZE ?=
PLUGIN_CFLAGS = -std=c99 -Wall -Wextra -Werror -pedantic -O3 -fPIC -shared -I Sources/CAnimatorABI/include $(PLUGIN_SANITIZE)

BIN = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)
# The host looks for built-in plugins in pipeline-plugins/ beside its executable.
PLUGIN_DIR = $(BIN)/pipeline-plugins

# Installed layout: the host finds its built-in plugins in <prefix>/lib/pipeline/plugins, and
# out-of-tree plugins find animator.h (and animator_images.h, which it includes) through
# pkg-config (uipipeline.pc). The C library, its header folder and its pkg-config file are named uipipeline: Debian's libpipeline (man-db's
# process-pipeline library) owns libpipeline.so, pipeline.h and libpipeline.pc.
PREFIX ?= /usr/local
DESTDIR ?=
ROOT = $(DESTDIR)$(PREFIX)
INSTALLED_PLUGINS = $(ROOT)/lib/pipeline/plugins
# The installed executable loses its debug information (121 MB → 93 MB) and keeps its symbols,
# so a crash's backtrace still names functions. STRIP=true installs it as built.
STRIP ?= strip --strip-debug
COMPLETIONS = $(ROOT)/share/bash-completion/completions
# The ABI version of animator.h and pipeline's own version (product_version.h), for uipipeline.pc.
ABI_MAJOR = $(shell sed -n 's/^\#define ANIM_ABI_MAJOR \([0-9]*\).*/\1/p' Sources/CAnimatorABI/include/animator.h)
ABI_MINOR = $(shell sed -n 's/^\#define ANIM_ABI_MINOR \([0-9]*\).*/\1/p' Sources/CAnimatorABI/include/animator.h)
VERSION = $(shell sed -n 's/^\#define PIPELINE_PRODUCT_VERSION "\(.*\)"/\1/p' Sources/CProductVersion/include/product_version.h)
INCLUDE = $(ROOT)/include/uipipeline

.PHONY: all deps test-deps host plugins run examples test test-suite lint asan tsan fuzz install uninstall clean

all: host plugins

deps:
	@scripts/install-deps

test-deps:
	@scripts/install-deps --test

# A release build links the Swift runtime and Foundation statically into the executable (the
# executable target's linker settings in Package.swift): every command starts in about half the
# time (no dynamic loading and binding of a dozen Swift libraries), and an installed pipeline runs
# without the toolchain's libraries. libuipipeline.so, a dynamic library, loads them from the
# toolchain, whose folder it records. Both build in one folder from the same compiled modules.
host: deps
	$(SWIFT) build -c $(CONFIG) --product pipeline
	$(SWIFT) build -c $(CONFIG) --product uipipeline

# The video decoder, loaded by the host when a pipeline first opens a clip (CVideoDecode.h): its
# functions are renamed pipeline_video_… so they cannot clash with the host's forwarding ones, and
# so are the host's regular-file check (Sources/CRegularFile), compiled in too.
VIDEO_LIBRARY_CFLAGS = -std=gnu11 -Wall -Wextra -Werror -O2 -fPIC -shared -I Sources/CVideoDecode/include \
	-I Sources/CRegularFile/include \
	$(foreach name,open clone times frame picture passage decoded_count release set_threads close,-Dvideo_decoder_$(name)=pipeline_video_$(name)) \
	$(foreach name,picture_convert picture_convert_sized picture_free converter_create converter_free,-Dvideo_$(name)=pipeline_video_$(name)) \
	$(foreach name,kind open check,-Dregular_file_$(name)=pipeline_video_regular_file_$(name)) \
	-Dvideo_audio_probe=pipeline_video_audio_probe -Dvideo_audio_decode=pipeline_video_audio_decode \
	$(PLUGIN_SANITIZE)
VIDEO_LIBRARY_LIBS = $(shell pkg-config --libs libavformat libavcodec libswscale libswresample libavutil 2>/dev/null || echo -lavformat -lavcodec -lswscale -lswresample -lavutil)

# SVG and Lottie drawing (librsvg, libxml2, rlottie), loaded by the host when a pipeline first
# shows one (vector_loader.c); renamed pipeline_vector_… as the video decoder's functions are.
VECTOR_FUNCTIONS = free svg_open svg_size svg_render svg_close svg_references svg_shapes svg_shapes_free \
	lottie_open lottie_info lottie_render lottie_close
VECTOR_LIBRARY_CFLAGS = -std=gnu11 -Wall -Wextra -Werror -O2 -fPIC -shared -I Sources/CVectorGraphics/include \
	$(foreach name,$(VECTOR_FUNCTIONS),-Dvector_$(name)=pipeline_vector_$(name)) \
	$(shell pkg-config --cflags librsvg-2.0 libxml-2.0 rlottie) $(PLUGIN_SANITIZE)
VECTOR_LIBRARY_LIBS = $(shell pkg-config --libs librsvg-2.0 libxml-2.0 rlottie)

# Each file is made again only when one of its sources, animator.h (or animator_images.h, which it
# includes) or this Makefile changed, so a second `make` with nothing changed compiles nothing
# (scripts/check-build checks it).
PLUGIN_NAMES = $(patsubst Plugins/%/,%,$(wildcard Plugins/*/))
GLSL_FILES = $(notdir $(wildcard examples/transitions/*.glsl))
plugins: $(BIN)/libpipeline-video.so $(BIN)/libpipeline-vector.so $(PLUGIN_NAMES:%=$(PLUGIN_DIR)/%.so) \
	$(GLSL_FILES:%=$(PLUGIN_DIR)/%)

$(BIN)/libpipeline-video.so: Libraries/video-decoder/*.c Libraries/video-decoder/*.h Sources/CVideoDecode/include/*.h \
	Sources/CRegularFile/regular_file.c Sources/CRegularFile/include/*.h Makefile
	@mkdir -p $(@D)
	@echo "cc Libraries/video-decoder/ -> $@"
	@$(CC) $(VIDEO_LIBRARY_CFLAGS) Libraries/video-decoder/*.c Sources/CRegularFile/regular_file.c -o $@ $(VIDEO_LIBRARY_LIBS)

$(BIN)/libpipeline-vector.so: Libraries/vector-graphics/*.c Sources/CVectorGraphics/include/*.h Makefile
	@mkdir -p $(@D)
	@echo "cc Libraries/vector-graphics/ -> $@"
	@$(CC) $(VECTOR_LIBRARY_CFLAGS) Libraries/vector-graphics/*.c -o $@ $(VECTOR_LIBRARY_LIBS)

.SECONDEXPANSION:
$(PLUGIN_DIR)/%.so: $$(wildcard Plugins/$$*/*) Sources/CAnimatorABI/include/*.h Makefile
	@mkdir -p $(@D)
	@echo "cc Plugins/$*/ -> $@"
	@$(CC) $(PLUGIN_CFLAGS) $(wildcard Plugins/$*/*.c) -o $@ -lm

$(PLUGIN_DIR)/%.glsl: examples/transitions/%.glsl
	@mkdir -p $(@D)
	@echo "cp $< -> $@"
	@cp $< $@

run: all
	$(BIN)/pipeline run pipeline.json

examples: all
	@for file in examples/*.json; do \
		echo "$$file"; \
		$(BIN)/pipeline run "$$file" --quiet || exit 1; \
	done
	@echo "examples/localized/pipeline.json --batch examples/localized/variants.jsonl"
	@$(BIN)/pipeline run examples/localized/pipeline.json --batch examples/localized/variants.jsonl --quiet

# CI runs this (.ci/run): scripts/checks, two checks at a time; every check runs even when one
# fails, and each appends a line to the summary printed at the end. Every suite runs once, built
# once with AddressSanitizer (scripts/sanitize address). The suites a sanitizer would distort or
# whose time goes to others' programs (RELEASE_SUITES: those that measure memory or limit the
# address space, the Slurm cluster's, the studio's, which the sanitizers' builds leave out, the
# command line's contract, whose time under the sanitizer went to starting it, but not its corpus of
# bad inputs, and the new-animator projects, a Swift plugin loading its toolchain's runtime beside
# the release executable's own) run from that same test bundle against the release build
# (scripts/test-release). docs/TESTING.md explains the whole shape.
RELEASE_SUITES = ^CommandTests\.(?!BadInputCorpusTests)|^StudioTests\.|SlurmClusterTests|FootageMemoryTests|ImageScalingTests|NewAnimatorTests
test: test-deps
	@scripts/checks $(BIN) '$(RELEASE_SUITES)' $(TEST_FUZZ_SECONDS)

# The suite's output is kept in .build/test-suite.log; when a test fails, its lines are printed
# again at the end, where a truncated log still shows them.
TEST_LOG = .build/test-suite.log
test-suite: test-deps
	$(SWIFT) build --build-tests
	$(MAKE) plugins CONFIG=debug
	@{ $(SWIFT) test --skip-build $(TEST_ARGS); echo $$? > $(TEST_LOG).status; } 2>&1 | tee $(TEST_LOG); \
	status=$$(cat $(TEST_LOG).status); \
	if [ "$$status" != 0 ]; then \
		echo "== the failing tests (from $(TEST_LOG)):"; \
		grep -E '✘|error:|Fatal error|fatalError|Test Case .* failed' $(TEST_LOG) | grep -v '^✘ Test run with' | head -60; \
	fi; \
	exit $$status

lint:
	scripts/lint
	scripts/eslint

# Sanitizer and fuzz runs, each in a build folder of its own (.build-asan, .build-tsan,
# .build-fuzz), so the normal build is untouched.
asan: test-deps
	scripts/sanitize address

tsan: test-deps
	scripts/sanitize thread

FUZZ_SECONDS ?= 60
# In `make test`, each target fuzzes for half a minute from its corpus (every input in it is run
# first): a regression check and a short search; longer runs are `make fuzz`.
TEST_FUZZ_SECONDS ?= 30
fuzz: test-deps
	scripts/fuzz $(FUZZ_SECONDS)

# BIN=DIR on the command line installs the executable and plugins already built in DIR, without
# building (the install test does this with a debug build).
install: $(if $(filter command line,$(origin BIN)),,all)
	install -d $(ROOT)/bin $(INCLUDE) $(ROOT)/lib/pkgconfig $(INSTALLED_PLUGINS) $(COMPLETIONS)
	install -m 755 $(BIN)/pipeline $(ROOT)/bin/pipeline
	$(STRIP) $(ROOT)/bin/pipeline
	install -m 644 Sources/CAnimatorABI/include/animator.h Sources/CAnimatorABI/include/animator_images.h $(INCLUDE)/
	install -m 644 Sources/CPipelineAPI/include/uipipeline.h $(INCLUDE)/uipipeline.h
	install -m 755 $(BIN)/libuipipeline.so $(ROOT)/lib/libuipipeline.so
	install -m 755 $(PLUGIN_DIR)/*.so $(INSTALLED_PLUGINS)/
	install -m 644 examples/transitions/*.glsl $(INSTALLED_PLUGINS)/
	install -m 755 $(BIN)/libpipeline-video.so $(BIN)/libpipeline-vector.so \
		$(ROOT)/lib/pipeline/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e "s|@VERSION@|$(VERSION)|" \
		-e "s|@ABI_MAJOR@|$(ABI_MAJOR)|" -e "s|@ABI_MINOR@|$(ABI_MINOR)|" uipipeline.pc.in > $(ROOT)/lib/pkgconfig/uipipeline.pc
	$(BIN)/pipeline --generate-completion-script bash > $(COMPLETIONS)/pipeline

# Removes the files install wrote (the in-repo plugins by name, not whatever else is there),
# then the folders install made, where they are left empty.
uninstall:
	rm -f $(ROOT)/bin/pipeline $(INCLUDE)/animator.h $(INCLUDE)/animator_images.h $(ROOT)/lib/pkgconfig/uipipeline.pc \
		$(COMPLETIONS)/pipeline
	rm -f $(INCLUDE)/uipipeline.h $(ROOT)/lib/libuipipeline.so
	rm -f $(patsubst Plugins/%/,$(INSTALLED_PLUGINS)/%.so,$(wildcard Plugins/*/)) $(ROOT)/lib/pipeline/libpipeline-video.so \
		$(patsubst examples/transitions/%,$(INSTALLED_PLUGINS)/%,$(wildcard examples/transitions/*.glsl)) \
		$(ROOT)/lib/pipeline/libpipeline-vector.so
	rmdir --ignore-fail-on-non-empty $(INSTALLED_PLUGINS) $(ROOT)/lib/pipeline $(INCLUDE) 2>/dev/null || true

clean:
	rm -rf .build .build-asan .build-tsan .build-fuzz out
