"""Recently deleted records, kept so a deletion can be undone after a restart

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26 01:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

from computescore.store.types import JsonText

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "deleted_record",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("label", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("evaluation", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("deleted_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("os_user", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("payload", JsonText(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deleted_record")),
    )


def downgrade() -> None:
    op.drop_table("deleted_record")
