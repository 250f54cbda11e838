// CECP (XBoard) v2 session: force/go/new, usermove, setboard, undo/remove, level/st/sd/time/otim,
// analyze, memory, ping; Chu Seireigi is offered as an engine-defined variant (setup + piece).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <istream>
#include <mutex>
#include <set>

#include "notation/fen.h"
#include "notation/move_text.h"
#include "notation/xboard_moves.h"
#include "protocol/protocols.h"
#include "protocol/session.h"
#include "rules/movegen.h"
#include "search/engine.h"

namespace kirin::protocol {
namespace {

// Seconds as XBoard writes them: "5", "0.5"; at most a million.
bool read_seconds(const std::string& text, double& out) {
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size() && std::isfinite(out) && out >= 0 && out <= 1e6;
}

class XboardSession {
 public:
  explicit XboardSession(std::ostream& out) : out_(out) { reset(GameId::CHUSHOGI); }

  int run(std::istream& in) {
    untie_input(in);
    for (std::string text; std::getline(in, text);) {
      auto a = tokens(text);
      if (a.empty()) continue;
      if (a[0] == "quit") {
        cancel();
        break;
      }
      if (auto done = command(a); !done) out_.line(clip(done.error()));
    }
    if (analyzing_) engine_.stop();
    engine_.wait();
    sync();
    return 0;
  }

 private:
  // Ends a search whose move is no longer wanted (force, new, a new position...): the move is
  // not sent. One already sent stays, and sync() plays it, as XBoard has seen it.
  void cancel() {
    {
      std::lock_guard lock(mutex_);
      cancelled_ = true;
    }
    engine_.stop();
    engine_.wait();
    std::lock_guard lock(mutex_);
    cancelled_ = false;
  }

  // Applies the move the engine announced, once its search is over.
  void sync() {
    engine_.wait();
    std::lock_guard lock(mutex_);
    if (!pending_.empty()) {
      moves_.push_back(pending_);
      engine_.play(pending_);
      pending_.clear();
    }
  }

  void reset(GameId g) {
    game_ = g;
    variant_ = make_variant(g);
    start_fen_.clear();
    moves_.clear();
    no_position_.clear();
    engine_.set_position(variant_, "", {});
  }

  // After a refused setboard there is no position: nothing may be searched or played on the one
  // before it (a move for another position, perhaps for the other side).
  std::string without_position(const std::string& command) const {
    return "Error (no position: the last setboard was refused: " + no_position_ + "): " + command;
  }

  Result<void> rebuild() { return engine_.set_position(variant_, start_fen_, moves_); }

  Result<void> command(const std::vector<std::string>& a) {
    const std::string& c = a[0];
    auto arg = [&](size_t i) { return i < a.size() ? a[i] : std::string(); };
    if (c == "?") {
      if (!analyzing_) engine_.stop();
      return {};
    }
    if (c == "ping") {
      // CECP: the pong must follow the move of a search under way ('?' then 'ping' included).
      if (!analyzing_) engine_.wait();
      out_.line(a.size() > 1 ? "pong " + arg(1) : "pong");
      return {};
    }
    if (c == "post" || c == "nopost") {
      post_ = c == "post";
      return {};
    }
    if (c == "." || c == "xboard" || c == "accepted" || c == "rejected" || c == "random" || c == "hard" ||
        c == "easy" || c == "computer" || c == "name" || c == "rating" || c == "ics" || c == "draw" || c == "egtpath" ||
        c == "bk" || c == "hint" || c == "nps")
      return {};
    if (c == "time" || c == "otim") {
      int64_t cs = 0;
      if (!read_integer(arg(1), cs, -1000000000, 1000000000)) return Error{"Error (expected centiseconds): " + c};
      (c == "time" ? engine_cs_ : opponent_cs_) = long(std::max<int64_t>(0, cs));
      if (c == "time") clock_given_ = true;
      return {};
    }
    if (c == "exit" && analyzing_) {
      analyzing_ = false;
      engine_.stop();
      engine_.wait();
      return {};
    }
    if (c == "result") {
      cancel();
      force_ = true;
      return {};
    }
    // These make a move being thought about pointless: drop it rather than wait for it.
    if (!analyzing_ &&
        (c == "force" || c == "new" || c == "variant" || c == "setboard" || c == "undo" || c == "remove"))
      cancel();
    if (analyzing_) {  // a change of position restarts the analysis
      engine_.stop();
      engine_.wait();
      std::lock_guard lock(mutex_);
      pending_.clear();
    }
    sync();
    Result<void> done = analyzing_ && a[0] == "go" ? Error{"Error (analyzing: send exit first): go"} : change(a);
    if (analyzing_) analyze();  // stopped above: resume, whether or not the command was good
    return done;
  }

