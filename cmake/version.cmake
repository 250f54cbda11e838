# Kirin's version: the project's (CMakeLists.txt) plus the git commit, as Debian writes a snapshot
# (0.1+git20250115.95c52d0: the commit's date first, so apt orders two snapshots rightly).
# Run at every build (cmake -DSOURCE_DIR=... -DVERSION=... -DOUT_DIR=... -P version.cmake): it
# writes kirin_version.cpp for `kirin --version` and kirin_version.cmake for CPack, each only when
# its text changes, so a new commit relinks kirin and rebuilds nothing else.
set(commit "")
set(date "")
find_program(GIT git)
if(GIT AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} log -1 --format=%h%n%cd --date=format:%Y%m%d
    OUTPUT_VARIABLE out RESULT_VARIABLE rc ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(rc EQUAL 0 AND out MATCHES "^([0-9a-f]+)\n([0-9]+)$")
    set(commit ${CMAKE_MATCH_1})
    set(date ${CMAKE_MATCH_2})
  endif()
endif()
if(commit)
  set(full "${VERSION}+git${date}.${commit}")
else()
  set(full "${VERSION}")
  set(commit "unknown")
endif()

function(write_if_changed path text)
  if(EXISTS ${path})
    file(READ ${path} old)
    if(old STREQUAL text)
      return()
    endif()
  endif()
  file(WRITE ${path} "${text}")
endfunction()

write_if_changed(${OUT_DIR}/kirin_version.cpp
  "// Written by cmake/version.cmake at build time.\n#include \"cli/version.h\"\n\nnamespace kirin::cli {\nconst char* const KIRIN_VERSION = \"${full}\";\nconst char* const KIRIN_COMMIT = \"${commit}\";\n}  // namespace kirin::cli\n")
write_if_changed(${OUT_DIR}/kirin_version.cmake "set(KIRIN_PACKAGE_VERSION \"${full}\")\n")
