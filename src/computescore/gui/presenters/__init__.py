"""Qt-free presenters: what the pages show, as text and records, testable without a window."""
