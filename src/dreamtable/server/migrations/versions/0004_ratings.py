"""Ratings per game of accounts and bots, and the finished tables they have looked at.

Games finished before this revision are rated too, the first time a leaderboard is asked for
(oldest first), if every seat was an account or a bot.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("player", sa.String(80), primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_account_id", "ratings", ["account_id"])
    op.create_table(
        "rated_tables",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rated_tables")
    op.drop_table("ratings")
