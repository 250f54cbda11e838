# make test: install what is missing, build (Release, assertions on), run every test.
# make serve: install, build (C++ and the web UI), start the web platform on 127.0.0.1:8080.
# make deb: the Debian package, build-deb/kirin_<version>_amd64.deb, checked by its own test
# (DEB_MAINTAINER="Name <address>" for the Maintainer field).
BUILD ?= build
JOBS ?= $(shell nproc)

.PHONY: all deps build test serve bench fuzz format clean wasm deb

all: build

deps:
	@bash scripts/deps.sh

build: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# Kirin in WebAssembly (wasm/README.md) into $(BUILD)/wasm/kirin-wasm; `build` makes it too when
# Emscripten and the web UI's packages are there.
wasm: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) --target wasm_in_web

# The fuzz targets' clang build (the fuzz_build test, a fixture of the fuzz_* runs) is made first,
# on all cores, as the other test binaries are by `build`: the suite's time is then the tests'.
test: build
	@cd $(BUILD) && ctest --output-on-failure -R '^fuzz_build$$' && ctest --output-on-failure -j $(JOBS)

# A build of its own for the package: for any x86-64 CPU (no -march=native; the nets pick AVX2 at
# run time), with no path of this source tree compiled in and no tests, so what is installed can
# only find its data where the package puts it. tests/package_test.sh then checks the package.
# Debian's own build flags with all hardening (dpkg-buildflags: fortified functions, stack
# protector, relocations read-only and bound at start), less -g (the package is stripped) and -O2
# (Release's -O3 stays).
DEB_BUILD ?= build-deb
DEB_FLAGS = DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get
deb: deps
	@cmake -S . -B $(DEB_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DKIRIN_NATIVE=OFF -DKIRIN_SOURCE_PATHS=OFF \
	  -DKIRIN_TESTS=OFF $(if $(DEB_MAINTAINER),"-DKIRIN_DEB_MAINTAINER=$(DEB_MAINTAINER)") \
	  -DCMAKE_CXX_FLAGS="$$($(DEB_FLAGS) CPPFLAGS) $$($(DEB_FLAGS) CXXFLAGS | sed -e 's/-g //' -e 's/-O2 //')" \
	  -DCMAKE_EXE_LINKER_FLAGS="$$($(DEB_FLAGS) LDFLAGS)" >/dev/null
	@cmake --build $(DEB_BUILD) -j $(JOBS)
	@rm -f $(DEB_BUILD)/kirin_*.deb
	@cd $(DEB_BUILD) && cpack >/dev/null
	@sh tests/package_test.sh $(DEB_BUILD) . $(DEB_BUILD)/kirin_*_amd64.deb

PORT ?= 8080
DB ?= kirin.db
serve: build
	@$(BUILD)/kirin serve --port $(PORT) --db $(DB)

bench: build
	@$(BUILD)/kirin bench perft
	@$(BUILD)/kirin bench serve --games 100 --moves 30 --pace 200
	@$(BUILD)/kirin bench serve --games 100 --moves 30

# libFuzzer targets for the FEN/SFEN and move parsers, the HTTP requests and the self-play reader (clang,
# scripts/fuzz.sh); RUNS executions each. `make test` runs each for a few seconds (the fuzz_* tests).
RUNS ?= 1000000
fuzz: deps
	@JOBS=$(JOBS) bash scripts/fuzz.sh build build-fuzz
	@for f in fuzz/fuzz_*.cpp; do t=$${f#fuzz/fuzz_}; bash scripts/fuzz.sh run build-fuzz $${t%.cpp} -runs=$(RUNS) || exit 1; done

# The same clang-format, files and style as the format_check test (scripts/format.sh).
format: deps
	@bash scripts/format.sh

clean:
	rm -rf $(BUILD) build-fuzz $(DEB_BUILD)
