#!/usr/bin/env bash
# Build ComputeScore.app and a .dmg on macOS (needs macOS with Xcode command-line tools).
#
#   bash installers/macos/build-macos.sh
#
# Signing and notarisation (needs an Apple Developer ID; see installers/README.md):
#   codesign --deep --force --options runtime --timestamp \
#     --sign "Developer ID Application: <Company> (<TEAMID>)" dist/ComputeScore.app
#   xcrun notarytool submit dist/ComputeScore.dmg --keychain-profile <profile> --wait
#   xcrun stapler staple dist/ComputeScore.dmg
set -euo pipefail
[[ "$(uname)" == "Darwin" ]] || { echo "This script needs macOS." >&2; exit 1; }
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
python3 -m venv .venv-mac && .venv-mac/bin/pip install --quiet ".[bundle]"
# The .icns is made from the 1024 px PNG with iconutil.
iconset=build/computescore.iconset && rm -rf "$iconset" && mkdir -p "$iconset"
for size in 16 32 128 256 512; do
  sips -z $size $size resources/icons/app-512.png --out "$iconset/icon_${size}x${size}.png" >/dev/null
  sips -z $((size*2)) $((size*2)) resources/icons/app-512.png --out "$iconset/icon_${size}x${size}@2x.png" >/dev/null
done
iconutil -c icns "$iconset" -o resources/icons/app.icns
.venv-mac/bin/python -m PyInstaller installers/computescore.spec --noconfirm --clean
hdiutil create -volname ComputeScore -srcfolder dist/ComputeScore.app -ov -format UDZO dist/ComputeScore.dmg
echo "Built dist/ComputeScore.app and dist/ComputeScore.dmg (unsigned)."