  Result<void> change(const std::vector<std::string>& a) {
    const std::string& c = a[0];
    auto arg = [&](size_t i) { return i < a.size() ? a[i] : std::string(); };
    if (c == "protover") return features();
    if (c == "new") {
      reset(game_);
      force_ = false;
      engine_side_ = SECOND;
      depth_ = 0;
      movetime_ms_ = 0;
      clock_given_ = false;
      engine_.new_game();
      return {};
    }
    if (c == "variant") {
      const std::string name = arg(1);
      GameId g;
      if (name == "chu")
        g = GameId::CHUSHOGI;
      else if (name == "xiangqi")
        g = GameId::XIANGQI;
      else if (name == "chuseireigi")
        g = GameId::CHUSEIREIGI;
      else
        return Error{"Error (unsupported variant): " + name};
      reset(g);
      if (g == GameId::CHUSEIREIGI) announce_setup();
      return {};
    }
    if (c == "force") {
      force_ = true;
      return {};
    }
    if (c == "go") {
      if (!no_position_.empty()) return Error{without_position(c)};
      force_ = false;
      engine_side_ = engine_.position().side_to_move();
      think();
      return {};
    }
    if (c == "playother") {
      force_ = false;
      engine_side_ = ~engine_.position().side_to_move();
      return {};
    }
    if (c == "white" || c == "black") return {};  // protocol 1 leftovers; colors=0
    if (c == "setboard") {
      const std::string fen = fen_from_xboard(game_, join(a, 1, a.size()));
      auto pos = parse_fen(variant_, fen, Setup::PROBLEM);  // analysis of a problem, too
      if (!pos) {
        no_position_ = "bad FEN: " + pos.error();
        return Error{"Error (" + no_position_ + "): setboard"};
      }
      start_fen_ = fen;
      moves_.clear();
      no_position_.clear();
      return rebuild();
    }
    if (c == "undo" || c == "remove") {
      size_t n = c == "undo" ? 1 : 2;
      if (moves_.size() < n) return Error{"Error (no move to take back): " + c};
      moves_.resize(moves_.size() - n);
      return rebuild();
    }
    if (c == "level") {
      // level MPS BASE INC: BASE in minutes or minutes:seconds (the clock comes with 'time').
      int64_t mps = 0, minutes = 0, seconds = 0;
      double inc = 0;
      const std::string base = arg(2);
      const size_t colon = base.find(':');
      if (a.size() != 4 || !read_integer(arg(1), mps, 0, 100000) ||
          !read_integer(base.substr(0, colon), minutes, 0, 100000) ||
          (colon != std::string::npos && !read_integer(base.substr(colon + 1), seconds, 0, 59)) ||
          !read_seconds(arg(3), inc))
        return Error{"Error (expected level MPS BASE INC, e.g. level 40 5 0 or level 0 2:30 1.5): level"};
      mps_ = int(mps);
      increment_ms_ = long(inc * 1000);
      return {};
    }
    if (c == "st") {
      double sec = 0;
      if (!read_seconds(arg(1), sec) || sec <= 0) return Error{"Error (expected seconds per move): st"};
      movetime_ms_ = std::max(1L, long(sec * 1000));
      return {};
    }
    if (c == "sd") {
      int64_t d = 0;
      if (!read_integer(arg(1), d, 1, MAX_PLY - 8))
        return Error{"Error (expected a depth from 1 to " + std::to_string(MAX_PLY - 8) + "): sd"};
      depth_ = int(d);
      return {};
    }
    if (c == "memory") {
      if (auto set = engine_.set_option("Hash", arg(1)); !set) return Error{"Error (" + set.error() + "): memory"};
      return {};
    }
    if (c == "cores") {  // XBoard's own name for the Threads option
      if (auto set = engine_.set_option("Threads", arg(1)); !set) return Error{"Error (" + set.error() + "): cores"};
      return {};
    }
    if (c == "option") return set_option(join(a, 1, a.size()));
    if (c == "analyze") {
      analyzing_ = true;
      return {};
    }
    if (c == "usermove") return user_move(arg(1));
    // Without usermove=1 a bare move may arrive; anything else is unknown.
    Position probe = engine_.position();
    if (parse_xboard_move(probe, c)) return user_move(c);
    return Error{"Error (unknown command): " + c};
  }

