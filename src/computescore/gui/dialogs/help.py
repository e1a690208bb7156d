"""Help inside the app: the user guide, the quote-file reference and the keyboard shortcuts.

The guide and the reference are the Markdown files of ``docs/`` (installed as
``computescore.docs``), shown with Qt's own Markdown renderer; the shortcut list is
read from the window's actions, so it is never out of date.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

HELP_FILES = {
    "guide": ("User guide", "USER_GUIDE.md"),
    "format": ("Quote file format", "QUOTE_FORMAT.md"),
}


def docs_folder() -> Path:
    """The folder of the shipped guides."""
    return Path(str(resources.files("computescore.docs")))


def shortcuts_markdown(actions: Iterable[QAction]) -> str:
    """A Markdown table of every action that has a keyboard shortcut."""
    rows = []
    seen = set()
    for action in actions:
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()]
        name = action.text().replace("&", "").rstrip("…").strip()
        if not keys or not name or name in seen:
            continue
        seen.add(name)
        rows.append(f"| {name} | {' or '.join(keys)} |")
    return "# Keyboard shortcuts\n\n| Command | Keys |\n|---|---|\n" + "\n".join(sorted(rows))


class HelpDialog(QDialog):
    """A readable page of help (Markdown), resizable, with links that open in the browser."""

    def __init__(self, title: str, markdown: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(820, 640)
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.setSearchPaths([str(docs_folder())])
        self.browser.setMarkdown(markdown)
        layout.addWidget(self.browser, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


def help_dialog(key: str, parent: QWidget | None = None) -> HelpDialog:
    """The dialog for a shipped guide (``guide`` or ``format``)."""
    title, file = HELP_FILES[key]
    text = (docs_folder() / file).read_text(encoding="utf-8")
    return HelpDialog(title, text, parent)
