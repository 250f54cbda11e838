// Record files as they come: UTF-8 (with or without a byte-order mark), UTF-16 with its mark,
// or the old Chinese encodings GB18030 (and its subsets GBK and GB2312) and Big5 (as Big5-HKSCS,
// its superset). Converted once, where a file is read, into the UTF-8 every reader expects; the
// conversion is glibc's iconv, not a table of Kirin's own.
#pragma once
#include <string>
#include <string_view>

#include "core/result.h"

namespace kirin {

// The text as UTF-8. GB18030 and Big5 share most byte pairs, so a file that is valid in both is
// told apart by the Chinese words a game record uses (piece names, 进退平, 红胜, the commonest
// characters); one that stays undecided, or fits none, gets a one-line error naming the
// encodings tried.
Result<std::string> decode_record_bytes(std::string_view bytes);

}  // namespace kirin
