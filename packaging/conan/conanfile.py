# Conan 2 recipe for ulid, a header-only library. From a checkout:
#   conan create packaging/conan --build=missing
import os

from conan import ConanFile
from conan.tools.build import check_min_cppstd
from conan.tools.cmake import CMake, CMakeToolchain, cmake_layout
from conan.tools.files import copy, rmdir, save

required_conan_version = ">=2.0"


class UlidConan(ConanFile):
    name = "ulid"
    version = "0.2.0"
    description = "Header-only ULIDs for C++17: sortable, monotonic, zero-allocation"
    license = "MIT"
    url = "https://github.com/ulid-cpp/ulid"
    homepage = "https://github.com/ulid-cpp/ulid"
    topics = ("ulid", "uuid", "identifier", "header-only")
    package_type = "header-library"
    settings = "os", "arch", "compiler", "build_type"
    no_copy_source = True

    def export_sources(self):
        # The recipe lives in packaging/conan/ of the repository it packages.
        # What the project's CMake install needs: it, not this recipe, decides
        # which headers ship, so a new header is packaged without a change here.
        root = os.path.join(self.recipe_folder, "..", "..")
        copy(self, "LICENSE", src=root, dst=self.export_sources_folder)
        copy(self, "CMakeLists.txt", src=root, dst=self.export_sources_folder)
        copy(self, "*", src=os.path.join(root, "cmake"), dst=os.path.join(self.export_sources_folder, "cmake"))
        copy(self, "*", src=os.path.join(root, "include"), dst=os.path.join(self.export_sources_folder, "include"))
        # CMakeLists.txt declares the compiled mode's library (built only when
        # linked, so never here): its source must exist for the configure.
        copy(self, "*", src=os.path.join(root, "src"), dst=os.path.join(self.export_sources_folder, "src"))

    def layout(self):
        cmake_layout(self, src_folder=".")

    def package_id(self):
        self.info.clear()

    def validate(self):
        check_min_cppstd(self, 17)

    def generate(self):
        toolchain = CMakeToolchain(self)
        for option in ("ULID_BUILD_TESTS", "ULID_BUILD_TOOLS", "ULID_BUILD_BENCHMARKS"):
            toolchain.cache_variables[option] = False
        toolchain.cache_variables["ULID_INSTALL"] = True
        toolchain.generate()

    def build(self):
        # Nothing to compile: configuring writes the install rules.
        cmake = CMake(self)
        cmake.configure()

    def package(self):
        cmake = CMake(self)
        cmake.install()
        copy(self, "LICENSE", src=self.source_folder, dst=os.path.join(self.package_folder, "licenses"))
        # Conan's generators (CMakeDeps, PkgConfigDeps) write their own
        # package files from package_info(); the project's would only
        # shadow them, and the licence is in licenses/.
        for folder in ("cmake", "pkgconfig", "doc"):
            rmdir(self, os.path.join(self.package_folder, "share", folder))

        # CMakeDeps makes ulid::ulid but knows no compile features: this
        # module, run after the target exists, carries the C++17 requirement
        # as the installed ulidTargets.cmake does (a flag would lower a
        # consumer's newer standard).
        save(
            self,
            os.path.join(self.package_folder, self._cxx_std_module),
            "set_property(TARGET ulid::ulid APPEND PROPERTY INTERFACE_COMPILE_FEATURES cxx_std_17)\n",
        )

    _cxx_std_module = os.path.join("share", "cmake", "ulid", "ulid-cxx-std.cmake")

    def package_info(self):
        self.cpp_info.set_property("cmake_file_name", "ulid")
        self.cpp_info.set_property("cmake_target_name", "ulid::ulid")
        self.cpp_info.set_property("pkg_config_name", "ulid")
        self.cpp_info.set_property("cmake_build_modules", [self._cxx_std_module])
        self.cpp_info.bindirs = []
        self.cpp_info.libdirs = []
        # pthread_atfork (the fork handlers) lives in libpthread before
        # glibc 2.34; the lock is a futex/spin lock and needs none. The
        # operating-system entropy on Windows is BCryptGenRandom.
        if self.settings.os in ("Linux", "FreeBSD"):
            self.cpp_info.system_libs = ["pthread"]
        elif self.settings.os == "Windows":
            self.cpp_info.system_libs = ["bcrypt"]
