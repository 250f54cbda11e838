#include "game/record_encoding.h"

#include <iconv.h>

#include <cerrno>
#include <optional>
#include <vector>

#include "notation/wide_text.h"

namespace kirin {
namespace {

constexpr const char* TRIED = "tried UTF-8, GB18030 (GBK, GB2312) and Big5";

// The whole text converted, or nothing if any byte sequence is invalid in `from`.
std::optional<std::string> convert(std::string_view bytes, const char* from) {
  iconv_t cd = iconv_open("UTF-8", from);
  if (cd == iconv_t(-1)) return std::nullopt;
  std::string out;
  std::vector<char> buffer(4096);
  char* in = const_cast<char*>(bytes.data());
  size_t in_left = bytes.size();
  bool ok = true;
  while (in_left > 0) {
    char* o = buffer.data();
    size_t o_left = buffer.size();
    const size_t r = iconv(cd, &in, &in_left, &o, &o_left);
    out.append(buffer.data(), buffer.size() - o_left);
    if (r == size_t(-1) && errno != E2BIG) {
      ok = false;
      break;
    }
  }
  iconv_close(cd);
  if (!ok) return std::nullopt;
  return out;
}

bool valid_utf8(std::string_view t) {
  size_t i = 0;
  while (i < t.size()) {
    const unsigned char c = static_cast<unsigned char>(t[i]);
    const size_t n = c < 0x80                        ? 1
                     : (c >> 5) == 0x6 && c >= 0xC2  ? 2
                     : (c >> 4) == 0xE               ? 3
                     : (c >> 3) == 0x1E && c <= 0xF4 ? 4
                                                     : 0;
    if (!n || i + n > t.size()) return false;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(t[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

// How many characters of the text a Chinese game record would use: the game's words in both
// scripts and the commonest characters of Chinese prose (names, events, comments).
int record_words(std::string_view utf8) {
  static constexpr std::string_view WORDS =
      "帅帥将將仕士相象马馬傌车車俥炮砲包兵卒进進退平前后後中一二三四五六七八九十红紅黑先胜勝负負和局棋"
      "赛賽届屆轮輪第年月日杯全国國队隊个個人大市省城的是不了在有我他这這们們来來为為说說时時会會对對"
      "过過发發里裡用道行所家种種事成方多经經么麼去法学學如都同现現当當没沒动動面起看定天分还還好小部其"
      "些主样樣理心她本开開但因只从從想实實战戰争爭名手王张張李陈陳刘劉杨楊黄黃吴吳赵趙周林许許";
  int n = 0;
  for (std::string_view c : utf8_chars(utf8))
    if (c.size() > 1 && WORDS.find(c) != std::string_view::npos) ++n;
  return n;
}

}  // namespace

Result<std::string> decode_record_bytes(std::string_view bytes) {
  if (bytes.starts_with("\xEF\xBB\xBF"))
    bytes.remove_prefix(3);
  else if (bytes.starts_with("\xFF\xFE") || bytes.starts_with("\xFE\xFF")) {
    auto u = convert(bytes.substr(2), bytes[0] == '\xFF' ? "UTF-16LE" : "UTF-16BE");
    if (!u) return Error{"the record starts with a UTF-16 byte-order mark but is not UTF-16"};
    return *u;
  }
  if (valid_utf8(bytes)) return std::string(bytes);
  auto gb = convert(bytes, "GB18030"), big5 = convert(bytes, "BIG5-HKSCS");
  if (gb && !big5) return *gb;
  if (big5 && !gb) return *big5;
  if (!gb)
    return Error{std::string("cannot read the record's text: it is in none of the encodings Kirin knows (") + TRIED +
                 ")"};
  const int g = record_words(*gb), b = record_words(*big5);
  if (g > b) return *gb;
  if (b > g) return *big5;
  return Error{std::string("cannot tell the record's encoding: it reads as both GB18030 and Big5 (") + TRIED + ")"};
}

}  // namespace kirin
