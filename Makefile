# The two commands of the README: `make demo` and `make test`. Everything else is a helper.
BUILD      ?= build
ASAN_BUILD ?= build-asan
JOBS       ?= $(shell nproc)

.PHONY: all setup configure build demo test unit regress slt asan bench format clean

all: build

setup:
	@scripts/setup-deps.sh

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release

configure: setup $(BUILD)/build.ninja

build: configure
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/pathdb --demo

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

unit: build
	cd $(BUILD) && ctest --output-on-failure -L unit -j $(JOBS)

regress: build
	cd $(BUILD) && ctest --output-on-failure -L regress -j $(JOBS)

slt: build
	cd $(BUILD) && ctest --output-on-failure -V -L slt

# ASan+UBSan build that runs the unit tests.
asan: setup
	cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPATHDB_SANITIZE=ON
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ctest --output-on-failure -L unit -j $(JOBS)

bench: build
	benchmarks/run.sh

format:
	find common parser planner executor storage shell tests benchmarks -name '*.cpp' -o -name '*.h' | xargs clang-format -i

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
