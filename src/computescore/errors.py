"""Errors that are the world's fault, shown to the user as one plain sentence.

Anything that is not a ``UserError`` is a bug: it is logged with its traceback and
the user is shown where the log is.
"""

from __future__ import annotations


class UserError(Exception):
    """A problem the user can fix (bad file, missing rate, unknown name).

    ``exit_code`` is what the command line returns for it: 3 means the input was
    refused and nothing was written; 2 means the command was used wrongly.
    """

    exit_code = 3

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class UsageError(UserError):
    """The command or dialog was used wrongly (unknown option value, missing argument)."""

    exit_code = 2


class InputRefused(UserError):
    """An input (file, value) was refused; nothing was written."""

    exit_code = 3


class NotFound(UserError):
    """A named thing (evaluation, vendor, quote) does not exist."""

    exit_code = 3


class DatabaseError(UserError):
    """The database file cannot be used (damaged, not a database, locked too long)."""

    exit_code = 3
