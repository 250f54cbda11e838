// The USI / UCI / UCCI session: commands in, replies out, searches in the Engine's thread.
#include "protocol/uci_like.h"

#include <algorithm>
#include <istream>
#include <set>

#include "notation/move_text.h"
#include "protocol/session.h"
#include "rules/movegen.h"
#include "search/engine.h"

namespace kirin::protocol {
namespace {

class UciSession : public LineSession {
 public:
  UciSession(const Dialect& d, std::ostream& out) : d_(d), out_(out), variant_(load(d.variants[0])) {
    engine_.set_position(variant_, "", {});
  }

  void set_yield(std::function<void(bool waiting)> yield) {
    single_thread_ = bool(yield);
    engine_.set_yield(std::move(yield));
  }

  int run(std::istream& in) {
    untie_input(in);
    for (std::string text; std::getline(in, text);)
      if (!feed(text)) return 0;
    close();
    return 0;
  }

  bool feed(std::string_view text) override {
    if (quit_) return false;
    auto args = tokens(text);
    if (args.empty()) return true;
    if (waits(text)) {  // a host with one thread should have kept it for after the search
      out_.line("info string error: '" + clip(args[0]) + "' during a search: send it after bestmove");
      return true;
    }
    if (args[0] == "quit") {  // "as soon as possible": a search still sends its bestmove
      engine_.stop();
      quit_ = true;
      // With one thread, a quit from inside the search closes when that search has returned.
      if (!single_thread_ || !engine_.searching()) close();
      return false;
    }
    if (auto done = command(args); !done) out_.line("info string error: " + clip(done.error()));
    if (single_thread_ && quit_ && !engine_.searching()) close();
    return !quit_;
  }

  // A threaded session waits for a finite search to end before a command that changes the
  // engine; with one thread the host keeps that line (and those behind it) until then.
  bool waits(std::string_view text) const override {
    if (!single_thread_ || !engine_.searching() || infinite_) return false;
    auto args = tokens(text);
    return !args.empty() && changes_engine(args[0]);
  }

 private:
  // At the end of input a finite search may finish; an endless one is stopped.
  void close() {
    if (infinite_) engine_.stop();
    engine_.wait();
    if (ucci_) out_.line("bye");
  }

  bool changes_engine(const std::string& c) const {
    return c == "setoption" || c == d_.new_game || c == "position" || c == "go" || c == "banmoves";
  }

  // A variant name of the dialect's list: a game and the rule option it means.
  static VariantPtr load(const VariantName& v) {
    return *make_variant(v.game, v.option.empty() ? std::vector<std::string>{} : std::vector{v.option});
  }

  Result<void> command(const std::vector<std::string>& a) {
    const std::string& c = a[0];
    if (c == d_.name || (c == "ucci" && std::string(d_.name) == "uci")) return handshake(c == "ucci");
    if (c == "isready") {
      out_.line("readyok");
      return {};
    }
    if (c == "stop") {
      engine_.stop();
      infinite_ = false;  // the search is ending: the next command waits for its bestmove
      return {};
    }
    if (c == "ponderhit") {
      infinite_ = unbounded_;  // the clock now ends the search
      engine_.ponderhit();
      return {};
    }
    if (c == "gameover") {
      engine_.stop();
      return {};
    }
    // Everything below changes the engine: not while it thinks.
    if (!changes_engine(c)) return Error{"unknown command '" + c + "'"};
    // A finite search is waited for (scripts pipe commands); an endless one must be stopped
    // (that includes a "go" with no limit at all, and pondering).
    if (engine_.searching() && infinite_) return Error{"'" + c + "' during an infinite search: send stop first"};
    engine_.wait();
    if (c == "setoption") return set_option(a);
    if (c == d_.new_game) {
      engine_.new_game();
      return {};
    }
    if (c == "position") return position(a);
    if (c == "banmoves") return ban(a);
    return go(a);
  }

  Result<void> handshake(bool ucci) {
    ucci_ = ucci;
    out_.line("id name Kirin");
    out_.line("id author the Kirin developers");
    std::string combo = "option name " + std::string(d_.variant_option) + " type combo default " + d_.variants[0].name;
    for (const auto& v : d_.variants) combo += " var " + v.name;
    out_.line(combo);
    for (const EngineOption& o : Engine::options()) {
      std::string line = "option name " + o.name + " type ";
      switch (o.type) {
        case EngineOption::Type::SPIN:
          line += "spin default " + o.default_value + " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
          break;
        case EngineOption::Type::STRING:
          line += "string default <empty>";
          break;
        case EngineOption::Type::CHECK:
          line += "check default " + o.default_value;
          break;
        case EngineOption::Type::BUTTON:
          line += "button";
          break;
        case EngineOption::Type::COMBO:
          line += "combo default " + o.default_value;
          for (const std::string& v : o.vars) line += " var " + v;
          break;
      }
      out_.line(line);
    }
    if (ucci) out_.line("option usemillisec type check default false");
    out_.line(ucci ? "ucciok" : d_.ok);
    return {};
  }

