#include "notation/kanji.h"

#include <cstring>

namespace kirin {
namespace {

struct Entry {
  const char* token;
  const char* board;
  const char* full;
};

// Chu Shogi: the standard names, as lishogi writes them (board diagram / KIF move).
constexpr Entry CHU[] = {
    {"K", "玉", "玉将"},      {"E", "象", "醉象"}, {"+E", "太", "太子"},   {"G", "金", "金将"},
    {"+G", "成飛", "金飛車"}, {"S", "銀", "銀将"}, {"+S", "成竪", "竪行"}, {"C", "銅", "銅将"},
    {"+C", "成横", "横行"},   {"F", "豹", "猛豹"}, {"+F", "成角", "小角"}, {"T", "虎", "盲虎"},
    {"+T", "鹿", "飛鹿"},     {"O", "麒", "麒麟"}, {"+O", "成獅", "獅子"}, {"X", "鳳", "鳳凰"},
    {"+X", "成奔", "奔王"},   {"L", "香", "香車"}, {"+L", "駒", "白駒"},   {"A", "反", "反車"},
    {"+A", "鯨", "鯨鯢"},     {"M", "横", "横行"}, {"+M", "猪", "奔猪"},   {"V", "竪", "竪行"},
    {"+V", "牛", "飛牛"},     {"B", "角", "角行"}, {"+B", "成馬", "龍馬"}, {"R", "飛", "飛車"},
    {"+R", "成龍", "龍王"},   {"H", "馬", "龍馬"}, {"+H", "鷹", "角鷹"},   {"D", "龍", "龍王"},
    {"+D", "鷲", "飛鷲"},     {"Q", "奔", "奔王"}, {"N", "獅", "獅子"},    {"P", "歩", "歩兵"},
    {"+P", "成歩", "金将"},   {"I", "仲", "仲人"}, {"+I", "成象", "醉象"},
};

// Chu Seireigi: Chu Shogi names where the piece is the same; the others are Kirin's choice,
// after the large shogi variants' names where one exists.
constexpr Entry SEIREIGI[] = {
    {"K", "玉", "玉将"},    {"P", "歩", "歩兵"}, {"+P", "と", "と金"},   {"L", "香", "香車"},
    {"+L", "奔虎", "奔虎"}, {"A", "羊", "羊兵"}, {"+A", "狐", "隠狐"},   {"J", "兎", "走兎"},
    {"+J", "鹿", "踊鹿"},   {"N", "桂", "桂馬"}, {"+N", "天", "天馬"},   {"F", "燕", "飛燕"},
    {"+F", "鳥", "金鳥"},   {"C", "銅", "銅将"}, {"+C", "成銅", "大豹"}, {"S", "銀", "銀将"},
    {"+S", "成銀", "走狼"}, {"G", "金", "金将"}, {"+G", "成金", "大象"}, {"U", "熊", "強熊"},
    {"+U", "鯨", "鯨鯢"},   {"Y", "豹", "大豹"}, {"+Y", "牛", "飛牛"},   {"W", "狼", "走狼"},
    {"+W", "猪", "奔猪"},   {"E", "象", "大象"}, {"+E", "教", "教王"},   {"O", "麒", "麒麟"},
    {"+O", "成麒", "角行"}, {"X", "鳳", "鳳凰"}, {"+X", "成鳳", "飛車"}, {"B", "角", "角行"},
    {"+B", "馬", "龍馬"},   {"R", "飛", "飛車"}, {"+R", "龍", "龍王"},   {"Q", "奔", "奔王"},
    {"I", "獅", "獅子"},
};

// Legacy Chu Seireigi (rules=legacy): the pieces that differ from the primary set. Dragon
// King and Dragon Horse start as pieces of their own there, so the promoted Rook and Bishop
// are written 成飛 and 成角 to keep board names unique.
constexpr Entry SEIREIGI_LEGACY[] = {
    {"+A", "鹿", "大鹿"},   {"+U", "狐", "隠狐"},   {"Y", "豹", "走豹"},    {"+C", "成銅", "走豹"},
    {"+O", "成麒", "獅子"}, {"H", "馬", "龍馬"},    {"+H", "鷹", "角鷹"},   {"D", "龍", "龍王"},
    {"+D", "鷲", "飛鷲"},   {"+B", "成角", "龍馬"}, {"+R", "成飛", "龍王"},
};

// Xiangqi: Red / Black characters.
struct XiangqiEntry {
  const char* token;
  const char* red;
  const char* black;
};
constexpr XiangqiEntry XIANGQI[] = {
    {"K", "帥", "將"}, {"A", "仕", "士"}, {"B", "相", "象"}, {"N", "傌", "馬"},
    {"R", "俥", "車"}, {"C", "炮", "砲"}, {"P", "兵", "卒"},
};

template <class T, size_t N>
const T* find(const T (&table)[N], const std::string& token) {
  for (const T& e : table)
    if (token == e.token) return &e;
  return nullptr;
}

constexpr const char* DIGITS[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

}  // namespace

KanjiName kanji_name(const Variant& v, Kind k, Color c) {
  const std::string& token = v.kind(k).token;
  if (v.game() == GameId::XIANGQI) {
    if (const auto* e = find(XIANGQI, token)) return {c == FIRST ? e->red : e->black, c == FIRST ? e->red : e->black};
  } else {
    const bool legacy = v.options().seireigi_rules == RuleOptions::SeireigiRules::LEGACY;
    const Entry* e = v.game() == GameId::CHUSHOGI             ? find(CHU, token)
                     : legacy && find(SEIREIGI_LEGACY, token) ? find(SEIREIGI_LEGACY, token)
                                                              : find(SEIREIGI, token);
    if (e) return {e->board, e->full};
  }
  return {token, token};
}

Kind kind_by_kanji(const Variant& v, std::string_view name) {
  // Board names first: they are unique, while several kinds share a full name (a promoted
  // Dragon King and a Dragon King are both "龍王"; the board says "成龍" for the first).
  for (int k = 0; k < v.kind_count(); ++k)
    if (kanji_name(v, Kind(k)).board == name) return Kind(k);
  for (int k = 0; k < v.kind_count(); ++k)
    if (kanji_name(v, Kind(k)).full == name) return Kind(k);
  return NO_KIND;
}

std::string kanji_number(int n) {
  if (n <= 0 || n > 99) return std::to_string(n);
  std::string s;
  if (n >= 20) s += DIGITS[n / 10];
  if (n >= 10) s += "十";
  return s + DIGITS[n % 10];
}

int parse_kanji_number(std::string_view t, int& n) {
  size_t i = 0;
  int value = 0, digit = -1;
  bool any = false;
  while (i < t.size()) {
    int d = -1;
    size_t len = 0;
    for (int j = 1; j <= 9; ++j)
      if (t.substr(i).starts_with(DIGITS[j])) d = j, len = std::strlen(DIGITS[j]);
    if (d < 0 && t.substr(i).starts_with("十")) {
      value += (digit < 0 ? 1 : digit) * 10;
      digit = -1;
      i += std::strlen("十");
      any = true;
      continue;
    }
    if (d < 0) break;
    if (digit >= 0) break;  // two digits in a row: not a kanji number
    digit = d;
    i += len;
    any = true;
  }
  if (!any) return 0;
  n = value + (digit < 0 ? 0 : digit);
  return n > 0 ? int(i) : 0;
}

int display_width(std::string_view t) {
  int w = 0;
  for (size_t i = 0; i < t.size();) {
    const unsigned char c = t[i];
    const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    w += len >= 3 ? 2 : 1;
    i += len;
  }
  return w;
}

}  // namespace kirin
