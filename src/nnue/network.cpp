#include "nnue/network.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include "core/data_dirs.h"
#include "rules/variant.h"

namespace kirin::nnue {
namespace {

constexpr size_t GAME_NAME_BYTES = 16;
constexpr uint32_t MAX_DESCRIPTION = 4096;

// Reads little-endian values (the only byte order Kirin runs on) from a byte string.
class Reader {
 public:
  explicit Reader(std::string_view b) : b_(b) {}
  size_t left() const { return b_.size() - at_; }
  template <class T>
  bool get(T& out) {
    if (left() < sizeof(T)) return false;
    std::memcpy(&out, b_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return true;
  }
  template <class T>
  bool get(std::vector<T>& out) {
    if (left() < out.size() * sizeof(T)) return false;
    std::memcpy(out.data(), b_.data() + at_, out.size() * sizeof(T));
    at_ += out.size() * sizeof(T);
    return true;
  }
  std::string_view take(size_t n) {
    std::string_view s = b_.substr(at_, n);
    at_ += s.size();
    return s;
  }

 private:
  std::string_view b_;
  size_t at_ = 0;
};

template <class T>
void put(std::string& out, const T& v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}
template <class T>
void put(std::string& out, const std::vector<T>& v) {
  out.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

size_t weight_bytes(const Weights& w) {
  return (w.ft_bias.size() + w.ft_weight.size()) * 2 + (w.l1_bias.size() + w.l2_bias.size() + 1) * 4 +
         w.l1_weight.size() + w.l2_weight.size() + w.out_weight.size();
}

// The game name field as an error may quote it: a byte outside printable ASCII (a newline would
// split the one-line error) becomes '?'.
std::string printable(std::string name) {
  for (char& c : name)
    if (c < 0x20 || c > 0x7e) c = '?';
  return name;
}

}  // namespace

Weights Weights::zero(int features) {
  Weights w;
  w.ft_bias.assign(L1, 0);
  w.ft_weight.assign(size_t(features) * L1, 0);
  w.l1_bias.assign(L2, 0);
  w.l1_weight.assign(size_t(L2) * 2 * L1, 0);
  w.l2_bias.assign(L3, 0);
  w.l2_weight.assign(size_t(L3) * L2, 0);
  w.out_weight.assign(L3, 0);
  return w;
}

uint32_t fnv1a(std::string_view bytes) {
  uint32_t h = 2166136261u;
  for (char c : bytes) h = (h ^ uint8_t(c)) * 16777619u;
  return h;
}

uint32_t architecture_hash(FeatureSetId fs, int features) {
  std::ostringstream text;
  text << "kirin-nnue features=" << uint32_t(fs) << " ft=" << features << "x" << L1 << " dense=" << 2 * L1 << "x" << L2
       << "," << L2 << "x" << L3 << "," << L3 << "x1";
  return fnv1a(text.str());
}

Network::Network(const Variant& v, Weights w, uint32_t output_scale, std::string description, uint32_t ft_shift)
    : game_(v.game()),
      features_(v),
      w_(std::move(w)),
      output_scale_(output_scale),
      description_(std::move(description)),
      ft_shift_(ft_shift) {
  file_hash_ = fnv1a(to_bytes());
}

std::string Network::to_bytes() const {
  std::string out(NET_MAGIC, sizeof NET_MAGIC);
  put(out, ft_shift_ ? NET_VERSION : uint32_t(1));
  std::string name = game_name(game_);
  name.resize(GAME_NAME_BYTES, '\0');
  out += name;
  put(out, uint32_t(features_.id()));
  put(out, uint32_t(features_.dimension()));
  for (uint32_t n : {uint32_t(L1), uint32_t(L2), uint32_t(L3)}) put(out, n);
  put(out, output_scale_);
  put(out, hash());
  put(out, uint32_t(description_.size()));
  if (ft_shift_) put(out, ft_shift_);
  out += description_;
  put(out, w_.ft_bias);
  put(out, w_.ft_weight);
  put(out, w_.l1_bias);
  put(out, w_.l1_weight);
  put(out, w_.l2_bias);
  put(out, w_.l2_weight);
  put(out, w_.out_bias);
  put(out, w_.out_weight);
  return out;
}

Result<std::shared_ptr<const Network>> Network::parse(std::string_view bytes, const Variant& v) {
  Reader r(bytes);
  auto fail = [](std::string why) { return Error{std::move(why)}; };
  if (r.left() < sizeof NET_MAGIC || std::memcmp(bytes.data(), NET_MAGIC, sizeof NET_MAGIC) != 0)
    return fail("bad magic (not a Kirin net)");
  r.take(sizeof NET_MAGIC);
  uint32_t version = 0, fs = 0, features = 0, l1 = 0, l2 = 0, l3 = 0, scale = 0, hash = 0, desc = 0, shift = 0;
  if (!r.get(version)) return fail("truncated header");
  if (version < 1 || version > NET_VERSION)
    return fail("format version " + std::to_string(version) + ", this Kirin reads 1 to " + std::to_string(NET_VERSION));
  std::string game(r.take(GAME_NAME_BYTES));
  game = printable(game.substr(0, game.find('\0')));
  if (!r.get(fs) || !r.get(features) || !r.get(l1) || !r.get(l2) || !r.get(l3) || !r.get(scale) || !r.get(hash) ||
      !r.get(desc))
    return fail("truncated header");
  const std::string want = game_name(v.game());
  if (game != want) return fail("a net for " + (game.empty() ? std::string("no game") : game) + ", not " + want);
  const FeatureSet expected(v);
  if (fs != uint32_t(expected.id()) || features != uint32_t(expected.dimension()))
    return fail("feature set " + std::to_string(fs) + " with " + std::to_string(features) + " features, " + want +
                " needs " + std::to_string(uint32_t(expected.id())) + " with " + std::to_string(expected.dimension()));
  if (l1 != L1 || l2 != L2 || l3 != L3)
    return fail("layers " + std::to_string(l1) + "x" + std::to_string(l2) + "x" + std::to_string(l3) +
                ", this Kirin's are " + std::to_string(L1) + "x" + std::to_string(L2) + "x" + std::to_string(L3));
  if (hash != architecture_hash(expected.id(), expected.dimension())) return fail("architecture hash mismatch");
  if (scale == 0 || scale > 100000) return fail("output scale " + std::to_string(scale) + " out of range 1-100000");
  if (version >= 2) {
    if (!r.get(shift)) return fail("truncated header");
    if (shift > MAX_FT_SHIFT)
      return fail("transformer shift " + std::to_string(shift) + " out of range 0-" + std::to_string(MAX_FT_SHIFT));
  }
  if (desc > MAX_DESCRIPTION || r.left() < desc) return fail("truncated description");
  std::string description(r.take(desc));
  Weights w = Weights::zero(int(features));
  const size_t need = weight_bytes(w);
  if (r.left() < need)
    return fail("truncated weights (" + std::to_string(r.left()) + " bytes of " + std::to_string(need) + ")");
  r.get(w.ft_bias);
  r.get(w.ft_weight);
  r.get(w.l1_bias);
  r.get(w.l1_weight);
  r.get(w.l2_bias);
  r.get(w.l2_weight);
  r.get(w.out_bias);
  r.get(w.out_weight);
  if (r.left()) return fail(std::to_string(r.left()) + " bytes after the weights");
  return std::shared_ptr<const Network>(
      std::make_shared<Network>(v, std::move(w), scale, std::move(description), shift));
}

Result<std::shared_ptr<const Network>> Network::load(const std::string& path, const Variant& v) {
  // One read of the whole file: streaming its buffer (`out << in.rdbuf()`) goes byte by byte,
  // which in WebAssembly took a fifth of a bench (a net is loaded when the game changes).
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return Error{"net file " + path + ": cannot read it"};
  const std::streamoff size = in.tellg();
  std::string bytes(size > 0 ? size_t(size) : 0, '\0');
  in.seekg(0);
  if (size < 0 || !in.read(bytes.data(), std::streamsize(bytes.size())))
    return Error{"net file " + path + ": cannot read it"};
  auto net = parse(bytes, v);
  if (!net) return Error{"net file " + path + ": " + net.error()};
  return net;
}

Result<std::string> Network::game_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"net file " + path + ": cannot read it"};
  char head[sizeof NET_MAGIC + 4 + GAME_NAME_BYTES] = {};
  in.read(head, sizeof head);
  if (in.gcount() < std::streamsize(sizeof NET_MAGIC) || std::memcmp(head, NET_MAGIC, sizeof NET_MAGIC) != 0)
    return Error{"net file " + path + ": bad magic (not a Kirin net)"};
  if (in.gcount() < std::streamsize(sizeof head)) return Error{"net file " + path + ": truncated header"};
  std::string game(head + sizeof NET_MAGIC + 4, GAME_NAME_BYTES);
  return printable(game.substr(0, game.find('\0')));
}

Value Network::evaluate(const int16_t* own, const int16_t* other, Simd simd) const {
  alignas(32) uint8_t input[2 * L1];
  activate(simd, own, ft_shift_, input, L1);
  activate(simd, other, ft_shift_, input + L1, L1);
  alignas(32) int32_t sum1[L2], sum2[L3];
  alignas(32) uint8_t hidden1[L2], hidden2[L3];
  dense(simd, input, w_.l1_weight.data(), w_.l1_bias.data(), sum1, 2 * L1, L2);
  activate(simd, sum1, WEIGHT_SHIFT, hidden1, L2);
  dense(simd, hidden1, w_.l2_weight.data(), w_.l2_bias.data(), sum2, L2, L3);
  activate(simd, sum2, WEIGHT_SHIFT, hidden2, L3);
  int32_t out = 0;
  dense(simd, hidden2, w_.out_weight.data(), &w_.out_bias, &out, L3, 1);
  const int64_t cp = int64_t(out) * output_scale_ / OUTPUT_DIVISOR;
  return Value(std::clamp<int64_t>(cp, -VALUE_MATE_IN_MAX + 1, VALUE_MATE_IN_MAX - 1));
}

std::string default_net_path(const std::string& game) { return data::net_file(game); }

std::string missing_net_warning(const std::string& game) {
  if (data::nets_overridden() || !data::net_file(game).empty()) return "";
  std::string where;
  for (const std::string& d : data::net_dirs()) where += (where.empty() ? "" : ", ") + d;
  return "no net for " + game + " (" + game + ".nnue) in " + (where.empty() ? "no folder" : where) +
         ": it plays with the hand-made evaluation, which is weaker; KIRIN_NETS names another folder";
}

void warn_once_without_net(const std::string& game) {
  static std::mutex mutex;
  static std::set<std::string> told;
  std::lock_guard lock(mutex);
  if (!told.insert(game).second) return;
  if (const std::string w = missing_net_warning(game); !w.empty()) std::fprintf(stderr, "kirin: %s\n", w.c_str());
}

}  // namespace kirin::nnue
