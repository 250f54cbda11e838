// kirin accounts --db DB list | mute NAME | unmute NAME | close NAME | reports
// The operator's hand on the players' accounts, on the server's own database (SQLite file or
// postgresql:// URI; a running server sees the change at once): list them, mute one's chat or
// lift the mute, close one (its sessions end, its games stay, its name is never given again),
// and read the chat lines players reported. Exit 0 done, 1 no such account or a store failure,
// 2 a usage error; every error is one line on stderr.
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "server/security/account_rules.h"
#include "server/store/store.h"

namespace kirin::cli {

namespace {

std::string date_of(int64_t ms) {
  const std::time_t t = ms / 1000;
  char buf[32];
  std::tm tm{};
  gmtime_r(&t, &tm);
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
  return buf;
}

int fail(const std::string& why) {
  std::fprintf(stderr, "kirin accounts: %s\n", why.c_str());
  return EXIT_FAIL;
}

}  // namespace

std::function<int()> add_accounts(CLI::App& app) {
  auto* cmd = app.add_subcommand("accounts", "List, mute, unmute or close players' accounts; read reported chat lines");
  auto db = std::make_shared<std::string>();
  auto action = std::make_shared<std::string>();
  auto name = std::make_shared<std::string>();
  cmd->add_option("--db", *db, "the server's database: a SQLite file or a postgresql:// URI")->required();
  cmd->add_option("action", *action, "list, mute, unmute, close or reports")
      ->required()
      ->check(CLI::IsMember({"list", "mute", "unmute", "close", "reports"}));
  cmd->add_option("name", *name, "the account (for mute, unmute and close)");
  return [=] {
    const bool named = *action == "mute" || *action == "unmute" || *action == "close";
    if (named == name->empty()) {
      std::fprintf(stderr, "kirin accounts: %s\n",
                   named ? (*action + " needs an account's NAME").c_str() : (*action + " takes no NAME").c_str());
      return EXIT_USAGE;
    }
    // A file that is not there is a mistake, not a new database.
    if (db->find("://") == std::string::npos && !std::filesystem::exists(*db)) return fail("no database " + *db);
    auto store = server::open_store(*db, 1);
    if (!store) return fail(store.error());
    server::AccountStore& accounts = (*store)->accounts();
    if (*action == "list") {
      auto all = accounts.list_accounts();
      if (!all) return fail(all.error());
      for (const server::Account& a : *all)
        std::printf("%s\t%s%s%s\n", a.name.c_str(), date_of(a.created).c_str(), a.closed ? "\tclosed" : "",
                    a.muted ? "\tmuted" : "");
      return EXIT_OK;
    }
    if (*action == "reports") {
      auto lines = (*store)->chat().reported_chat_lines(1000);
      if (!lines) return fail(lines.error());
      for (const server::ChatLine& l : *lines)
        std::printf("%d report%s\tgame %s\t%s\t%s\t%s: %s\n", l.reports, l.reports == 1 ? "" : "s", l.game_id.c_str(),
                    l.room.c_str(), date_of(l.at).c_str(), l.name.c_str(), l.text.c_str());
      return EXIT_OK;
    }
    auto a = accounts.account_by_key(server::account_name_key(*name));
    if (!a) return fail(a.error());
    if (!*a) return fail("no account " + *name);
    if (*action == "close") {
      if ((*a)->closed) return fail((*a)->name + " is closed already");
      if (auto r = accounts.close_account((*a)->id); !r) return fail(r.error());
      std::printf("closed %s\n", (*a)->name.c_str());
      return EXIT_OK;
    }
    const bool mute = *action == "mute";
    if (auto r = accounts.set_muted((*a)->id, mute); !r) return fail(r.error());
    std::printf("%s %s\n", mute ? "muted" : "unmuted", (*a)->name.c_str());
    return EXIT_OK;
  };
}

}  // namespace kirin::cli
