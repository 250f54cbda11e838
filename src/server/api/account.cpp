// /api/account: sign up, log in and out, who am I, change the password, close the account; the
// session cookie they set and clear; and the lookup of the account a request's cookie logs in,
// which any route may make (account_of, caller_of).
#include "server/api/api.h"
#include "server/api/request.h"
#include "server/api/responses.h"
#include "server/security/account_rules.h"
#include "server/security/origin.h"

namespace kirin::server {

using nlohmann::json;
namespace bh = boost::beast::http;

namespace {

constexpr const char* SESSION_COOKIE = "kirin_session";

// Whether the browser reached the site over TLS: said by a trusted proxy (the transport drops the
// header from anyone else).
bool over_tls(const http::Request& req) {
  auto proto = req.find("X-Forwarded-Proto");
  return proto != req.end() && proto->value().substr(0, proto->value().find(',')) == "https";
}

// The session cookie: HttpOnly (no script reads it), SameSite=Lax (no other site's form or
// script sends it along with a POST), the whole site's, Secure over TLS; `id` "" clears it.
std::string session_cookie(bool tls, const std::string& id, int64_t max_age_s) {
  std::string c = std::string(SESSION_COOKIE) + "=" + id +
                  "; Path=/; HttpOnly; SameSite=Lax; Max-Age=" + std::to_string(id.empty() ? 0 : max_age_s);
  if (tls) c += "; Secure";
  return c;
}

// A reply that opens a session sets its cookie; "" for a refusal.
http::Response with_session(Signed s, bool tls, int64_t max_age_s) {
  if (!s.reply.refused()) s.reply.body = {{"account", s.reply.body}};
  http::Response res = json_response(s.reply);
  if (!s.session.empty()) res.set(bh::field::set_cookie, session_cookie(tls, s.session, max_age_s));
  return res;
}

}  // namespace

bool Api::has_session_cookie(const http::Request& req) { return !cookie_of(req, SESSION_COOKIE).empty(); }
std::string Api::session_cookie_value(const http::Request& req) { return cookie_of(req, SESSION_COOKIE); }

std::string Api::site_of(const http::Request& req) {
  auto forwarded = req.find("X-Forwarded-Host");
  return site_origin(forwarded != req.end() ? forwarded->value() : req[bh::field::host], over_tls(req));
}

bool Api::same_origin(const http::Request& req) {
  return from_site(req[bh::field::origin], req[bh::field::referer], site_of(req));
}

Result<std::vector<std::string>> Api::share_keys(const std::string& client, const std::string& session) {
  std::vector<std::string> keys{client};
  if (session.empty()) return keys;
  auto a = env_.accounts().session(session);
  if (!a) return Error{a.error()};
  if (*a) keys.push_back("account " + std::to_string((*a)->id));
  return keys;
}

Result<std::optional<Account>> Api::account_of(const http::Request& req) {
  const std::string id = cookie_of(req, SESSION_COOKIE);
  if (id.empty()) return std::optional<Account>{};
  return env_.accounts().session(id);
}

Result<Caller> Api::caller_of(const http::Request& req, const json& body) {
  Caller who{token_of(req, body), 0, ""};
  auto a = account_of(req);
  if (!a) return Error{a.error()};
  if (*a) {
    who.account = (*a)->id;
    who.name = (*a)->name;
  }
  return who;
}

std::optional<http::Response> Api::account_request(Call& c, AccountRequest& request) {
  // A login from another site's page (login CSRF) would sign the visitor into someone else's
  // account: a browser's request says where it comes from, and it must be here. A client that
  // is no browser sends neither header.
  const http::Request& req = c.req;
  if (c.post() && (req.count(bh::field::origin) || req.count(bh::field::referer)) && !same_origin(req))
    return refusal_response(Refusal::CROSS_ORIGIN, {{"site", site_of(req)}});
  auto parsed = parse_account_request(c.body);
  if (!parsed) return error_response(400, parsed.error());
  request = std::move(*parsed);
  return std::nullopt;
}

std::optional<http::Response> Api::logged_in(Call& c, AccountRequest& request, Account& account) {
  if (auto refused = account_request(c, request)) return refused;
  auto a = account_of(c.req);
  if (!a) return json_response(env_.accounts().failed("reading a session", a.error()));
  if (!*a) return refusal_response(Refusal::LOG_IN_FIRST);
  account = std::move(**a);
  return std::nullopt;
}

http::RouteResult Api::account_me(Call& c) {
  AccountRequest request;
  if (auto refused = account_request(c, request)) return std::move(*refused);
  auto a = account_of(c.req);
  if (!a) return json_response(env_.accounts().failed("reading a session", a.error()));
  return json_response({Reply::DONE, {{"account", *a ? Accounts::to_json(**a) : json(nullptr)}}});
}

http::RouteResult Api::logout(Call& c) {
  AccountRequest request;
  if (auto refused = account_request(c, request)) return std::move(*refused);
  http::Response res = json_response(env_.accounts().logout(cookie_of(c.req, SESSION_COOKIE)));
  res.set(bh::field::set_cookie, session_cookie(over_tls(c.req), "", 0));
  return res;
}

// An Argon2id hash takes tens of milliseconds and 64 MiB: each runs on the workers, whose share
// per address keeps one visitor's guesses from holding the I/O threads.
http::RouteResult Api::signup(Call& c) {
  AccountRequest r;
  if (auto refused = account_request(c, r)) return std::move(*refused);
  // What the rules refuse costs nothing and counts for nothing; a hash and a name do.
  for (auto refused : {refuse_account_name(r.name), refuse_password(r.password)})
    if (refused) return json_response(refuse(*refused));
  if (!signups_.allow(c.client)) {
    return refusal_response(Refusal::TOO_MANY_ACCOUNTS, {}, signups_.retry_after(c.client));
  }
  return offload(c.client, [this, r = std::move(r), client = c.client, tls = over_tls(c.req),
                            max_age_s = env_.accounts().session_ms() / 1000] {
    return with_session(env_.accounts().signup(r.name, r.password, client), tls, max_age_s);
  });
}

http::RouteResult Api::login(Call& c) {
  AccountRequest request;
  if (auto refused = account_request(c, request)) return std::move(*refused);
  return offload(c.client, [this, r = std::move(request), client = c.client, tls = over_tls(c.req),
                            max_age_s = env_.accounts().session_ms() / 1000] {
    return with_session(env_.accounts().login(r.name, r.password, client), tls, max_age_s);
  });
}

http::RouteResult Api::change_password(Call& c) {
  AccountRequest request;
  Account account;
  if (auto refused = logged_in(c, request, account)) return std::move(*refused);
  return offload(
      c.client, [this, a = std::move(account), session = cookie_of(c.req, SESSION_COOKIE), r = std::move(request),
                 tls = over_tls(c.req), max_age_s = env_.accounts().session_ms() / 1000] {
        return with_session(env_.accounts().change_password(a, session, r.password, r.new_password), tls, max_age_s);
      });
}

http::RouteResult Api::close_account(Call& c) {
  AccountRequest request;
  Account account;
  if (auto refused = logged_in(c, request, account)) return std::move(*refused);
  return offload(c.client, [this, a = std::move(account), session = cookie_of(c.req, SESSION_COOKIE),
                            r = std::move(request), tls = over_tls(c.req)] {
    Reply closed = env_.accounts().close(a, session, r.password);
    if (closed.refused()) return json_response(closed);
    http::Response res = json_response({Reply::DONE, {{"account", closed.body}}});
    res.set(bh::field::set_cookie, session_cookie(tls, "", 0));
    return res;
  });
}

// GET reads the account's preferences, POST changes those its body names (docs/api.md).
http::RouteResult Api::preferences(Call& c) {
  AccountRequest request;
  Account account;
  if (auto refused = logged_in(c, request, account)) return std::move(*refused);
  return offload(c.client, [this, a = std::move(account), body = c.body, get = !c.post()] {
    return json_response(get ? env_.accounts().preferences(a) : env_.accounts().change_preferences(a, body));
  });
}

}  // namespace kirin::server
