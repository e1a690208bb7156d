"""The import wizard: files → preview → column mapping → check → import.

Files are read by the importer (``io.reader.read_quote_file``, which parses each
file in a child process with time and memory limits) on the thread pool, with
progress and Cancel. Nothing is written until the last step, where every quote of
every file is stored in one transaction as one undoable import batch.
"""

from __future__ import annotations

from computescore.gui.dialogs.import_wizard.command import (
    ServiceImportCommand as ServiceImportCommand,
)
from computescore.gui.dialogs.import_wizard.command import read_files as read_files
from computescore.gui.dialogs.import_wizard.preview_model import PROBLEM_COLUMNS as PROBLEM_COLUMNS
from computescore.gui.dialogs.import_wizard.preview_model import PreviewModel as PreviewModel
from computescore.gui.dialogs.import_wizard.wizard import ImportWizard as ImportWizard
from computescore.gui.dialogs.import_wizard.words import FIELD_CHOICES as FIELD_CHOICES
from computescore.gui.dialogs.import_wizard.words import QUOTE_FILTER as QUOTE_FILTER
from computescore.gui.dialogs.import_wizard.words import STEPS as STEPS
from computescore.gui.dialogs.import_wizard.words import ReadResult as ReadResult
from computescore.gui.dialogs.import_wizard.words import guess_vendor as guess_vendor
from computescore.gui.dialogs.import_wizard.words import log as log
from computescore.gui.dialogs.import_wizard.words import numbers_sentence as numbers_sentence
from computescore.gui.dialogs.import_wizard.words import where_of as where_of
