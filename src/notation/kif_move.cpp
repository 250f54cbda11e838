#include "notation/kif_move.h"

#include <cctype>

#include "notation/kanji.h"

namespace kirin {
namespace {

constexpr std::string_view FULLWIDTH_DIGITS[] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};

void skip_spaces(std::string_view t, size_t& i) {
  while (i < t.size()) {
    if (t[i] == ' ' || t[i] == '\t')
      ++i;
    else if (t.substr(i).starts_with("　"))
      i += std::string_view("　").size();
    else
      break;
  }
}

// A file number in ASCII or full-width digits.
int parse_file(std::string_view t, size_t& i) {
  int n = 0, digits = 0;
  while (i < t.size() && digits < 2) {
    int d = -1;
    if (t[i] >= '0' && t[i] <= '9')
      d = t[i] - '0', ++i;
    else
      for (int k = 0; k < 10; ++k)
        if (t.substr(i).starts_with(FULLWIDTH_DIGITS[k])) {
          d = k;
          i += FULLWIDTH_DIGITS[k].size();
          break;
        }
    if (d < 0) break;
    n = n * 10 + d;
    ++digits;
  }
  return digits ? n : -1;
}

bool parse_kif_square(const Variant& v, std::string_view t, size_t& i, Square& s) {
  size_t j = i;
  const int file = parse_file(t, j);
  int rank = 0;
  if (file < 1 || file > v.files()) return false;
  const int used = parse_kanji_number(t.substr(j), rank);
  if (!used || rank < 1 || rank > v.ranks()) return false;
  s = make_square(v.files() - file, v.ranks() - rank);
  i = j + used;
  return true;
}

bool name_matches(const Variant& v, Kind k, std::string_view name) {
  const KanjiName n = kanji_name(v, k);
  return name == n.full || name == n.board;
}

}  // namespace

std::string kif_square(const Variant& v, Square s) {
  return std::to_string(v.files() - file_x(s)) + kanji_number(v.ranks() - rank_y(s));
}

std::string move_to_kif(const Position& pos, Move m, Square last_to) {
  const Variant& v = pos.variant();
  if (m.is_drop()) return kif_square(v, m.to()) + kanji_name(v, m.drop_kind()).full + "打";
  const std::string name = kanji_name(v, kind_of(pos.at(m.from()))).full;
  const std::string to = m.to() == last_to ? "仝" : kif_square(v, m.to());
  if (m.has_mid()) {
    // lishogi writes the first step's square as 仝 too when the move ends on the last square;
    // its reader cannot read that back, so the first step always names its square here.
    const bool igui = m.stays() && is_piece(pos.at(m.mid()));
    const bool pass = m.stays() && !igui;
    return "一歩目 " + kif_square(v, m.mid()) + name + " （←" + kif_square(v, m.from()) + "）\n" + "二歩目 " + to +
           name +
           (igui   ? "（居食い）"
            : pass ? "(じっと)"
                   : "") +
           " （←" + kif_square(v, m.mid()) + "）";
  }
  return to + name + (m.is_promotion() ? "成" : "") + " （←" + kif_square(v, m.from()) + "）";
}

