// The headers every response of the server carries, so that a page of Kirin cannot be framed,
// sniffed into another type, or made to load scripts from elsewhere.
#pragma once
#include <boost/beast/http/message.hpp>

namespace kirin::server::http {

template <class Body>
void add_security_headers(boost::beast::http::response<Body>& res) {
  namespace h = boost::beast::http;
  res.set(h::field::server, "Kirin");
  res.set("X-Content-Type-Options", "nosniff");
  res.set("X-Frame-Options", "DENY");
  res.set("Referrer-Policy", "no-referrer");
  res.set("Cross-Origin-Opener-Policy", "same-origin");
  // The UI is one origin's scripts and styles; images may be data: URLs (piece sets). Kirin's
  // WebAssembly engine (/kirin-wasm/) needs 'wasm-unsafe-eval' to compile, which allows no eval().
  res.set("Content-Security-Policy",
          "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' "
          "data: blob:; "
          "connect-src 'self'; font-src 'self' data:; media-src 'self' data:; object-src 'none'; base-uri 'none'; "
          "form-action 'self'; frame-ancestors 'none'");
}

}  // namespace kirin::server::http