  Result<void> features() {
    out_.line("feature done=0");
    out_.line(
        "feature myname=\"Kirin\" variants=\"chu,xiangqi,chuseireigi\" setboard=1 usermove=1 ping=1 "
        "analyze=1 memory=1 smp=1 colors=0 sigint=0 sigterm=0 reuse=1 debug=1");
    // Hash and Threads are XBoard's own 'memory' and 'cores'; the others are engine-defined options.
    for (const EngineOption& o : Engine::options()) {
      if (o.name == "Hash" || o.name == "Threads") continue;
      std::string line = "feature option=\"" + o.name + " ";
      switch (o.type) {
        case EngineOption::Type::SPIN:
          line += "-spin " + o.default_value + " " + std::to_string(o.min) + " " + std::to_string(o.max);
          break;
        case EngineOption::Type::STRING:
          line += "-string " + o.default_value;
          break;
        case EngineOption::Type::CHECK:
          line += std::string("-check ") + (o.default_value == "true" ? "1" : "0");
          break;
        case EngineOption::Type::BUTTON:
          line += "-button";
          break;
        case EngineOption::Type::COMBO:  // "-combo *game /// true /// false": '*' marks the default
          line += "-combo";
          for (size_t i = 0; i < o.vars.size(); ++i)
            line += (i ? " /// " : " ") + std::string(o.vars[i] == o.default_value ? "*" : "") + o.vars[i];
          break;
      }
      out_.line(line + "\"");
    }
    out_.line("feature done=1");
    return {};
  }

  // 'option NAME=VALUE' (a button comes without '='); XBoard writes a check box as 0 or 1.
  Result<void> set_option(const std::string& text) {
    const size_t eq = text.find('=');
    const std::string name = text.substr(0, eq);
    std::string value = eq == std::string::npos ? "" : text.substr(eq + 1);
    for (const EngineOption& o : Engine::options())
      if (o.name == name && o.type == EngineOption::Type::CHECK && (value == "0" || value == "1"))
        value = value == "1" ? "true" : "false";
    if (auto set = engine_.set_option(name, value); !set) return Error{"Error (" + set.error() + "): option"};
    return {};
  }

  // Chu Seireigi is not built into XBoard: describe its board and pieces.
  void announce_setup() {
    const Variant& v = *variant_;
    std::string fen = variant_->start_fen();
    out_.line("setup (" + piece_letters(v) + ") 12x12+19_shogi " + fen);
    for (int k = 0; k < v.kind_count(); ++k) {
      const PieceKind& pk = v.kind(Kind(k));
      std::string betza;
      for (const MoveRule& r : pk.moves) betza += r.betza;
      out_.line("piece " + pk.token + " " + betza);
    }
  }

  static std::string piece_letters(const Variant& v) {
    std::string up, down;
    for (int k = 0; k < v.kind_count(); ++k) {
      const std::string& t = v.kind(Kind(k)).token;
      up += t;
      for (char ch : t) down += char(std::tolower(static_cast<unsigned char>(ch)));
    }
    return up + down;
  }

