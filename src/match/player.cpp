// The three protocol clients.
#include "match/player.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <sstream>
#include <vector>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/xboard_moves.h"

namespace kirin {
namespace {

std::string self_path() {
  char buf[4096];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, size_t(n)) : "kirin";
}

// "position startpos moves ..." or "position sfen|fen <fen> moves ...".
std::string position_command(const Game& g, const char* fen_word) {
  std::string fen = to_fen(g.start());
  Position start = g.start();
  std::string text =
      fen == g.variant().start_fen() ? "position startpos" : std::string("position ") + fen_word + " " + fen;
  if (!g.moves().empty()) {
    text += " moves";
    Position pos = g.start();
    for (Move m : g.moves()) {
      text += ' ';
      text += move_to_text(pos, m);
      pos.do_move(m);
    }
  }
  return text;
}

int64_t elapsed_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
}

// Keeps in `complaint` the first engine line that objects to something we sent: Kirin says
// "info string error: ...", Stockfish-like engines "No such option: X", XBoard engines "Error ...".
std::function<void(const std::string&)> note_complaint(std::string& complaint) {
  return [&complaint](const std::string& line) {
    std::string low;
    for (char c : line) low += char(std::tolower(static_cast<unsigned char>(c)));
    if (complaint.empty() &&
        (low.find("error") != std::string::npos || low.find("no such option") != std::string::npos ||
         low.find("unknown option") != std::string::npos))
      complaint = line;
  };
}

// The values of an option line "option name X type combo default D var A var B ...".
std::vector<std::string> combo_values(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> values;
  std::string word;
  while (in >> word)
    if (word == "var" && in >> word) values.push_back(word);
  return values;
}

// The referee plays Chu Shogi by the seed's rules (make_variant's default). An engine whose
// variant option names rule sets is asked for those: Kirin's USI says "chushogi" for lishogi's
// rules, under which a Falcon may take a Lion on its first step just after a Lion trade, and
// "chushogi-seed" for the referee's. Any other engine gets the game's plain name.
std::string referee_variant_name(GameId g, const std::vector<std::string>& offered) {
  const std::string plain = game_name(g);
  const std::string seed = plain + "-seed";
  if (g == GameId::CHUSHOGI && std::find(offered.begin(), offered.end(), seed) != offered.end()) return seed;
  return plain;
}

}  // namespace

std::optional<int> info_score(const std::string& line) {
  std::istringstream in(line);
  std::string word;
  if (!(in >> word) || word != "info") return std::nullopt;
  std::optional<int> score;
  while (in >> word) {
    if (word == "multipv") {
      int k = 0;
      if (in >> k && k != 1) return std::nullopt;
    } else if (word == "lowerbound" || word == "upperbound") {
      return std::nullopt;
    } else if (word == "score") {
      std::string kind;
      long n = 0;
      if (!(in >> kind >> n)) return std::nullopt;
      if (kind == "cp")
        score = int(std::clamp(n, -long(MATE_SCORE) + 1, long(MATE_SCORE) - 1));
      else if (kind == "mate")
        score = n >= 0 ? MATE_SCORE : -MATE_SCORE;
    } else if (word == "pv" || word == "string") {
      break;
    }
  }
  return score;
}

std::optional<int> thinking_score(const std::string& line) {
  std::istringstream in(line);
  long depth = 0, score = 0;
  if (line.empty() || !std::isdigit(static_cast<unsigned char>(line[0])) || !(in >> depth >> score))
    return std::nullopt;
  return int(std::clamp(score, -long(MATE_SCORE), long(MATE_SCORE)));
}

namespace {

EngineReply read_move(const Game& g, const std::string& text) {
  EngineReply r;
  r.text = text;
  auto m = g.parse(text);
  if (!m) {
    r.kind = EngineReply::BAD_MOVE;
    r.text = text + " (" + m.error() + ")";
  } else {
    r.kind = EngineReply::MOVE;
    r.move = *m;
  }
  return r;
}

class UciPlayer : public Player {
 public:
  UciPlayer(PlayerConfig c, bool usi, bool ucci = false) : Player(std::move(c)), usi_(usi), ucci_(ucci) {}

