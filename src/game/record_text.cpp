#include "game/record_text.h"

#include <cctype>

namespace kirin {

std::vector<Line> split_lines(std::string_view text) {
  std::vector<Line> out;
  int n = 1;
  size_t i = 0;
  while (i <= text.size()) {
    size_t j = text.find('\n', i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view l = text.substr(i, j - i);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    if (!(j == text.size() && l.empty())) out.push_back({l, n});
    ++n;
    i = j + 1;
  }
  return out;
}

std::string_view skip_blanks(std::string_view s) {
  const size_t lead = s.find_first_not_of(" \t");
  return lead == std::string_view::npos ? std::string_view{} : s.substr(lead);
}

bool is_hash_comment(const Line& line) { return skip_blanks(line.text).starts_with('#'); }

int column_of(std::string_view line, size_t byte) {
  int col = 1;
  for (size_t i = 0; i < byte && i < line.size(); ++i)
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++col;
  return col;
}

std::vector<Token> tokenize(const Line& line, size_t offset) {
  std::vector<Token> out;
  const std::string_view s = line.text;
  size_t i = offset;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back({s.substr(i, j - i), line.number, column_of(s, i)});
    i = j;
  }
  return out;
}

Error located(int line, int column, const std::string& message) {
  return Error{"line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + message};
}

bool is_claim(std::string_view w) { return w == "resign" || w == "draw" || w == "impasse"; }

Result<GameResult> play_claim(Game& g, std::string_view w) {
  if (w == "resign") return g.resign(g.side_to_move());
  if (w == "draw") return g.can_claim_repetition() ? g.claim_repetition() : g.agree_draw();
  return g.claim_impasse(g.side_to_move());
}

void set_record_result(Game& g, std::string_view score) {
  if (score != "1-0" && score != "0-1" && score != "1/2-1/2") return;
  if (!g.over()) {
    if (score == "1/2-1/2")
      g.agree_draw();
    else
      g.resign(score == "1-0" ? SECOND : FIRST);
    return;
  }
  if (score == "1/2-1/2")
    g.set_recorded_result(GameResult::draw(Ending::AS_RECORDED));
  else
    g.set_recorded_result(GameResult::win(score == "1-0" ? FIRST : SECOND, Ending::AS_RECORDED));
}

std::string score_of_result_word(std::string_view r) {
  if (r == "1-0" || r == "红胜" || r == "紅勝" || r == "红先胜" || r == "紅先勝") return "1-0";
  if (r == "0-1" || r == "黑胜" || r == "黑勝" || r == "红先负" || r == "紅先負") return "0-1";
  if (r == "1/2-1/2" || r == "和棋" || r == "和局" || r == "红先和" || r == "紅先和") return "1/2-1/2";
  return "";
}

std::string iso_date(std::string_view w) {
  if (w.size() < 10) return "";
  std::string out(w.substr(0, 10));
  for (size_t i = 0; i < 10; ++i) {
    const bool separator = i == 4 || i == 7;
    if (separator && (out[i] == '.' || out[i] == '/' || out[i] == '-'))
      out[i] = '-';
    else if (separator || !std::isdigit(static_cast<unsigned char>(out[i])))
      return "";
  }
  return out;
}

std::string claim_word(const Game& g) {
  const std::string& r = g.result().reason;
  if (r == "resignation") return "resign";
  if (r == "agreed draw") return "draw";
  if (r.starts_with("impasse")) return "impasse";
  return "";
}

}  // namespace kirin
