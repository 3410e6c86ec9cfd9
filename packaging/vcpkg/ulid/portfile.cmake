# Header-only: nothing is compiled, so one (release) configuration suffices.
# The project's CMake install decides which headers ship (all of include/ulid/).
set(VCPKG_BUILD_TYPE release)

# The release's source archive, made and hashed by scripts/release-archive
# (the hash below is its output; CONTRIBUTING.md, "Releasing") and published
# as an asset of the release tagged v${VERSION}.
vcpkg_download_distfile(ARCHIVE
    URLS "https://github.com/ulid-cpp/ulid/releases/download/v${VERSION}/ulid-${VERSION}.tar.gz"
    FILENAME "ulid-${VERSION}.tar.gz"
    SHA512 61f2b93d1dc5951d6ff4838117c340fca956c786e35cc3ab3b6ff7ac306072235c5cef0b28b8907d160d7cb0b7efe1bef45e346959c0db64ad69ecbe37f4391b
)
vcpkg_extract_source_archive(SOURCE_PATH ARCHIVE "${ARCHIVE}")

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
# ulid.pc names a library flag (Libs: -pthread), so vcpkg counts it
# architecture-specific, which belongs in lib/pkgconfig, not share/pkgconfig.
file(MAKE_DIRECTORY "${CURRENT_PACKAGES_DIR}/lib/pkgconfig")
file(RENAME "${CURRENT_PACKAGES_DIR}/share/pkgconfig/ulid.pc" "${CURRENT_PACKAGES_DIR}/lib/pkgconfig/ulid.pc")
file(REMOVE_RECURSE "${CURRENT_PACKAGES_DIR}/share/pkgconfig")
vcpkg_fixup_pkgconfig()

file(INSTALL "${CMAKE_CURRENT_LIST_DIR}/usage" DESTINATION "${CURRENT_PACKAGES_DIR}/share/${PORT}")
vcpkg_install_copyright(FILE_LIST "${SOURCE_PATH}/LICENSE")
