#!/usr/bin/env bash
# Set up ComputeScore on a Debian/Ubuntu machine with Python >= 3.11.
#
#   bash installers/setup-debian.sh          # the app:            .venv with ComputeScore
#   bash installers/setup-debian.sh --test   # the app + test tools (pytest, ruff, mypy ...)
#
# Installs the Debian packages Qt needs (when run as root or with sudo; otherwise it
# names what is missing), creates .venv in the project folder and installs the
# project into it. Safe to run again: it only installs what is missing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

extras=""
test_tools=""
if [[ "${1:-}" == "--test" ]]; then
  extras="[test]"
  # The RFQ tests prove LibreOffice opens our workbook and keeps a vendor's answers;
  # the store and service tests run on a throw-away PostgreSQL server as well as SQLite.
  test_tools="libreoffice-calc-nogui postgresql"
fi

# Qt offscreen needs these; a real window (xcb) and Xvfb need the second group too.
qt_offscreen="libegl1 libgl1 libglib2.0-0 libfontconfig1 libfreetype6 libdbus-1-3 libxkbcommon0 libx11-6 fonts-dejavu-core"
qt_window="libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0 libxcb-shape0 libxcb-xkb1"

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for pkg in $qt_offscreen $qt_window $test_tools; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
fi

python="${PYTHON:-python3}"
if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
  echo "ComputeScore needs Python 3.11 or newer; '$python' is $("$python" --version 2>&1 || echo missing)." >&2
  exit 1
fi
if ! "$python" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  missing+=("python3-venv")
fi

if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then sudo=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; else sudo="none"; fi
  if [[ "$sudo" == "none" ]]; then
    echo "These Debian packages are missing and this user cannot install them:" >&2
    echo "  ${missing[*]}" >&2
    echo "Ask an administrator to run: apt-get install -y ${missing[*]}" >&2
    echo "Continuing; the app may not start until they are installed." >&2
  else
    echo "Installing Debian packages: ${missing[*]}"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi

if [[ ! -x .venv/bin/python ]]; then
  echo "Creating .venv with $("$python" --version)"
  "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
echo "Installing ComputeScore${extras} into .venv (first run downloads Qt, about 250 MB)"
.venv/bin/python -m pip install --quiet --editable ".${extras}"
echo "Ready: .venv/bin/computescore --version → $(.venv/bin/computescore --version)"