Result<KifStep> parse_kif_step(const Position& pos, std::string_view t, Square last_to, size_t& i) {
  const Variant& v = pos.variant();
  KifStep st;
  skip_spaces(t, i);
  for (std::string_view mark : {"▲", "△", "☗", "☖"})
    if (t.substr(i).starts_with(mark)) i += mark.size();
  if (t.substr(i).starts_with("一歩目"))
    st.lion_step = 1, i += std::string_view("一歩目").size();
  else if (t.substr(i).starts_with("二歩目"))
    st.lion_step = 2, i += std::string_view("二歩目").size();
  skip_spaces(t, i);
  for (std::string_view mark : {"▲", "△", "☗", "☖"})
    if (t.substr(i).starts_with(mark)) i += mark.size();
  // Destination.
  if (t.substr(i).starts_with("仝") || t.substr(i).starts_with("同")) {
    if (last_to == NO_SQUARE) return Error{"'仝' (same square) but there is no previous move"};
    st.to = last_to;
    i += std::string_view("仝").size();
    skip_spaces(t, i);
  } else if (!parse_kif_square(v, t, i, st.to)) {
    return Error{"expected a square like 7八 or 仝"};
  }
  // The origin: "（←7九）" or "(77)"; a drop has none and ends in 打.
  const size_t name_start = i;
  st.name_at = int(i);
  size_t mark = t.find("（←", i), close = std::string_view::npos;
  std::string_view from_text;
  if (mark != std::string_view::npos) {
    const size_t a = mark + std::string_view("（←").size();
    close = t.find("）", a);
    if (close == std::string_view::npos) return Error{"unclosed '（←'"};
    from_text = t.substr(a, close - a);
  } else {
    for (size_t p = t.find('(', i); p != std::string_view::npos; p = t.find('(', p + 1)) {
      const size_t q = t.find(')', p);
      if (q == p + 3 && std::isdigit(static_cast<unsigned char>(t[p + 1])) &&
          std::isdigit(static_cast<unsigned char>(t[p + 2]))) {
        mark = p;
        from_text = t.substr(p + 1, 2);
        break;
      }
    }
  }
  std::string_view middle = t.substr(name_start, (mark == std::string_view::npos ? t.size() : mark) - name_start);
  while (!middle.empty() && (middle.back() == ' ' || middle.back() == '\t')) middle.remove_suffix(1);
  while (middle.ends_with("　")) middle.remove_suffix(std::string_view("　").size());
  for (std::string_view suffix : {"（居食い）", "(じっと)", "（じっと）", "不成", "成", "打"})
    if (middle.ends_with(suffix)) {
      if (suffix == "成") st.promote = true;
      if (suffix == "打") st.drop = true;
      middle.remove_suffix(suffix.size());
      break;
    }
  if (middle.empty()) return Error{"expected a piece name after the square"};
  if (st.drop) {
    if (!v.def().drops) return Error{"no drops in " + v.name()};
    // Only unpromoted kinds are ever in hand; a promoted one may share the full name
    // (a promoted Phoenix moves as, and is called, a Rook).
    for (int k = 0; k < v.kind_count() && st.kind == NO_KIND; ++k)
      if (v.demoted(Kind(k)) == Kind(k) && !v.is_royal(Kind(k)) && name_matches(v, Kind(k), middle)) st.kind = Kind(k);
    if (st.kind == NO_KIND) return Error{"no piece '" + std::string(middle) + "' can be dropped"};
    return st;
  }
  if (mark == std::string_view::npos) return Error{"expected the origin square, like （←7九）"};
  size_t j = 0;
  if (from_text.size() == 2 && std::isdigit(static_cast<unsigned char>(from_text[0])) && v.files() <= 9) {
    st.from = make_square(v.files() - (from_text[0] - '0'), v.ranks() - (from_text[1] - '0'));
  } else if (!parse_kif_square(v, from_text, j, st.from) || j != from_text.size()) {
    i = size_t(from_text.data() - t.data());
    return Error{"bad origin square '" + std::string(from_text) + "'"};
  }
  if (!v.on_board(st.from) || (st.lion_step != 2 && !is_own(pos.at(st.from), pos.side_to_move()))) {
    i = size_t(from_text.data() - t.data());
    return Error{"no " + v.color_name(pos.side_to_move()) + " piece on " + kif_square(v, st.from)};
  }
  if (st.lion_step != 2 && !name_matches(v, kind_of(pos.at(st.from)), middle)) {
    i = name_start;
    return Error{"the piece on " + kif_square(v, st.from) + " is " + kanji_name(v, kind_of(pos.at(st.from))).full +
                 ", not " + std::string(middle)};
  }
  return st;
}

}  // namespace kirin
