# Kirin's version: the project's (CMakeLists.txt) plus the git commit, as Debian writes a snapshot
# (0.1+git20250115.95c52d0: the commit's date first, so apt orders two snapshots rightly).
# Run at every build (cmake -DSOURCE_DIR=... -DVERSION=... -DOUT_DIR=... -DMAINTAINER=... -P
# version.cmake): it writes kirin_version.cpp for `kirin --version`, kirin_version.cmake for CPack
# and the package's changelog, each only when its text changes, so a new commit relinks kirin and
# rebuilds nothing else.
set(commit "")
set(date "")
find_program(GIT git)
if(GIT AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} log -1 --format=%h%n%cd --date=format:%Y%m%d
    OUTPUT_VARIABLE out RESULT_VARIABLE rc ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(rc EQUAL 0 AND out MATCHES "^([0-9a-f]+)\n([0-9]+)$")
    set(commit ${CMAKE_MATCH_1})
    set(date ${CMAKE_MATCH_2})
    execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} log -1 --format=%cD
      OUTPUT_VARIABLE rfc_date ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  endif()
endif()
if(commit)
  set(full "${VERSION}+git${date}.${commit}")
else()
  set(full "${VERSION}")
  set(commit "unknown")
endif()

# Writes `text` to `path` unless it is there already; `changed` says which.
function(write_if_changed path text changed)
  set(${changed} FALSE PARENT_SCOPE)
  if(EXISTS ${path})
    file(READ ${path} old)
    if(old STREQUAL text)
      return()
    endif()
  endif()
  file(WRITE ${path} "${text}")
  set(${changed} TRUE PARENT_SCOPE)
endfunction()

write_if_changed(${OUT_DIR}/kirin_version.cpp
  "// Written by cmake/version.cmake at build time.\n#include \"cli/version.h\"\n\nnamespace kirin::cli {\nconst char* const KIRIN_VERSION = \"${full}\";\nconst char* const KIRIN_COMMIT = \"${commit}\";\n}  // namespace kirin::cli\n"
  changed)
write_if_changed(${OUT_DIR}/kirin_version.cmake "set(KIRIN_PACKAGE_VERSION \"${full}\")\n" changed)
# The package's changelog (Debian wants one in /usr/share/doc/kirin): one entry naming the commit,
# whose history is the git log.
if(NOT rfc_date)
  string(TIMESTAMP rfc_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
endif()
write_if_changed(${OUT_DIR}/changelog
  "kirin (${full}) unstable; urgency=medium\n\n  * Built from commit ${commit}; the changes are the project's git log.\n\n -- ${MAINTAINER}  ${rfc_date}\n"
  changed)
if(changed OR NOT EXISTS ${OUT_DIR}/changelog.gz)
  execute_process(COMMAND gzip -9nc ${OUT_DIR}/changelog OUTPUT_FILE ${OUT_DIR}/changelog.gz)
endif()
