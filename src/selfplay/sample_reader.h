// Reads a self-play file (sample.h, docs/selfplay-format.md) record by record, checking every
// field, so a damaged or foreign file is refused with a one-line error naming the byte offset.
#pragma once
#include <istream>
#include <string>

#include "core/result.h"
#include "selfplay/sample.h"

namespace kirin {

class SampleReader {
 public:
  explicit SampleReader(std::istream& in) : in_(in) {}
  // Reads and checks the header, or says what is wrong with it.
  Result<void> read_header();
  const SampleHeader& header() const { return header_; }
  // The next record: true with `s` filled, or false at the end of the file or on an error
  // (then error() says what was wrong). A file that ends inside a record is an error.
  bool next(Sample& s);
  const std::string& error() const { return error_; }
  // The error is only that the file ends inside a record (a write cut short), not bad bytes.
  bool torn() const { return torn_; }
  // Bytes read so far: after a successful next(), the end of that record.
  uint64_t offset() const { return offset_; }

 private:
  bool fail(std::string why);
  bool read(void* buf, size_t n);

  std::istream& in_;
  SampleHeader header_;
  std::string error_;
  bool torn_ = false;
  uint64_t offset_ = 0;
};

}  // namespace kirin
