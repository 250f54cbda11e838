// The suite's search and play tests were written against the hand-made evaluation: a net
// committed to data/nets must not change what they check. Before any test runs, KIRIN_NETS points
// at a folder with no nets, for this process and every kirin it starts; tests/nnue_test.cpp gives
// its nets explicitly (EvalFile, or KIRIN_NETS of its own).
#include <cstdlib>

namespace {

const bool classical_by_default = [] {
  return setenv("KIRIN_NETS", "/nonexistent/kirin-tests-use-no-default-nets", 1) == 0;
}();

}  // namespace
