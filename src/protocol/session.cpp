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

namespace {

bool read_number(const std::string& text, int64_t& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && out >= 0;
}

}  // namespace

std::string parse_go(const std::vector<std::string>& args, size_t start, const char* first_time,
                     const char* first_inc, const char* second_time, const char* second_inc, Position& pos,
                     SearchLimits& limits, bool& ponder) {
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
        if (!m) return "searchmoves: " + m.error();
        limits.search_moves.push_back(*m);
      }
      break;
    }
    if (i + 1 >= args.size()) return "'" + key + "' needs a value";
    int64_t n = 0;
    if (!read_number(args[i + 1], n)) return "'" + key + "': not a number: '" + args[i + 1] + "'";
    ++i;
    if (key == first_time) limits.time[FIRST] = n;
    else if (key == second_time) limits.time[SECOND] = n;
    else if (key == first_inc) limits.inc[FIRST] = n;
    else if (key == second_inc) limits.inc[SECOND] = n;
    else if (key == "byoyomi") limits.byoyomi = n;
    else if (key == "movestogo") limits.moves_to_go = int(n);
    else if (key == "movetime") limits.movetime = n;
    else if (key == "depth") limits.depth = int(n);
    else if (key == "nodes") limits.nodes = uint64_t(n);
    else if (key == "mate") limits.depth = int(2 * n + 1);
    else return "unknown go argument '" + key + "'";
  }
  return "";
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

std::string split_position(const std::vector<std::string>& args, std::string& fen, std::vector<std::string>& moves) {
  fen.clear();
  moves.clear();
  if (args.size() < 2) return "position needs 'startpos', 'sfen' or 'fen'";
  size_t i = 2;
  if (args[1] == "startpos") {
  } else if (args[1] == "sfen" || args[1] == "fen") {
    while (i < args.size() && args[i] != "moves") ++i;
    fen = join(args, 2, i);
    if (fen.empty()) return "position " + args[1] + " needs a position";
  } else {
    return "position: expected 'startpos', 'sfen' or 'fen', got '" + args[1] + "'";
  }
  if (i < args.size()) {
    if (args[i] != "moves") return "position: expected 'moves', got '" + args[i] + "'";
    moves.assign(args.begin() + i + 1, args.end());
  }
  return "";
}

}  // namespace kirin::protocol
