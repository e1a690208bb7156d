"""A workload's demand profile (baseline and peak months) for the award plan

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25 20:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("workload_profile", schema=None) as batch_op:
        batch_op.add_column(sa.Column("baseline_accelerators", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("peak_months_per_year", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("workload_profile", schema=None) as batch_op:
        batch_op.drop_column("peak_months_per_year")
        batch_op.drop_column("baseline_accelerators")
