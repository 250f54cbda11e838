#include "selfplay/sample_reader.h"

#include <bitset>
#include <charconv>
#include <cstring>
#include <sstream>

namespace kirin {
namespace {

bool parse_int(const std::string& text, int lo, int hi, int& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && out >= lo && out <= hi;
}

}  // namespace

bool SampleReader::fail(std::string why) {
  if (error_.empty()) error_ = std::move(why);
  return false;
}

bool SampleReader::read(void* buf, size_t n) {
  in_.read(static_cast<char*>(buf), std::streamsize(n));
  const auto got = size_t(in_.gcount());
  offset_ += got;
  return got == n;
}

Result<void> SampleReader::read_header() {
  char magic[8];
  if (!read(magic, 8) || std::memcmp(magic, SAMPLE_MAGIC, 7) != 0)
    return Error{"not a Kirin self-play file (no KIRINSP magic)"};
  if (magic[7] != SAMPLE_MAGIC[7])
    return Error{"self-play format version " + std::to_string(uint8_t(magic[7])) + " is not supported (expected 1)"};
  uint8_t len[2];
  if (!read(len, 2)) return Error{"header ends early"};
  std::string text(len[0] | len[1] << 8, '\0');
  if (!read(text.data(), text.size())) return Error{"header ends early"};
  if (!text.empty() && text.back() != '\n') return Error{"header text does not end with a newline"};
  std::istringstream lines(text);
  bool seen[4] = {};
  for (std::string line; std::getline(lines, line);) {
    const auto eq = line.find('=');
    if (eq == std::string::npos || eq == 0) return Error{"header line '" + line.substr(0, 40) + "' is not key=value"};
    const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
    if (key == "variant") {
      header_.variant = value, seen[0] = true;
    } else if (key == "files" || key == "ranks") {
      int& n = key == "files" ? header_.files : header_.ranks;
      if (!parse_int(value, 1, MAX_FILES, n))
        return Error{"header " + key + "=" + value.substr(0, 20) + " is not 1-12"};
      seen[key == "files" ? 1 : 2] = true;
    } else if (key == "kinds") {
      std::istringstream names(value);
      for (std::string k; std::getline(names, k, ',');) header_.kinds.push_back(k);
      if (header_.kinds.empty() || header_.kinds.size() > MAX_KINDS) return Error{"header kinds: expected 1-63 names"};
      seen[3] = true;
    } else {
      header_.extra.emplace_back(key, value);
    }
  }
  const char* names[4] = {"variant", "files", "ranks", "kinds"};
  for (int i = 0; i < 4; ++i)
    if (!seen[i]) return Error{std::string("header has no ") + names[i] + "= line"};
  return {};
}

bool SampleReader::next(Sample& s) {
  const uint64_t start = offset_;
  uint8_t b[SAMPLE_FIXED_BYTES];
  in_.read(reinterpret_cast<char*>(b), 1);
  if (in_.gcount() == 0) return false;  // the end, between records
  offset_ += 1;
  const std::string at = " in the record at byte " + std::to_string(start);
  if (!read(b + 1, SAMPLE_FIXED_BYTES - 1))
    return torn_ = true, fail("file ends inside the record at byte " + std::to_string(start));
  s.game = uint32_t(b[0] | b[1] << 8 | b[2] << 16) | uint32_t(b[3]) << 24;
  s.ply = uint16_t(b[4] | b[5] << 8);
  s.score = int16_t(uint16_t(b[6] | b[7] << 8));
  s.result = int8_t(b[8]);
  s.stm = b[9];
  s.flags = b[10];
  if (s.score < -SAMPLE_SCORE_LIMIT || s.score > SAMPLE_SCORE_LIMIT)
    return fail("score " + std::to_string(s.score) + " beyond +-32000" + at);
  if (s.result < -1 || s.result > 1) return fail("result " + std::to_string(s.result) + " is not -1, 0 or 1" + at);
  if (s.stm > 1) return fail("side to move " + std::to_string(s.stm) + " is not 0 or 1" + at);
  if (s.flags > 3) return fail("unknown flags " + std::to_string(s.flags) + at);
  const int squares = header_.files * header_.ranks;
  if (b[11] > squares)
    return fail(std::to_string(b[11]) + " pieces on a board of " + std::to_string(squares) + " squares" + at);
  std::string pairs(2 * (b[11] + b[12]), '\0');
  if (!read(pairs.data(), pairs.size()))
    return torn_ = true, fail("file ends inside the record at byte " + std::to_string(start));
  auto piece_ok = [&](uint8_t p) { return (p & 0xC0) != 0 && (p & 0xC0) != 0xC0 && kind_of(p) < header_.kinds.size(); };
  std::bitset<MAX_FILES * MAX_RANKS> used;
  s.board.clear();
  s.hand.clear();
  for (int i = 0; i < b[11]; ++i) {
    const uint8_t sq = uint8_t(pairs[2 * i]), p = uint8_t(pairs[2 * i + 1]);
    if (sq >= squares) return fail("square " + std::to_string(sq) + " is off the board" + at);
    if (used[sq]) return fail("square " + std::to_string(sq) + " holds two pieces" + at);
    if (!piece_ok(p)) return fail("piece byte " + std::to_string(p) + " names no piece of this file's kinds" + at);
    used[sq] = true;
    s.board.emplace_back(sq, p);
  }
  for (int i = b[11]; i < b[11] + b[12]; ++i) {
    const uint8_t p = uint8_t(pairs[2 * i]), n = uint8_t(pairs[2 * i + 1]);
    if (!piece_ok(p)) return fail("hand piece byte " + std::to_string(p) + " names no piece of this file's kinds" + at);
    if (n == 0) return fail("hand count 0" + at);
    s.hand.emplace_back(p, n);
  }
  return true;
}

}  // namespace kirin
