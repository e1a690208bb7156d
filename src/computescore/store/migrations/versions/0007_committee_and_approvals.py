"""Qualitative criteria scored by each evaluator, the lead's consensus, and approvals

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26 06:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"), ondelete="CASCADE"
    )


def upgrade() -> None:
    with op.batch_alter_table("evaluation", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("blind_scoring", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.add_column(
            sa.Column("disagreement_points", sa.Float(), nullable=False, server_default="3.0")
        )
    op.create_table(
        "criterion",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("evaluation_id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column("axis", sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column("weight", sa.Float(), nullable=False),
        sa.Column("scale_max", sa.Float(), nullable=False),
        sa.Column("description", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        _fk("criterion", "evaluation_id", "evaluation"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_criterion")),
        sa.UniqueConstraint("evaluation_id", "name", name="uq_criterion_evaluation_id_name"),
    )
    with op.batch_alter_table("criterion", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_criterion_evaluation_id"), ["evaluation_id"], unique=False
        )
    op.create_table(
        "criterion_score",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("criterion_id", sa.Integer(), nullable=False),
        sa.Column("vendor_id", sa.Integer(), nullable=False),
        sa.Column("evaluator", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("note", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("scored_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("submitted_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        _fk("criterion_score", "criterion_id", "criterion"),
        _fk("criterion_score", "vendor_id", "vendor"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_criterion_score")),
        sa.UniqueConstraint(
            "criterion_id", "vendor_id", "evaluator", name="uq_criterion_score_one_per_evaluator"
        ),
    )
    with op.batch_alter_table("criterion_score", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_criterion_score_criterion_id"), ["criterion_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_criterion_score_vendor_id"), ["vendor_id"], unique=False
        )
    op.create_table(
        "consensus_score",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("criterion_id", sa.Integer(), nullable=False),
        sa.Column("vendor_id", sa.Integer(), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("reason", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("decided_by", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("decided_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        _fk("consensus_score", "criterion_id", "criterion"),
        _fk("consensus_score", "vendor_id", "vendor"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_consensus_score")),
        sa.UniqueConstraint(
            "criterion_id", "vendor_id", name="uq_consensus_score_criterion_vendor"
        ),
    )
    with op.batch_alter_table("consensus_score", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_consensus_score_criterion_id"), ["criterion_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_consensus_score_vendor_id"), ["vendor_id"], unique=False
        )
    op.create_table(
        "approval",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("evaluation_id", sa.Integer(), nullable=False),
        sa.Column("approver", sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
        sa.Column("approved_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column("fingerprint", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("workload", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("note", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        _fk("approval", "evaluation_id", "evaluation"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_approval")),
    )
    with op.batch_alter_table("approval", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_approval_evaluation_id"), ["evaluation_id"], unique=False
        )


def downgrade() -> None:
    op.drop_table("approval")
    op.drop_table("consensus_score")
    op.drop_table("criterion_score")
    op.drop_table("criterion")
    with op.batch_alter_table("evaluation", schema=None) as batch_op:
        batch_op.drop_column("disagreement_points")
        batch_op.drop_column("blind_scoring")
