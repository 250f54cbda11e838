# Kirin's floors, lowest first. A floor's sources see only its own headers and those of the
# floors it names here (include views, below), so an include that runs up a floor fails to build.
# The engine floors make the engine library (no Boost, libpq or cairo), which the WebAssembly
# build compiles too; the platform floors make the platform library above it; cli is on top.
set(KIRIN_ENGINE_FLOORS core rules notation nnue game search protocol)
set(KIRIN_PLATFORM_FLOORS process draw match selfplay analysis server)

set(KIRIN_FLOOR_DEPS_core "")
set(KIRIN_FLOOR_DEPS_rules core)
set(KIRIN_FLOOR_DEPS_notation core rules)
set(KIRIN_FLOOR_DEPS_nnue core rules)
set(KIRIN_FLOOR_DEPS_game core rules notation)
set(KIRIN_FLOOR_DEPS_search core rules notation nnue)
set(KIRIN_FLOOR_DEPS_protocol core rules notation nnue game search)
set(KIRIN_FLOOR_DEPS_process core)
set(KIRIN_FLOOR_DEPS_draw core rules notation)
set(KIRIN_FLOOR_DEPS_match ${KIRIN_ENGINE_FLOORS} process)
set(KIRIN_FLOOR_DEPS_selfplay ${KIRIN_ENGINE_FLOORS} process match)
set(KIRIN_FLOOR_DEPS_analysis ${KIRIN_ENGINE_FLOORS})
set(KIRIN_FLOOR_DEPS_server ${KIRIN_ENGINE_FLOORS} draw analysis)
set(KIRIN_FLOOR_DEPS_cli ${KIRIN_ENGINE_FLOORS} ${KIRIN_PLATFORM_FLOORS})

# The .cpp files of a floor (its subfolders included) into OUT.
function(kirin_floor_sources floor out)
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${KIRIN_SOURCE_ROOT}/src/${floor}/*.cpp)
  set(${out} ${sources} PARENT_SCOPE)
endfunction()

# A folder under the build tree holding links to the floor's own folder and to those it may
# include, to be the floor's only include directory; its path into OUT.
function(kirin_floor_view floor out)
  set(view ${CMAKE_BINARY_DIR}/floors/${floor})
  file(REMOVE_RECURSE ${view})
  file(MAKE_DIRECTORY ${view})
  foreach(seen ${floor} ${KIRIN_FLOOR_DEPS_${floor}})
    file(CREATE_LINK ${KIRIN_SOURCE_ROOT}/src/${seen} ${view}/${seen} SYMBOLIC)
  endforeach()
  set(${out} ${view} PARENT_SCOPE)
endfunction()
