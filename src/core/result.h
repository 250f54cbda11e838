// Parse and validation results: a value or a one-line error, never an exception across the API.
#pragma once
#include <string>
#include <utility>
#include <variant>

namespace kirin {

struct Error {
  std::string message;
};

template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error e) : v_(std::move(e)) {}
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const { return std::get<1>(v_).message; }

 private:
  std::variant<T, Error> v_;
};

// Success with nothing to give back, or why not: for what would otherwise return a string that
// means success by being empty.
template <>
class Result<void> {
 public:
  Result() = default;
  Result(Error e) : error_(std::move(e.message)), ok_(false) {}
  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const std::string& error() const { return error_; }

 private:
  std::string error_;
  bool ok_ = true;
};

// What went wrong, or "" when nothing did: for a front end that prints an error line if there is
// one (a protocol's reply, a test's expected message).
inline std::string error_of(const Result<void>& r) { return r ? std::string() : r.error(); }

}  // namespace kirin
