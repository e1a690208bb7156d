"""A workload's need-by date: the day its capacity must be in service

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27 15:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("workload_profile", schema=None) as batch_op:
        batch_op.add_column(sa.Column("needed_by", sa.Date(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("workload_profile", schema=None) as batch_op:
        batch_op.drop_column("needed_by")
