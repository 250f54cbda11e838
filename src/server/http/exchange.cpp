#include "server/http/exchange.h"

#include <algorithm>

namespace kirin::server::http {

void PendingReply::fulfil(Answer a) {
  std::function<void(Answer)> deliver;
  {
    std::lock_guard lock(mu_);
    if (done_) return;
    done_ = true;
    inner_ = nullptr;
    rearm_ = nullptr;  // the transport's closure holds this reply: no cycle left behind
    if (!deliver_) {
      early_ = std::make_unique<Answer>(std::move(a));
      return;
    }
    deliver = std::move(deliver_);
  }
  deliver(std::move(a));
}

void PendingReply::on_response(std::function<void(Answer)> deliver) {
  std::unique_ptr<Answer> early;
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
  std::shared_ptr<PendingReply> inner;
  {
    std::lock_guard lock(mu_);
    if (done_) return;
    done_ = true;
    deliver_ = nullptr;
    rearm_ = nullptr;
    on_cancel = std::move(on_cancel_);
    inner = std::move(inner_);
  }
  if (on_cancel) on_cancel();
  if (inner) inner->cancel();
}

void PendingReply::on_new_deadline(std::function<void(std::chrono::steady_clock::duration)> rearm) {
  std::optional<std::chrono::steady_clock::time_point> renewed;
  {
    std::lock_guard lock(mu_);
    if (done_) return;
    rearm_ = rearm;
    renewed = renewed_;
  }
  if (renewed) rearm(std::max(*renewed - std::chrono::steady_clock::now(), std::chrono::steady_clock::duration{}));
}

void PendingReply::follow(std::shared_ptr<PendingReply> inner) {
  bool wanted;
  std::function<void(std::chrono::steady_clock::duration)> rearm;
  {
    std::lock_guard lock(mu_);
    wanted = !done_;
    if (wanted) inner_ = inner;
    rearm = rearm_;
    if (wanted && !rearm) renewed_ = std::chrono::steady_clock::now() + inner->deadline();
  }
  if (!wanted) return inner->cancel();  // cancelled already: nobody wants the inner one either
  if (rearm) rearm(inner->deadline());
  std::weak_ptr<PendingReply> self = shared_from_this();
  inner->on_response([self](Answer a) {
    if (auto p = self.lock()) p->fulfil(std::move(a));
  });
}

}  // namespace kirin::server::http
