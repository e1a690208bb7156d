"""A workload's model shape (for its KV cache), its MFU when training at 8 bits, its job
cadence, and a quote's stated spot interruption rate

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26 09:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("workload_profile", schema=None) as batch_op:
        batch_op.add_column(sa.Column("layers", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("kv_heads", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("head_dim", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("kv_bytes", sa.Float(), nullable=False, server_default="2.0"))
        batch_op.add_column(sa.Column("fp8_training_mfu", sa.Float(), nullable=True))
        batch_op.add_column(sa.Column("job_every_days", sa.Float(), nullable=True))
    with op.batch_alter_table("reliability", schema=None) as batch_op:
        batch_op.add_column(sa.Column("spot_interruptions_per_hour", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("reliability", schema=None) as batch_op:
        batch_op.drop_column("spot_interruptions_per_hour")
    with op.batch_alter_table("workload_profile", schema=None) as batch_op:
        for column in (
            "job_every_days",
            "fp8_training_mfu",
            "kv_bytes",
            "head_dim",
            "kv_heads",
            "layers",
        ):
            batch_op.drop_column(column)
