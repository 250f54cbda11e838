// Per-ply move storage of the Searcher, shared by its two source files.
#pragma once
#include "search/search.h"

namespace kirin {

struct Searcher::PlyMoves {
  MoveList list;
  int score[MoveList::CAPACITY];
};

}  // namespace kirin
