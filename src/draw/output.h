// Where cairo writes a file: into a string the caller returns as the file's bytes.
#pragma once
#include <cairo.h>

#include <string>

namespace kirin::draw {

// A cairo write function; `closure` is the std::string to append to.
inline cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace kirin::draw
