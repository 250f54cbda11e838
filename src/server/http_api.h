// The HTTP front of the server: the JSON API, server-sent events and the built web UI.
#pragma once
#include <memory>
#include <string>

#include "server/game_service.h"

namespace httplib {
class Server;
}

namespace kirin::server {

class HttpServer {
 public:
  // `web_dir` holds the built UI (index.html and assets); may be missing.
  HttpServer(GameService& service, std::string web_dir);
  ~HttpServer();
  // Binds; port 0 picks a free one. Returns the port, or -1 with `error` set.
  int bind(const std::string& host, int port, std::string& error);
  void run();   // serves until stop()
  void stop();  // from any thread

 private:
  void add_api_routes();
  void add_ui_routes();
  GameService& service_;
  std::string web_dir_;
  std::unique_ptr<httplib::Server> svr_;
};

}  // namespace kirin::server
