#include "protocol/session.h"

#include <charconv>
#include <istream>
#include <ostream>
#include <sstream>

#include "notation/move_text.h"

namespace kirin::protocol {

void Output::line(const std::string& text) {
  std::lock_guard lock(mutex_);
  out_ << text << '\n';
  out_.flush();
}

void untie_input(std::istream& in) { in.tie(nullptr); }

std::string clip(std::string_view text) {
  constexpr size_t MAX = 240;
  std::string out(text.substr(0, MAX));
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 32 || c == 127) c = '?';
  if (text.size() > MAX) out += "... (" + std::to_string(text.size()) + " characters)";
  return out;
}

std::vector<std::string> tokens(std::string_view line) {
  std::vector<std::string> out;
  std::istringstream in{std::string(line)};
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

std::string join(const std::vector<std::string>& words, size_t begin, size_t end) {
  std::string out;
  for (size_t i = begin; i < end && i < words.size(); ++i) {
    if (i > begin) out += ' ';
    out += words[i];
  }
  return out;
}

bool read_integer(std::string_view text, int64_t& out, int64_t low, int64_t high) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size() && out >= low && out <= high;
}

Result<void> parse_go(const std::vector<std::string>& args, size_t start, const char* first_time, const char* first_inc,
                      const char* second_time, const char* second_inc, Position& pos, SearchLimits& limits,
                      bool& ponder) {
  ponder = false;
  for (size_t i = start; i < args.size(); ++i) {
    const std::string& key = args[i];
    if (key == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (key == "ponder") {
      ponder = true;
      continue;
    }
    if (key == "searchmoves") {
      for (++i; i < args.size(); ++i) {
        auto m = parse_move(pos, args[i]);
        if (!m) return Error{"searchmoves: " + m.error()};
        limits.search_moves.push_back(*m);
      }
      break;
    }
    const bool clock =
        key == first_time || key == second_time || key == first_inc || key == second_inc || key == "byoyomi";
    if (!clock && key != "movestogo" && key != "movetime" && key != "depth" && key != "nodes" && key != "mate")
      return Error{"unknown go argument '" + key + "'"};
    if (i + 1 >= args.size()) return Error{"'" + key + "' needs a value"};
    // Clocks may be empty; a limit of 0 would mean no limit at all, which is what 'infinite' is for.
    const int64_t low = clock || key == "movestogo" ? 0 : 1;
    const int64_t high = key == "depth"       ? MAX_PLY - 8
                         : key == "mate"      ? (MAX_PLY - 9) / 2
                         : key == "movestogo" ? 10000
                                              : int64_t(1000000000000000);
    int64_t n = 0;
    if (!read_integer(args[i + 1], n, low, high))
      return Error{"'" + key + "': expected a number from " + std::to_string(low) + " to " + std::to_string(high) +
                   ", got '" + args[i + 1] + "'"};
    ++i;
    limits.clock_given = limits.clock_given || clock;
    if (key == first_time)
      limits.time[FIRST] = n;
    else if (key == second_time)
      limits.time[SECOND] = n;
    else if (key == first_inc)
      limits.inc[FIRST] = n;
    else if (key == second_inc)
      limits.inc[SECOND] = n;
    else if (key == "byoyomi")
      limits.byoyomi = n;
    else if (key == "movestogo")
      limits.moves_to_go = int(n);
    else if (key == "movetime")
      limits.movetime = n;
    else if (key == "depth")
      limits.depth = int(n);
    else if (key == "nodes")
      limits.nodes = uint64_t(n);
    else
      limits.depth = int(2 * n + 1);  // mate in n moves
  }
  return {};
}

std::string pv_text(const Position& root, const std::vector<Move>& pv) {
  Position pos = root;
  std::string out;
  for (Move m : pv) {
    if (!out.empty()) out += ' ';
    out += move_to_text(pos, m);
    pos.do_move(m);
  }
  return out;
}

Result<void> split_position(const std::vector<std::string>& args, std::string& fen, std::vector<std::string>& moves) {
  fen.clear();
  moves.clear();
  if (args.size() < 2) return Error{"position needs 'startpos', 'sfen' or 'fen'"};
  size_t i = 2;
  if (args[1] == "startpos") {
  } else if (args[1] == "sfen" || args[1] == "fen") {
    while (i < args.size() && args[i] != "moves") ++i;
    fen = join(args, 2, i);
    if (fen.empty()) return Error{"position " + args[1] + " needs a position"};
  } else {
    return Error{"position: expected 'startpos', 'sfen' or 'fen', got '" + args[1] + "'"};
  }
  if (i < args.size()) {
    if (args[i] != "moves") return Error{"position: expected 'moves', got '" + args[i] + "'"};
    moves.assign(args.begin() + i + 1, args.end());
  }
  return {};
}

}  // namespace kirin::protocol
