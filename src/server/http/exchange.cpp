#include "server/http/exchange.h"

namespace kirin::server::http {

void PendingReply::fulfil(Response r) {
  std::function<void(Response)> deliver;
  {
    std::lock_guard lock(mu_);
    if (done_) return;
    done_ = true;
    if (!deliver_) {
      early_ = std::make_unique<Response>(std::move(r));
      return;
    }
    deliver = std::move(deliver_);
  }
  deliver(std::move(r));
}

void PendingReply::on_response(std::function<void(Response)> deliver) {
  std::unique_ptr<Response> early;
  {
    std::lock_guard lock(mu_);
    if (!early_) {
      deliver_ = std::move(deliver);
      return;
    }
    early = std::move(early_);
  }
  deliver(std::move(*early));
}

void PendingReply::cancel() {
  std::function<void()> on_cancel;
  {
    std::lock_guard lock(mu_);
    if (done_) return;
    done_ = true;
    deliver_ = nullptr;
    on_cancel = std::move(on_cancel_);
  }
  if (on_cancel) on_cancel();
}

}  // namespace kirin::server::http