  Result<void> user_move(const std::string& text) {
    if (!no_position_.empty()) return Error{without_position("usermove")};
    Position pos = engine_.position();
    auto m = parse_xboard_move(pos, text);
    if (!m) return Error{"Illegal move (" + m.error() + "): " + text};
    const std::string native = move_to_text(engine_.position(), *m);
    moves_.push_back(native);
    engine_.play(native);
    if (!force_ && !analyzing_ && engine_.position().side_to_move() == engine_side_) think();
    return {};
  }

  SearchLimits limits() const {
    SearchLimits l;
    const Color us = engine_.position().side_to_move();
    if (movetime_ms_) l.movetime = movetime_ms_;
    if (depth_) l.depth = depth_;
    if (!movetime_ms_ && clock_given_) {
      l.clock_given = true;  // 'time 0' means move now, not 'no clock'
      l.time[us] = engine_cs_ * 10;
      l.time[~us] = opponent_cs_ * 10;
      l.inc[us] = l.inc[~us] = increment_ms_;
      if (mps_ > 0) {
        const int played = int(moves_.size() + (us == FIRST ? 0 : 1)) / 2;
        l.moves_to_go = mps_ - played % mps_;
      }
    }
    if (!l.movetime && !l.depth && !l.has_clock()) l.movetime = 5000;
    return l;
  }

  void think() {
    // XBoard shows a '#' line in its debug log only: said once a session and game.
    if (const std::string w = engine_.missing_net(); !w.empty() && net_warnings_.insert(w).second)
      out_.line("# kirin: " + w);
    auto root = std::make_shared<Position>(engine_.position());
    MoveList legal;
    generate_legal(*root, legal);
    if (legal.count == 0) {
      const bool first_lost = root->side_to_move() == FIRST;
      out_.line(std::string(first_lost ? "0-1" : "1-0") + " {" + (root->in_check() ? "checkmate" : "stalemate") + "}");
      return;
    }
    engine_.start(
        limits(), false, [this, root](const SearchInfo& i) { thinking(*root, i); },
        [this, root](const SearchResult& r) {
          std::lock_guard lock(mutex_);
          if (cancelled_) return;
          if (r.best.is_none()) {
            out_.line("resign");
            return;
          }
          pending_ = move_to_text(*root, r.best);
          out_.line("move " + move_to_xboard(*root, r.best));
        });
  }

  void analyze() {
    if (!no_position_.empty()) {
      out_.line(without_position("analyze"));
      return;
    }
    auto root = std::make_shared<Position>(engine_.position());
    SearchLimits l;
    l.infinite = true;
    engine_.start(l, false, [this, root](const SearchInfo& i) { thinking(*root, i); }, {});
  }

  void thinking(const Position& root, const SearchInfo& i) {
    if (!post_ && !analyzing_) return;
    int score = i.score;
    if (is_mate_score(score)) score = score > 0 ? 100000 + mate_moves(score) : -100000 + mate_moves(score);
    std::string pv;
    Position pos = root;
    for (Move m : i.pv) {
      pv += ' ';
      pv += move_to_xboard(pos, m);
      pos.do_move(m);
    }
    out_.line(std::to_string(i.depth) + " " + std::to_string(score) + " " + std::to_string(i.time_ms / 10) + " " +
              std::to_string(i.nodes) + pv);
  }

  Output out_;
  Engine engine_;
  std::mutex mutex_;
  std::string pending_;
  GameId game_ = GameId::CHUSHOGI;
  VariantPtr variant_;
  std::string start_fen_;
  std::vector<std::string> moves_;
  std::string no_position_;             // why the last setboard was refused; "" while there is a position
  std::set<std::string> net_warnings_;  // missing nets already told of
  bool force_ = false, post_ = false, clock_given_ = false;
  bool cancelled_ = false;  // under mutex_: the search ending now must not send its move
  std::atomic<bool> analyzing_{false};
  int engine_side_ = SECOND;
  int depth_ = 0, mps_ = 0;
  long movetime_ms_ = 0, increment_ms_ = 0, engine_cs_ = 0, opponent_cs_ = 0;
};

}  // namespace

int run_xboard(std::istream& in, std::ostream& out) {
  XboardSession session(out);
  return session.run(in);
}

}  // namespace kirin::protocol
