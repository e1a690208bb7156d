"""The store: one unit of work (transaction) per user action, and the queries the app needs.

``Store.transaction()`` yields a :class:`UnitOfWork`; everything written inside it
commits together or not at all, and every change writes an audit row in the same
transaction. Repositories never commit on their own. Table views read plain Core
rows (``Store.line_rows``), not ORM objects, so 100,000 lines load quickly.
"""

from __future__ import annotations

from computescore.store.repository.base import AUDIT_GENESIS as AUDIT_GENESIS
from computescore.store.repository.base import LINES_PER_INSERT as LINES_PER_INSERT
from computescore.store.repository.base import QuoteSummary as QuoteSummary
from computescore.store.repository.base import name_key as name_key
from computescore.store.repository.base import os_user as os_user
from computescore.store.repository.deleted import DeletedRecord as DeletedRecord
from computescore.store.repository.store import Store as Store
from computescore.store.repository.unit_of_work import UnitOfWork as UnitOfWork