  Result<void> init(GameId g) override {
    if (auto started = start_process(); !started) return started;
    std::string line;
    // UCCI's handshake also switches engines such as Fairy-Stockfish to ranks 0-9 (h2e2).
    const std::string hello = usi_ ? "usi" : ucci_ ? "ucci" : "uci";
    process_.write_line(hello);
    const std::string variant_option = usi_ ? "USI_Variant" : "UCI_Variant";
    const std::string declared = "option name " + variant_option + " ";
    std::vector<std::string> offered;
    if (!wait_for(hello + "ok", line, 10000, [&](const std::string& l) {
          if (l.rfind(declared, 0) == 0) offered = combo_values(l);
        }))
      return Error{no_answer(hello + "ok")};
    // An engine of one game (Pikafish) may not know the variant option: no complaint counts here.
    set_option(variant_option, referee_variant_name(g, offered));
    process_.write_line("isready");
    if (!wait_for("readyok", line, 30000)) return Error{no_answer("readyok")};
    if (config_.options.empty()) return {};
    // A mistyped option would otherwise be ignored and waste the whole run.
    for (auto& [k, v] : config_.options) set_option(k, v);
    process_.write_line("isready");
    std::string complaint;
    if (!wait_for("readyok", line, 30000, note_complaint(complaint))) return Error{no_answer("readyok")};
    if (!complaint.empty()) return Error{name() + ": an option was refused: " + complaint};
    return {};
  }

  void new_game(const Game&, const TimeControl&) override {
    process_.write_line(usi_ ? "usinewgame" : "ucinewgame");
    std::string line;
    process_.write_line("isready");
    wait_for("readyok", line, 30000);
  }

  EngineReply think(const Game& g, const TimeControl tcs[2], const int64_t clock[2], int64_t wait_ms) override {
    process_.write_line(position_command(g, usi_ ? "sfen" : "fen"));
    const TimeControl& tc = tcs[g.side_to_move()];
    std::string go = "go";
    if (tc.clocked()) {
      // USI names Black (the first side) "b", UCI names Red (the first side) "w".
      const char* first = usi_ ? "b" : "w";
      const char* second = usi_ ? "w" : "b";
      go += std::string(" ") + first + "time " + std::to_string(std::max<int64_t>(clock[FIRST], 0)) + " " + second +
            "time " + std::to_string(std::max<int64_t>(clock[SECOND], 0));
      if (tc.byoyomi_ms)
        go += " byoyomi " + std::to_string(tc.byoyomi_ms);
      else if (tcs[FIRST].inc_ms || tcs[SECOND].inc_ms)
        go += std::string(" ") + first + "inc " + std::to_string(tcs[FIRST].inc_ms) + " " + second + "inc " +
              std::to_string(tcs[SECOND].inc_ms);
    }
    if (tc.movetime_ms) go += " movetime " + std::to_string(tc.movetime_ms);
    if (tc.depth) go += " depth " + std::to_string(tc.depth);
    if (const uint64_t nodes = tc.scaled_nodes(config_.nodes ? config_.nodes : tc.nodes))
      go += " nodes " + std::to_string(nodes);
    process_.write_line(go);
    std::string line;
    std::optional<int> score;
    if (!wait_for("bestmove", line, wait_ms, [&](const std::string& info) {
          if (auto s = info_score(info)) score = s;
        })) {
      EngineReply r;
      r.kind = process_.running() ? EngineReply::TIMEOUT : EngineReply::CRASH;
      return r;
    }
    std::string move = line.size() > 9 ? line.substr(9) : "";
    move = move.substr(0, move.find(' '));
    EngineReply r;
    if (move == "resign" || move == "(none)" || move == "0000" || move == "win") {
      r.kind = EngineReply::RESIGN;
      r.text = move;
    } else {
      r = read_move(g, move);
    }
    r.score = score;
    return r;
  }

  void quit() override {
    process_.write_line("quit");
    process_.stop();
  }

