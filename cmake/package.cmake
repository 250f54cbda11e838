# Installing Kirin and its Debian package (`make deb`): the layout of Debian's own engine packages
# (hachu, fairymax): the program in /usr/games, its data in /usr/share/kirin, the XBoard and UCI
# registrations in /usr/share/games/plugins, a manual in section 6. DESIGN.md says why CPack.
# Paths are relative to the prefix, /usr for the package; the executable finds its data from
# where it is installed (src/core/data_dirs.h), so any prefix works.

install(TARGETS kirin RUNTIME DESTINATION games)
# kirin-usi, kirin-uci, kirin-xboard: one executable per protocol, for GUIs and bridges that take
# a program and no arguments; files of their own that run kirin beside them (CMakeLists.txt
# writes them; packaging/kirin-protocol.in says why they are not links).
foreach(protocol usi uci xboard)
  install(PROGRAMS ${CMAKE_BINARY_DIR}/kirin-${protocol} DESTINATION games)
endforeach()

set(KIRIN_SHARE share/kirin)
# Data, not programs: the build leaves the .wasm files executable, the package need not.
set(KIRIN_DATA_PERMISSIONS FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
install(DIRECTORY data/nets/ DESTINATION ${KIRIN_SHARE}/nets ${KIRIN_DATA_PERMISSIONS} FILES_MATCHING PATTERN "*.nnue" PATTERN "*.winrate")
install(DIRECTORY data/openings/ DESTINATION ${KIRIN_SHARE}/openings ${KIRIN_DATA_PERMISSIONS})
install(DIRECTORY data/puzzles/ DESTINATION ${KIRIN_SHARE}/puzzles ${KIRIN_DATA_PERMISSIONS})
# The web UI as `npm run build` (and the WebAssembly build, when there is Emscripten) left it.
if(TARGET web_ui)
  install(DIRECTORY web/dist/ DESTINATION ${KIRIN_SHARE}/web ${KIRIN_DATA_PERMISSIONS})
else()
  message(STATUS "kirin: no web UI to install (web/node_modules missing; scripts/deps.sh installs it)")
endif()

install(FILES packaging/kirin.eng DESTINATION share/games/plugins/xboard)
install(FILES packaging/kirin-uci.eng DESTINATION share/games/plugins/uci RENAME kirin.eng)
install(FILES packaging/kirin.service DESTINATION lib/systemd/system)
install(FILES packaging/default DESTINATION /etc/default RENAME kirin)
install(FILES packaging/lintian-overrides DESTINATION share/lintian/overrides RENAME kirin)
install(FILES packaging/copyright docs/deploy.md ${CMAKE_BINARY_DIR}/generated/changelog.gz DESTINATION share/doc/kirin)
install(FILES deploy/nginx/kirin.conf DESTINATION share/doc/kirin/examples/nginx)
install(FILES deploy/lishogi-bot/README.md deploy/lishogi-bot/config.yml deploy/lishogi-bot/lishogi-bot.service
  DESTINATION share/doc/kirin/lishogi-bot)

# kirin.6 from the built executable's --help texts (packaging/manpage.sh).
find_program(HELP2MAN help2man)
if(HELP2MAN)
  set(KIRIN_MAN ${CMAKE_BINARY_DIR}/man/kirin.6.gz)
  add_custom_command(OUTPUT ${KIRIN_MAN}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
    COMMAND sh ${CMAKE_SOURCE_DIR}/packaging/manpage.sh $<TARGET_FILE:kirin> ${KIRIN_MAN}
    DEPENDS kirin ${CMAKE_SOURCE_DIR}/packaging/manpage.sh ${CMAKE_SOURCE_DIR}/packaging/kirin.6.include
    COMMENT "Writing the manual page kirin.6")
  add_custom_target(manpage ALL DEPENDS ${KIRIN_MAN})
  install(FILES ${KIRIN_MAN} DESTINATION share/man/man6)
  install(CODE [[
    foreach(protocol usi uci xboard)
      file(CREATE_LINK kirin.6.gz "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/share/man/man6/kirin-${protocol}.6.gz" SYMBOLIC)
    endforeach()
  ]])
else()
  message(STATUS "kirin: no help2man, so no manual page (scripts/deps.sh installs it)")
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME kirin)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "engine and web platform for Chu Shogi, Chu Seireigi and Xiangqi")
# The long description; CPack puts the summary above it and indents it as dpkg wants.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Kirin plays Chu Shogi (12x12 shogi with the Lion, no drops), Chu
Seireigi (12x12 with drops) and Xiangqi (Chinese chess), with a neural net
per game. It speaks USI, UCI/UCCI and the XBoard protocol, so graphical
interfaces such as XBoard list it.

kirin serve is a web platform: play Kirin or a person in the browser, watch
games, analyse, solve puzzles. The package holds a systemd unit for it,
kirin.service, disabled until the administrator enables it; its options are
in /etc/default/kirin.")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${KIRIN_DEB_MAINTAINER}")  # CMakeLists.txt
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The libraries kirin links, with the versions dpkg-shlibdeps reads from them: never a hand list.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "xboard, nginx-light | nginx, postgresql")
set(CPACK_DEBIAN_PACKAGE_ENHANCES "xboard")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
  ${CMAKE_SOURCE_DIR}/packaging/conffiles ${CMAKE_SOURCE_DIR}/packaging/postinst
  ${CMAKE_SOURCE_DIR}/packaging/prerm ${CMAKE_SOURCE_DIR}/packaging/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# The version is the build's (cmake/version.cmake writes it at every build), read when cpack runs.
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_SOURCE_DIR}/cmake/cpack_version.cmake)
set(CPACK_KIRIN_VERSION_FILE ${CMAKE_BINARY_DIR}/generated/kirin_version.cmake)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR})
include(CPack)
