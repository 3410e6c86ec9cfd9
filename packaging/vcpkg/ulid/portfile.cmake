# Header-only: nothing is compiled, so one (release) configuration suffices.
set(VCPKG_BUILD_TYPE release)

vcpkg_from_github(
    OUT_SOURCE_PATH SOURCE_PATH
    REPO ulid-cpp/ulid
    REF "v${VERSION}"
    # The hash of the release archive, filled in when the tag exists (vcpkg
    # prints it when this is 0).
    SHA512 0
    HEAD_REF main
)

vcpkg_cmake_configure(
    SOURCE_PATH "${SOURCE_PATH}"
    OPTIONS
        -DULID_BUILD_TESTS=OFF
        -DULID_BUILD_TOOLS=OFF
        -DULID_BUILD_BENCHMARKS=OFF
        -DULID_INSTALL=ON
)
vcpkg_cmake_install()
vcpkg_cmake_config_fixup(CONFIG_PATH share/cmake/ulid)
vcpkg_fixup_pkgconfig()

file(INSTALL "${CMAKE_CURRENT_LIST_DIR}/usage" DESTINATION "${CURRENT_PACKAGES_DIR}/share/${PORT}")
vcpkg_install_copyright(FILE_LIST "${SOURCE_PATH}/LICENSE")