 private:
  // UCCI leaves out "name" and "value" (Fairy-Stockfish, after "ucci", refuses them).
  void set_option(const std::string& name, const std::string& value) {
    process_.write_line(ucci_ ? "setoption " + name + " " + value : "setoption name " + name + " value " + value);
  }

  bool usi_, ucci_;
};

class XboardPlayer : public Player {
 public:
  explicit XboardPlayer(PlayerConfig c) : Player(std::move(c)) {}

  Result<void> init(GameId g) override {
    game_ = g;
    if (auto started = start_process(); !started) return started;
    process_.write_line("xboard");
    process_.write_line("protover 2");
    // Features until done=1; an engine without protocol 2 stays silent: go on after a while.
    std::string line;
    auto t0 = std::chrono::steady_clock::now();
    while (elapsed_since(t0) < 5000 && process_.read_line(line, 5000 - int(elapsed_since(t0)))) {
      if (line.find("usermove=1") != std::string::npos) usermove_ = true;
      if (line.find("ping=1") != std::string::npos) ping_ = true;
      if (line.find("done=1") != std::string::npos) break;
    }
    if (!process_.running()) return Error{no_answer("its features")};
    if (config_.options.empty()) return {};
    // Options once, here: with ping, an "Error" before the pong names a refused one.
    for (auto& [k, val] : config_.options) process_.write_line("option " + k + "=" + val);
    if (!ping_) return {};
    process_.write_line("ping 1");
    std::string complaint;
    wait_for("pong 1", line, 5000, note_complaint(complaint));
    if (!complaint.empty()) return Error{name() + ": an option was refused: " + complaint};
    return {};
  }

  void new_game(const Game& g, const TimeControl& tc) override {
    std::string stale;
    while (process_.read_line(stale, 50)) {  // whatever the last game left unread
    }
    process_.write_line("new");
    process_.write_line("easy");  // no pondering: the opponent's clock must not pay for it
    const std::string v = xboard_variant_name(game_);
    process_.write_line("variant " + v);
    process_.write_line("force");
    if (to_fen(g.start()) != g.variant().start_fen()) process_.write_line("setboard " + to_fen(g.start()));
    if (config_.memory_mb) process_.write_line("memory " + std::to_string(config_.memory_mb));
    if (tc.movetime_ms) {
      process_.write_line("st " + std::to_string(std::max<int64_t>(1, tc.movetime_ms / 1000)));
    } else if (tc.clocked()) {
      const int64_t s = tc.base_ms / 1000;
      char inc[32];
      std::snprintf(inc, sizeof inc, "%g", tc.inc_ms / 1000.0);
      process_.write_line("level 0 " + std::to_string(s / 60) + ":" + (s % 60 < 10 ? "0" : "") +
                          std::to_string(s % 60) + " " + inc);
    }
    if (tc.depth) process_.write_line("sd " + std::to_string(tc.depth));
    process_.write_line("post");
    sent_ = 0;
  }

