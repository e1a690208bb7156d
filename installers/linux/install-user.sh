#!/usr/bin/env bash
# Install the unpacked ComputeScore bundle for the current user (no root needed):
# the program under ~/.local/opt, a launcher in ~/.local/bin, a menu entry and an icon.
# The database stays in the user data folder (~/.local/share/ComputeScore), never here,
# so installing a newer version over this one keeps it.
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dest="${HOME}/.local/opt/ComputeScore"
mkdir -p "${HOME}/.local/opt" "${HOME}/.local/bin" "${HOME}/.local/share/applications" \
  "${HOME}/.local/share/icons/hicolor/256x256/apps"
rm -rf "$dest.new" && cp -a "$src" "$dest.new" && rm -rf "$dest" && mv "$dest.new" "$dest"
ln -sf "$dest/computescore" "${HOME}/.local/bin/computescore"
sed "s|^Exec=.*|Exec=${dest}/computescore %f|" "$src/computescore.desktop" \
  > "${HOME}/.local/share/applications/computescore.desktop"
[[ -f "$src/computescore.png" ]] && cp "$src/computescore.png" \
  "${HOME}/.local/share/icons/hicolor/256x256/apps/computescore.png"
echo "Installed to $dest; start it from the menu or with 'computescore'."
