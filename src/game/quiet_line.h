// A long line of quiet moves (no capture, no check where another move avoids it) that does not
// end the game: the longest record a visitor may send, for the attack benchmark and the tests
// that make the server replay as much as it takes. The same every time for a seed.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "rules/variant.h"

namespace kirin {

// `plies` moves from the variant's start, as move text (USI or ICCS).
std::vector<std::string> quiet_line(VariantPtr variant, size_t plies, unsigned seed = 12345);

}  // namespace kirin
