// libFuzzer target for the self-play file reader (selfplay/sample_reader.h). Whatever the
// bytes, it reads a header and records or stops with a one-line error; a record it accepts
// holds only squares of the board and pieces of the header's kinds, and encodes back to the
// very bytes it was read from.
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_common.h"
#include "selfplay/sample_reader.h"

using namespace kirin;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  std::istringstream in(bytes);
  SampleReader reader(in);
  if (std::string e = error_of(reader.read_header()); !e.empty()) {
    fuzz::require(e.find('\n') == std::string::npos, "a header error is one line");
    return 0;
  }
  const SampleHeader& h = reader.header();
  uint64_t start = reader.offset();
  Sample s;
  while (reader.next(s)) {
    std::string again;
    encode_sample(s, again);
    fuzz::require(bytes.compare(start, again.size(), again) == 0, "a record encodes to the bytes it was read from");
    for (auto [square, piece] : s.board) {
      fuzz::require(square < h.files * h.ranks, "squares are on the board");
      fuzz::require(kind_of(piece) < h.kinds.size(), "pieces are of the header's kinds");
    }
    start = reader.offset();
  }
  fuzz::require(reader.error().find('\n') == std::string::npos, "a record error is one line");
  fuzz::require(!reader.error().empty() || reader.offset() == size, "a clean end is the end of the input");
  return 0;
}