  EngineReply think(const Game& g, const TimeControl tcs[2], const int64_t clock[2], int64_t wait_ms) override {
    const TimeControl& tc = tcs[g.side_to_move()];
    Position pos = g.start();
    for (int i = 0; i < g.ply(); ++i) {
      const Move m = g.moves()[i];
      if (i >= sent_) {
        std::string text = usermove_ ? "usermove " : "";
        text += move_to_xboard(pos, m);
        process_.write_line(text);
      }
      pos.do_move(m);
    }
    sent_ = g.ply();
    if (tc.clocked()) {
      const Color us = g.side_to_move();
      process_.write_line("time " + std::to_string(std::max<int64_t>(clock[us], 0) / 10));
      process_.write_line("otim " + std::to_string(std::max<int64_t>(clock[~us], 0) / 10));
    }
    process_.write_line("go");
    std::string line;
    auto t0 = std::chrono::steady_clock::now();
    EngineReply r;
    while (true) {
      int64_t left = wait_ms - elapsed_since(t0);
      if (left <= 0 || !process_.read_line(line, int(left))) {
        r.kind = process_.running() ? EngineReply::TIMEOUT : EngineReply::CRASH;
        return r;
      }
      if (line.rfind("move ", 0) == 0) break;
      if (auto s = thinking_score(line)) r.score = s;
      if (line == "resign" || line.rfind("1-0", 0) == 0 || line.rfind("0-1", 0) == 0 || line.rfind("1/2-1/2", 0) == 0) {
        r.kind = EngineReply::RESIGN;  // a claim the referee has not made counts as giving up
        r.text = line;
        process_.write_line("force");
        return r;
      }
      if (line.rfind("Illegal move", 0) == 0 || line.rfind("Error", 0) == 0) {
        r.kind = EngineReply::REFUSED;
        r.text = line;
        return r;
      }
    }
    std::string text = line.substr(5);
    // Some engines (HaChu) send the first leg of a Lion move with a trailing comma, then the second.
    while (!text.empty() && text.back() == ',') {
      std::string next;
      if (!wait_for("move ", next, std::max<int64_t>(1000, wait_ms - elapsed_since(t0)))) break;
      text += next.substr(5);
    }
    process_.write_line("force");
    Position now = g.position();
    auto m = parse_xboard_move(now, text);
    if (!m) {
      r.kind = EngineReply::BAD_MOVE;
      r.text = text + " (" + m.error() + ")";
      return r;
    }
    ++sent_;  // the engine knows its own move
    const std::optional<int> score = r.score;
    r = read_move(g, move_to_text(g.position(), *m));
    r.score = score;
    return r;
  }

  void quit() override {
    process_.write_line("quit");
    process_.stop();
  }

 private:
  GameId game_ = GameId::CHUSHOGI;
  bool usermove_ = false, ping_ = false;
  int sent_ = 0;
};

}  // namespace

Result<void> Player::start_process() {
  std::string cmd = config_.command;
  if (cmd == "kirin" || cmd.rfind("kirin ", 0) == 0) cmd = self_path() + " " + config_.protocol + cmd.substr(5);
  return process_.start(cmd);
}

std::string Player::no_answer(const std::string& expected) {
  if (process_.running()) return name() + ": no " + expected;
  return name() + ": '" + config_.command + "' exited before " + expected + " (not found, or not a " +
         config_.protocol + " engine)";
}

bool Player::wait_for(const std::string& prefix, std::string& line, int64_t wait_ms,
                      const std::function<void(const std::string&)>& skipped) {
  auto t0 = std::chrono::steady_clock::now();
  while (true) {
    int64_t left = wait_ms - elapsed_since(t0);
    if (left <= 0 || !process_.read_line(line, int(left))) return false;
    if (line.rfind(prefix, 0) == 0) return true;
    if (skipped) skipped(line);
  }
}

Result<std::unique_ptr<Player>> Player::create(const PlayerConfig& c) {
  if (c.protocol == "usi") return std::unique_ptr<Player>(std::make_unique<UciPlayer>(c, true));
  if (c.protocol == "uci") return std::unique_ptr<Player>(std::make_unique<UciPlayer>(c, false));
  if (c.protocol == "ucci") return std::unique_ptr<Player>(std::make_unique<UciPlayer>(c, false, true));
  if (c.protocol == "xboard") return std::unique_ptr<Player>(std::make_unique<XboardPlayer>(c));
  return Error{"unknown protocol '" + c.protocol + "' (usi, uci, ucci or xboard)"};
}

std::string TimeControl::text() const {
  auto seconds = [](int64_t ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", ms / 1000.0);
    return std::string(buf);
  };
  std::string out;
  if (clocked()) out = seconds(base_ms) + "+" + seconds(inc_ms) + (byoyomi_ms ? " byoyomi " + seconds(byoyomi_ms) : "");
  auto add = [&](const std::string& part) { out += (out.empty() ? "" : " ") + part; };
  if (movetime_ms) add("movetime " + std::to_string(movetime_ms) + " ms");
  if (depth) add("depth " + std::to_string(depth));
  if (nodes) add("nodes " + std::to_string(nodes));
  return out.empty() ? "none" : out;
}

}  // namespace kirin
