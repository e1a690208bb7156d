"""A quote line's lead time: days from order to capacity, as a returned RFQ states it

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26 04:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("quote_line", schema=None) as batch_op:
        batch_op.add_column(sa.Column("lead_time_days", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("quote_line", schema=None) as batch_op:
        batch_op.drop_column("lead_time_days")
