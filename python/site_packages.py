"""Prints where `cmake --install` puts the fen960 package for an install prefix (the one argument).

The interpreter's own directory under that prefix when it has one on sys.path (/usr/local ->
/usr/local/lib/python3.X/dist-packages on Debian, /usr -> /usr/lib/python3/dist-packages), the
user's site-packages for ~/.local, else PREFIX/lib/python3.X/site-packages (for PYTHONPATH).
"""
import os
import site
import sys
import sysconfig

prefix = os.path.realpath(sys.argv[1])
if site.USER_BASE and prefix == os.path.realpath(site.USER_BASE):
    print(site.getusersitepackages())
    sys.exit(0)
# The shortest site-packages or dist-packages path under the prefix: /usr/lib/python3/dist-packages
# rather than /usr/local/lib/python3.X/dist-packages for /usr.
under = []
for entry in sys.path:
    real = os.path.realpath(entry) if entry else ""
    if real.endswith(("site-packages", "dist-packages")) and real.startswith(prefix + os.sep):
        under.append(os.path.relpath(real, prefix))
if under:
    print(os.path.join(prefix, min(under, key=lambda p: len(p.split(os.sep)))))
else:
    print(sysconfig.get_path("platlib", "posix_prefix", vars={"base": prefix, "platbase": prefix}))
