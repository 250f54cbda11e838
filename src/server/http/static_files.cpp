#include "server/http/static_files.h"

#include <charconv>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace kirin::server::http {

namespace {

const char* content_type(const std::string& path) {
  static const std::pair<const char*, const char*> TYPES[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".json", "application/json"},
      {".woff2", "font/woff2"},
      {".ico", "image/x-icon"},
      {".ogg", "audio/ogg"},
      {".mp3", "audio/mpeg"},
      {".wav", "audio/wav"},
      {".pdf", "application/pdf"},
      {".txt", "text/plain; charset=utf-8"},
      {".wasm", "application/wasm"},
  };
  for (auto [ext, type] : TYPES)
    if (path.ends_with(ext)) return type;
  return "application/octet-stream";
}

// A URL path that names a file under the folder: plain segments only, no "..", no hidden
// files, nothing percent-encoded (the UI's own files need none).
bool safe_path(const std::string& p) {
  if (p.empty() || p.front() != '/' || p.find_first_of("%\\") != std::string::npos) return false;
  size_t i = 1;
  while (i <= p.size()) {
    size_t j = p.find('/', i);
    if (j == std::string::npos) j = p.size();
    std::string_view seg(p.data() + i, j - i);
    if (seg.empty() || seg.front() == '.') return false;
    i = j + 1;
  }
  return true;
}

bool spa_page(const std::string& p) {
  if (p == "/" || p == "/editor" || p == "/analysis" || p == "/print" || p == "/puzzles" || p == "/learn" ||
      p == "/players" || p == "/tournaments")
    return true;
  // A player's page (/@/NAME), by an account's name: letters, digits, '_' and '-'.
  if (p.starts_with("/@/") && p.size() > 3)
    return p.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-", 3) ==
           std::string::npos;
  // A game (/g/ID), a problem (/p/ID), a game's puzzles (/puzzles/chushogi), its pieces and rules
  // (/learn/chushogi), a tournament (/t/ID).
  for (std::string_view prefix : {"/g/", "/p/", "/puzzles/", "/learn/", "/t/"})
    if (p.starts_with(prefix) && p.size() > prefix.size())
      return p.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyz", prefix.size()) == std::string::npos;
  return false;
}

// One range "bytes=a-b", "bytes=a-" or "bytes=-n" within `size`. nullopt: serve the whole file
// (no header, a malformed one, or several ranges, which a file server may ignore).
struct Range {
  size_t first, last;
  bool satisfiable;
};
std::optional<Range> parse_range(std::string_view h, size_t size) {
  if (!h.starts_with("bytes=") || h.find(',') != std::string_view::npos) return std::nullopt;
  h.remove_prefix(6);
  size_t dash = h.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  auto number = [](std::string_view s, size_t& out) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc() && p == s.data() + s.size();
  };
  size_t a = 0, b = 0;
  std::string_view left = h.substr(0, dash), right = h.substr(dash + 1);
  if (left.empty()) {
    if (!number(right, b)) return std::nullopt;
    if (b == 0 || size == 0) return Range{0, 0, false};
    return Range{b >= size ? 0 : size - b, size - 1, true};
  }
  if (!number(left, a)) return std::nullopt;
  if (right.empty())
    b = size ? size - 1 : 0;
  else if (!number(right, b) || b < a)
    return std::nullopt;
  if (a >= size) return Range{0, 0, false};
  return Range{a, std::min(b, size - 1), true};
}

// Whether an Accept-Encoding value takes gzip (not refused with q=0).
bool accepts_gzip(std::string_view h) {
  for (const auto& [coding, params] : beast_http::ext_list(h)) {
    if (!boost::beast::iequals(coding, "gzip") && coding != "*") continue;
    for (const auto& [name, value] : params)
      if (boost::beast::iequals(name, "q")) return value.find_first_not_of("0.") != std::string_view::npos;
    return true;
  }
  return false;
}

}  // namespace

StaticFiles::StaticFiles(std::string dir) : dir_(std::move(dir)) {}

StaticFiles::File StaticFiles::read(const std::string& relative) {
  std::error_code ec;
  const std::filesystem::path full = std::filesystem::path(dir_) / relative;
  if (!std::filesystem::is_regular_file(full, ec)) return {};
  auto mtime = std::filesystem::last_write_time(full, ec);
  if (ec) return {};
  std::lock_guard lock(mu_);
  if (auto it = cache_.find(relative); it != cache_.end() && it->second.mtime == mtime) return it->second;
  std::ifstream in(full, std::ios::binary);
  if (!in) return {};
  std::ostringstream s;
  s << in.rdbuf();
  File file{mtime, std::make_shared<const std::string>(s.str())};
  cache_[relative] = file;
  return file;
}

std::optional<Response> StaticFiles::serve(const Request& req, const std::string& path) {
  if (dir_.empty()) return std::nullopt;
  const bool page = spa_page(path);
  if (!page && !safe_path(path)) return std::nullopt;
  const std::string relative = page ? "index.html" : path.substr(1);
  File file = read(relative);
  if (!file.bytes) return std::nullopt;
  // A gzipped copy older than its file is stale: the plain file then.
  File gz = read(relative + ".gz");
  const bool has_gz = gz.bytes && gz.mtime >= file.mtime;
  const bool send_gz =
      has_gz && req[beast_http::field::range].empty() && accepts_gzip(req[beast_http::field::accept_encoding]);
  if (send_gz) file = gz;
  Response res{beast_http::status::ok, 11};
  res.set(beast_http::field::content_type, content_type(relative));
  res.set(beast_http::field::accept_ranges, "bytes");
  if (has_gz) res.set(beast_http::field::vary, "Accept-Encoding");
  if (send_gz) res.set(beast_http::field::content_encoding, "gzip");
  char etag[64];
  std::snprintf(etag, sizeof etag, "\"%zx-%llx%s\"", file.bytes->size(),
                (unsigned long long)file.mtime.time_since_epoch().count(), send_gz ? "-gz" : "");
  res.set(beast_http::field::etag, etag);
  // Vite names each asset by its content: it never changes under the same name.
  res.set(beast_http::field::cache_control,
          path.starts_with("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
  if (req[beast_http::field::if_none_match] == etag) {
    res.result(beast_http::status::not_modified);
    return res;
  }
  const auto& bytes = file.bytes;
  const size_t size = bytes->size();
  auto range = parse_range(req[beast_http::field::range], size);
  if (range && !range->satisfiable) {
    res.result(beast_http::status::range_not_satisfiable);
    res.set(beast_http::field::content_range, "bytes */" + std::to_string(size));
    return res;
  }
  if (range) {
    res.result(beast_http::status::partial_content);
    res.set(beast_http::field::content_range,
            "bytes " + std::to_string(range->first) + "-" + std::to_string(range->last) + "/" + std::to_string(size));
    res.body() = bytes->substr(range->first, range->last - range->first + 1);
  } else {
    res.body() = *bytes;
  }
  return res;
}

std::optional<Response> StaticFiles::not_found() {
  if (dir_.empty()) return std::nullopt;
  File file = read("index.html");
  if (!file.bytes) return std::nullopt;
  Response res{beast_http::status::not_found, 11};
  res.set(beast_http::field::content_type, content_type("index.html"));
  res.set(beast_http::field::cache_control, "no-cache");
  res.body() = *file.bytes;
  return res;
}

}  // namespace kirin::server::http
