"""An evaluation's reporting currency

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26 13:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("evaluation", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "reporting_currency", sa.String(length=3), nullable=False, server_default="USD"
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("evaluation", schema=None) as batch_op:
        batch_op.drop_column("reporting_currency")
