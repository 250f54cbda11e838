#include "selfplay/sample_stats.h"

#include <algorithm>
#include <ostream>

#include "selfplay/sample_reader.h"

namespace kirin {

Result<SampleStats> read_sample_stats(std::istream& in) {
  SampleReader reader(in);
  if (auto read = reader.read_header(); !read) return Error{read.error()};
  SampleStats st;
  st.header = reader.header();
  Sample s;
  bool any = false;
  uint32_t last_game = 0;
  while (reader.next(s)) {
    ++st.positions;
    if (!any || s.game != last_game) {
      ++st.games;
      // Every record carries its game's result; the first one's, seen from FIRST, counts the game.
      const int first = s.stm == FIRST ? s.result : -s.result;
      ++st.game_results[first > 0 ? 0 : first == 0 ? 1 : 2];
    }
    any = true, last_game = s.game;
    st.in_check += (s.flags & Sample::IN_CHECK) != 0;
    st.not_quiet += (s.flags & Sample::NOT_QUIET) != 0;
    ++st.results[s.result + 1];
    const auto band = std::lower_bound(st.SCORE_BANDS.begin(), st.SCORE_BANDS.end(), int(s.score));
    ++st.scores[band - st.SCORE_BANDS.begin()];
  }
  if (!reader.error().empty()) return Error{reader.error()};
  return st;
}

void print_sample_stats(const SampleStats& s, std::ostream& out) {
  const SampleHeader& h = s.header;
  out << "variant " << h.variant << " " << h.files << "x" << h.ranks << ", " << h.kinds.size() << " kinds";
  for (const auto& [key, value] : h.extra) out << ", " << key << " " << value;
  out << "\n";
  out << "games " << s.games << ": first side wins " << s.game_results[0] << ", draws " << s.game_results[1]
      << ", second side wins " << s.game_results[2] << "\n";
  out << "positions " << s.positions << ": side to move wins " << s.results[2] << ", draws " << s.results[1]
      << ", loses " << s.results[0] << "; in check " << s.in_check << ", best move not quiet " << s.not_quiet << "\n";
  out << "scores (cp, side to move):\n";
  for (size_t i = 0; i < s.scores.size(); ++i) {
    std::string band;
    if (i == 0)
      band = "mated";
    else if (i == s.scores.size() - 1)
      band = "mates";
    else if (i == 1)
      band = "<= " + std::to_string(s.SCORE_BANDS[1]);
    else if (i == s.scores.size() - 2)
      band = "> " + std::to_string(s.SCORE_BANDS[i - 1]);
    else
      band = std::to_string(s.SCORE_BANDS[i - 1] + 1) + ".." + std::to_string(s.SCORE_BANDS[i]);
    out << "  " << band << std::string(band.size() < 14 ? 14 - band.size() : 1, ' ') << s.scores[i] << "\n";
  }
}

}  // namespace kirin
