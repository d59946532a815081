"""Builds the fen960 wheel: the extension by this project's CMake (target fen960_python, for the
interpreter that runs this), the pure-Python files from python/fen960/. The version is the CMake
project's.

Environment (both optional):
  FEN960_BUILD_DIR   a CMake build folder to build the module in (reused: an existing build of this
                     tree makes the wheel without compiling again); default: one under setuptools'
                     build folder
  FEN960_WHEEL_TEMP  where setuptools keeps its own files (build/, the .egg-info); default build-wheel
                     in this folder (`build` is CMake's here)
  FEN960_JOBS        compile jobs (default: all cores)
"""
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


def version():
    text = open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8").read()
    return re.search(r"project\(fen960 VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = os.environ.get("FEN960_BUILD_DIR") or os.path.join(os.path.abspath(self.build_temp), "cmake")
        if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
            subprocess.check_call([
                "cmake", "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release", "-DFEN960_PYTHON=ON",
                "-DFEN960_CLI=OFF", "-DFEN960_TESTS=OFF", "-DFEN960_INSTALL=OFF",
                f"-DPython3_EXECUTABLE={sys.executable}"])
        jobs = os.environ.get("FEN960_JOBS") or str(os.cpu_count() or 1)
        subprocess.check_call(["cmake", "--build", build_dir, "--target", "fen960_python", "-j", jobs])
        package = os.path.join(build_dir, "python", "fen960")
        built = [f for f in os.listdir(package) if f.startswith("_fen960") and f.endswith(".so")]
        if len(built) != 1:
            raise RuntimeError(f"expected one _fen960*.so in {package}, found {built}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(package, built[0]), target)


temp = os.environ.get("FEN960_WHEEL_TEMP") or os.path.join(ROOT, "build-wheel")
os.makedirs(temp, exist_ok=True)
setup(
    version=version(),
    packages=["fen960"],
    package_dir={"": "python"},
    package_data={"fen960": ["__init__.pyi", "py.typed"]},
    ext_modules=[Extension("fen960._fen960", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": os.path.join(temp, "build")}, "egg_info": {"egg_base": temp}},
    zip_safe=False,
)
