# Read by cpack (CPACK_PROJECT_CONFIG_FILE): the package's version is the one the build wrote for
# `kirin --version` (cmake/version.cmake), so the two always agree.
if(EXISTS "${CPACK_KIRIN_VERSION_FILE}")
  include("${CPACK_KIRIN_VERSION_FILE}")
  set(CPACK_PACKAGE_VERSION "${KIRIN_PACKAGE_VERSION}")
  set(CPACK_DEBIAN_PACKAGE_VERSION "${KIRIN_PACKAGE_VERSION}")
endif()
