"""The user guide, the quote-format reference and the architecture notes, shipped with the app.

Installed as the package ``computescore.docs`` (see ``pyproject.toml``) so Help ▸ User
guide reads the same file a reader of the repository does.
"""
