"""A quote keeps what its import warned about (a total that does not add up …)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26 04:10:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import computescore.store.types

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("quote", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("import_warnings", computescore.store.types.JsonText(), nullable=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("quote", schema=None) as batch_op:
        batch_op.drop_column("import_warnings")
