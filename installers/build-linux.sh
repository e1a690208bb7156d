#!/usr/bin/env bash
# Build the Linux one-folder bundle and a tarball of it.
#
#   bash installers/build-linux.sh            # uses .venv (created by setup-debian.sh)
#   PYTHON_ENV=/path/to/venv bash installers/build-linux.sh
#
# Output: dist/ComputeScore/ (run dist/ComputeScore/computescore) and
# dist/ComputeScore-<version>-linux-x86_64.tar.gz. Prints the size and the build time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
env_dir="${PYTHON_ENV:-$root/.venv}"
if [[ ! -x "$env_dir/bin/python" ]]; then
  bash installers/setup-debian.sh
fi
start=$(date +%s)
"$env_dir/bin/python" -m pip install --quiet "pyinstaller>=6.6"
"$env_dir/bin/python" -m PyInstaller installers/computescore.spec --noconfirm --clean \
  --distpath "$root/dist" --workpath "$root/build/pyinstaller" --log-level WARN

# Drop debug symbols from Qt and Python's own libraries. Libraries that wheels vendor in
# "*.libs" folders (OpenBLAS for numpy, codecs for Pillow) are left alone: stripping
# them breaks their ELF layout ("load command address/offset not page-aligned").
if command -v strip >/dev/null 2>&1; then
  find dist/ComputeScore/_internal -type f \( -name '*.so' -o -name '*.so.*' \) \
    -not -path '*.libs/*' -print0 | xargs -0 strip --strip-unneeded 2>/dev/null || true
fi

version="$("$root/dist/ComputeScore/computescore" --version | awk '{print $2}')"
install -m 0644 installers/linux/computescore.desktop dist/ComputeScore/computescore.desktop
cp resources/icons/app-256.png dist/ComputeScore/computescore.png 2>/dev/null || true
install -m 0755 installers/linux/install-user.sh dist/ComputeScore/install-user.sh
tarball="dist/ComputeScore-${version}-linux-$(uname -m).tar.gz"
tar -C dist -czf "$tarball" ComputeScore
end=$(date +%s)
size_mb=$(du -sm dist/ComputeScore | cut -f1)
tar_mb=$(du -sm "$tarball" | cut -f1)
echo "Bundle: dist/ComputeScore (${size_mb} MB), tarball: $tarball (${tar_mb} MB)"
echo "Build time: $((end - start)) s"
