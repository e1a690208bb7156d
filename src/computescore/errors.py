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


class StaleEdit(UserError):
    """An edit made on a value someone else changed since it was read; nothing was written.

    Attributes:
        what: what was being edited ("line 3 of BL-7731").
        theirs: the value now stored, as text.
        mine: the value the edit would write, as text.
        who: who changed it (the user name in the audit log), "" when unknown.
        when: when they changed it, as text, "" when unknown.
    """

    exit_code = 3

    def __init__(self, what: str, theirs: str, mine: str, who: str = "", when: str = "") -> None:
        self.what, self.theirs, self.mine, self.who, self.when = what, theirs, mine, who, when
        by = f" by {who}" if who else ""
        at = f" at {when}" if when else ""
        super().__init__(
            f"{what[:1].upper()}{what[1:]} was changed{by}{at} since you read it: reload to "
            f"see the change, or overwrite it. Now: {theirs}; yours: {mine}."
        )
