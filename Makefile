# make test: install what is missing, build (Release, assertions on), run every test.
# make serve: install, build (C++ and the web UI), start the web platform on 127.0.0.1:8080.
BUILD ?= build
JOBS ?= $(shell nproc)

.PHONY: all deps build test serve bench fuzz format clean

all: build

deps:
	@bash scripts/deps.sh

build: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

PORT ?= 8080
DB ?= kirin.db
serve: build
	@$(BUILD)/kirin serve --port $(PORT) --db $(DB)

bench: build
	@$(BUILD)/kirin bench perft
	@$(BUILD)/kirin bench serve --games 100 --moves 30 --pace 200
	@$(BUILD)/kirin bench serve --games 100 --moves 30

# libFuzzer targets for the FEN/SFEN and move parsers, the HTTP requests and the self-play reader (clang); RUNS executions each.
RUNS ?= 1000000
fuzz: deps
	@cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release -DKIRIN_FUZZ=ON \
	  -DCMAKE_CXX_COMPILER=clang++ >/dev/null
	@cmake --build build-fuzz -j $(JOBS)
	@for t in position move xiangqi_move record http selfplay_reader; do mkdir -p build-fuzz/corpus-$$t; \
	  cp fuzz/corpus/$$t/* build-fuzz/corpus-$$t/ 2>/dev/null || true; \
	  cp fuzz/regressions/$$t-* build-fuzz/corpus-$$t/ 2>/dev/null || true; done
	build-fuzz/fuzz_position -runs=$(RUNS) -max_len=400 build-fuzz/corpus-position
	build-fuzz/fuzz_move -runs=$(RUNS) -max_len=64 build-fuzz/corpus-move
	build-fuzz/fuzz_xiangqi_move -runs=$(RUNS) -max_len=64 build-fuzz/corpus-xiangqi_move
	build-fuzz/fuzz_record -runs=$(RUNS) -max_len=2000 build-fuzz/corpus-record
	build-fuzz/fuzz_http_request -runs=$(RUNS) -max_len=4096 build-fuzz/corpus-http
	build-fuzz/fuzz_selfplay_reader -runs=$(RUNS) -max_len=4096 build-fuzz/corpus-selfplay_reader

format:
	@clang-format -i $$(git ls-files '*.cpp' '*.h')

clean:
	rm -rf $(BUILD) build-fuzz