  Result<void> set_option(const std::vector<std::string>& a) {
    std::string name, value;
    size_t i = 1;
    if (ucci_ && a.size() > 1 && a[1] != "name") return ucci_option(a);
    if (i >= a.size() || a[i] != "name") return Error{"setoption: expected 'name'"};
    const size_t name_at = ++i;
    while (i < a.size() && a[i] != "value") ++i;
    name = join(a, name_at, i);
    value = join(a, i + 1, a.size());
    if (value == "<empty>") value.clear();
    if (name == d_.variant_option) {
      auto v =
          std::find_if(d_.variants.begin(), d_.variants.end(), [&](const VariantName& n) { return n.name == value; });
      if (v == d_.variants.end()) return Error{"unknown variant '" + value + "'"};
      variant_ = load(*v);
      banned_.clear();
      no_position_.clear();
      return engine_.set_position(variant_, "", {});
    }
    if (name == "USI_Ponder" || name == "Ponder" || name.rfind("UCI_", 0) == 0) return {};
    return engine_.set_option(name, value);
  }

  // UCCI writes "setoption <option> <value>". Its own options that do not apply are accepted
  // and ignored, as UCCI asks; Kirin's options work by their names.
  Result<void> ucci_option(const std::vector<std::string>& a) {
    const std::string& name = a[1];
    const std::string value = join(a, 2, a.size());
    if (name == "usemillisec") {
      if (value != "true" && value != "false")
        return Error{"setoption usemillisec: expected true or false, got '" + value + "'"};
      use_millisec_ = value == "true";
      return {};
    }
    if (name == "hashsize") return engine_.set_option("Hash", value);
    if (name == "newgame") {
      engine_.new_game();
      return {};
    }
    for (const char* ignored : {"batch", "debug", "ponder", "usebook", "useegtb", "bookfiles", "egtbpaths", "evalapi",
                                "threads", "idle", "promotion", "pruning", "knowledge", "randomness", "style",
                                "drawmoves", "repetition", "loadbook", "dualtime"})
      if (name == ignored) return {};
    return engine_.set_option(name, value);
  }

  Result<void> position(const std::vector<std::string>& a) {
    std::string fen;
    std::vector<std::string> moves;
    Result<void> done = split_position(a, fen, moves);
    if (done) done = engine_.set_position(variant_, fen, moves);
    banned_.clear();
    // A refused position leaves none: a search of the one before would answer with a move for
    // another position, perhaps for the other side.
    no_position_ = error_of(done);
    return done;
  }

  // After a refused position, a search has nothing to search: an error and no move.
  bool answer_without_position(bool tsume) {
    if (no_position_.empty()) return false;
    out_.line("info string error: go: no position (the last position command was refused: " + clip(no_position_) + ")");
    out_.line(tsume ? "checkmate nomate" : ucci_ ? "nobestmove" : "bestmove (none)");
    return true;
  }

  Result<void> ban(const std::vector<std::string>& a) {
    if (!no_position_.empty()) return Error{"banmoves: no position (the last position command was refused)"};
    Position pos = engine_.position();
    std::vector<Move> list;
    for (size_t i = 1; i < a.size(); ++i) {
      auto m = parse_move(pos, a[i]);
      if (!m) return Error{"banmoves: " + m.error()};
      list.push_back(*m);
    }
    banned_ = list;
    return {};
  }

  Result<void> go(std::vector<std::string> a) {
    if (d_.tsume && std::find(a.begin(), a.end(), "mate") != a.end())
      return answer_without_position(true) ? Result<void>() : go_mate(a);
    Position pos = engine_.position();
    const bool first = pos.side_to_move() == FIRST;
    if (ucci_) {  // UCCI names clocks by "own" and "opponent's"
      for (auto& t : a) {
        if (t == "time")
          t = first ? d_.first_time : d_.second_time;
        else if (t == "increment")
          t = first ? d_.first_inc : d_.second_inc;
        else if (t == "opptime")
          t = first ? d_.second_time : d_.first_time;
        else if (t == "oppincrement")
          t = first ? d_.second_inc : d_.first_inc;
      }
      a.erase(std::remove(a.begin(), a.end(), "draw"), a.end());
    }
    SearchLimits limits;
    bool ponder = false;
    if (auto parsed = parse_go(a, 1, d_.first_time, d_.first_inc, d_.second_time, d_.second_inc, pos, limits, ponder);
        !parsed)
      return Error{"go: " + parsed.error()};
    if (answer_without_position(false)) return {};
    if (ucci_ && !use_millisec_)  // UCCI clocks are in seconds unless the GUI set usemillisec
      for (int64_t* t : {&limits.time[0], &limits.time[1], &limits.inc[0], &limits.inc[1]}) *t *= 1000;
    if (!banned_.empty() && limits.search_moves.empty()) {
      MoveList legal;
      generate_legal(pos, legal);
      for (Move m : legal)
        if (std::find(banned_.begin(), banned_.end(), m) == banned_.end()) limits.search_moves.push_back(m);
      if (limits.search_moves.empty() && legal.count > 0) {  // every legal move is banned
        bestmove(pos, SearchResult{});
        return {};
      }
    }
    // A GUI shows the engine's stderr seldom: say it here too, once a session and game.
    if (const std::string w = engine_.missing_net(); !w.empty() && net_warnings_.insert(w).second)
      out_.line("info string " + w);
    unbounded_ = !limits.bounded();
    infinite_ = unbounded_ || ponder;
    auto root = std::make_shared<Position>(pos);
    engine_.start(
        limits, ponder, [this, root](const SearchInfo& i) { info(*root, i); },
        [this, root](const SearchResult& r) { bestmove(*root, r); });
    return {};
  }

