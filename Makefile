# Build the host and the in-repo plugins, run the main pipeline, run the tests.
#   make run    build everything (release) and render pipeline.json into out/
#   make test   build everything (debug) and run all tests
#   make        build everything (release)
#   make examples  build everything (release) and render every pipeline in examples/
SWIFT ?= swift
CC ?= cc
CONFIG ?= release
PLUGIN_CFLAGS = -std=c99 -Wall -Wextra -Werror -pedantic -O2 -fPIC -shared -I Sources/CAnimatorABI/include

BIN = $(shell $(SWIFT) build -c $(CONFIG) --show-bin-path)
# The host looks for built-in plugins in pipeline-plugins/ beside its executable.
PLUGIN_DIR = $(BIN)/pipeline-plugins

.PHONY: all deps host plugins run examples test clean

all: host plugins

deps:
	@scripts/install-deps

host: deps
	$(SWIFT) build -c $(CONFIG) --product pipeline

plugins:
	@mkdir -p $(PLUGIN_DIR)
	@for dir in Plugins/*/; do \
		name=$$(basename $$dir); \
		echo "cc $$dir -> $(PLUGIN_DIR)/$$name.so"; \
		$(CC) $(PLUGIN_CFLAGS) $$dir*.c -o $(PLUGIN_DIR)/$$name.so -lm || exit 1; \
	done

run: all
	$(BIN)/pipeline run pipeline.json

examples: all
	@for file in examples/*.json; do \
		echo "$$file"; \
		$(BIN)/pipeline run "$$file" --quiet || exit 1; \
	done

test: deps
	$(SWIFT) build --build-tests
	$(MAKE) plugins CONFIG=debug
	$(SWIFT) test --skip-build

clean:
	rm -rf .build out
