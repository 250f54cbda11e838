#include "server/store/clock_record.h"

#include <nlohmann/json.hpp>

namespace kirin::server {

using nlohmann::json;

std::string clock_to_text(const ClockSpec& spec, const ClockState& st) {
  if (!spec.timed()) return "";
  return json{{"initial_ms", spec.initial_ms},
              {"increment_ms", spec.increment_ms},
              {"byoyomi_ms", spec.byoyomi_ms},
              {"days_per_move", spec.days_per_move},
              {"left_ms", {st.left_ms[0], st.left_ms[1]}},
              {"running", st.running},
              {"since", st.since}}
      .dump();
}

bool clock_from_text(const std::string& text, ClockSpec& spec, ClockState& st) {
  spec = {};
  st = {};
  if (text.empty()) return true;
  json j = json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("left_ms") || !j["left_ms"].is_array() || j["left_ms"].size() != 2) return false;
  try {
    spec.initial_ms = j.value("initial_ms", int64_t(0));
    spec.increment_ms = j.value("increment_ms", int64_t(0));
    spec.byoyomi_ms = j.value("byoyomi_ms", int64_t(0));
    spec.days_per_move = j.value("days_per_move", 0);
    st.left_ms[0] = j["left_ms"][0].get<int64_t>();
    st.left_ms[1] = j["left_ms"][1].get<int64_t>();
    st.running = j.value("running", -1);
    st.since = j.value("since", int64_t(0));
  } catch (const json::exception&) {
    return false;
  }
  return st.running >= -1 && st.running <= 1;
}

}  // namespace kirin::server
