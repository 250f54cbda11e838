#include "cli/version.h"

#include "core/data_dirs.h"
#include "rules/variant.h"

namespace kirin::cli {

std::string version_text() {
  std::string text = std::string("kirin ") + KIRIN_VERSION + "\ncommit " + KIRIN_COMMIT;
  // Which nets a search would use here, so "does the installed Kirin play at full strength" is
  // one command away.
  for (GameId g : {GameId::CHUSEIREIGI, GameId::CHUSHOGI, GameId::XIANGQI}) {
    const std::string game = game_name(g), net = data::net_file(game);
    text += "\nnet " + game + " " + (net.empty() ? "none" : net);
  }
  return text;
}

}  // namespace kirin::cli
