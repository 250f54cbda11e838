// The built web UI from one folder: files by URL path (nothing outside the folder, nothing
// hidden), the pages of the single-page UI as index.html, one byte range at most per request.
// A file with a fresh gzipped copy beside it (`name.gz`, made by the build) goes out compressed
// to a client that accepts gzip; every file has a validator (ETag), so a revalidation is a 304.
#pragma once
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/http/exchange.h"

namespace kirin::server::http {

class StaticFiles {
 public:
  explicit StaticFiles(std::string dir);
  // The answer for a GET or HEAD of `path`, or nullopt when there is no such file.
  std::optional<Response> serve(const Request& req, const std::string& path);
  // The UI's own 404 page for a path that is no page and no file: index.html with status 404
  // (the UI shows "Page not found"); nullopt without a built UI.
  std::optional<Response> not_found();

 private:
  struct File {
    std::filesystem::file_time_type mtime;
    std::shared_ptr<const std::string> bytes;
  };
  File read(const std::string& relative);  // cached by mtime; no bytes when there is no such file
  const std::string dir_;
  std::mutex mu_;
  std::unordered_map<std::string, File> cache_;
};

}  // namespace kirin::server::http