  // USI "go mate <ms>|infinite": a tsume search (every move a check), answered with
  // "checkmate <moves>", "checkmate nomate" or "checkmate timeout" (also after stop).
  Result<void> go_mate(const std::vector<std::string>& a) {
    if (a.size() != 3 || a[1] != "mate") return Error{"go mate: expected 'go mate <ms>' or 'go mate infinite'"};
    MateLimits limits;
    if (a[2] != "infinite") {
      int64_t ms = 0;
      if (!read_integer(a[2], ms, 1, int64_t(1) << 40))
        return Error{"go mate: expected a time in ms or 'infinite', got '" + a[2] + "'"};
      limits.movetime = ms;
    }
    unbounded_ = a[2] == "infinite";
    infinite_ = unbounded_;
    auto root = std::make_shared<Position>(engine_.position());
    auto progress = [this](const MateProgress& p) {
      out_.line("info nodes " + std::to_string(p.nodes) + " time " + std::to_string(p.time_ms) + " hashfull " +
                std::to_string(p.hashfull) + " string pn " + proof_number_text(p.pn) + " dn " +
                proof_number_text(p.dn));
    };
    engine_.start_mate(limits, progress, [this, root](const MateResult& r) {
      infinite_ = false;
      if (r.status == MateStatus::MATE)
        out_.line("checkmate " + pv_text(*root, r.line));
      else
        out_.line(r.status == MateStatus::NO_MATE ? "checkmate nomate" : "checkmate timeout");
    });
    return {};
  }

  void info(const Position& root, const SearchInfo& i) {
    std::string score;
    if (is_mate_score(i.score)) {
      const int plies = i.score > 0 ? VALUE_MATE - i.score : -(VALUE_MATE + i.score);
      score = "mate " + std::to_string(d_.mate_in_plies ? plies : mate_moves(i.score));
    } else {
      score = "cp " + std::to_string(i.score);
    }
    out_.line("info depth " + std::to_string(i.depth) + " seldepth " + std::to_string(i.seldepth) + " multipv " +
              std::to_string(i.multipv) + " score " + score + " nodes " + std::to_string(i.nodes) + " nps " +
              std::to_string(i.nps) + " hashfull " + std::to_string(i.hashfull) + " time " + std::to_string(i.time_ms) +
              " pv " + pv_text(root, i.pv));
  }

  void bestmove(const Position& root, const SearchResult& r) {
    infinite_ = false;
    if (r.best.is_none()) {
      out_.line(ucci_ ? "nobestmove" : std::string("bestmove ") + d_.no_move);
      return;
    }
    std::string line = "bestmove " + move_to_text(root, r.best);
    if (!r.ponder.is_none()) {
      Position next = root;
      next.do_move(r.best);
      line += " ponder " + move_to_text(next, r.ponder);
    }
    out_.line(line);
  }

  const Dialect& d_;
  Output out_;
  Engine engine_;
  VariantPtr variant_;
  std::vector<Move> banned_;
  std::string no_position_;             // why the last position command was refused; "" while there is one
  std::set<std::string> net_warnings_;  // missing nets already told of
  bool ucci_ = false, use_millisec_ = false;
  bool single_thread_ = false;
  bool quit_ = false;
  std::atomic<bool> infinite_{false};  // commands that change the engine must wait for stop
  bool unbounded_ = false;             // the last go had no limit (infinite_ again after ponderhit)
};

}  // namespace

int run_uci_like(const Dialect& d, std::istream& in, std::ostream& out) {
  UciSession session(d, out);
  return session.run(in);
}

std::unique_ptr<LineSession> uci_like_session(const Dialect& d, std::ostream& out,
                                              std::function<void(bool waiting)> yield) {
  auto session = std::make_unique<UciSession>(d, out);
  session->set_yield(std::move(yield));
  return session;
}

}  // namespace kirin::protocol
