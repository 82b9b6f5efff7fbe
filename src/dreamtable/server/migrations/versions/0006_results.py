"""Each account's result in every finished game it played; the ratings are counted again.

A game abandoned to a stand-in bot now counts (the one who left loses), so every finished game is
looked at again: ``ratings`` and ``rated_tables`` are emptied here and refilled, oldest game first,
the next time a leaderboard or a profile is asked for, with each account's result kept in
``results``.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("left", sa.Boolean, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
    )
    op.create_index("ix_results_account_id", "results", ["account_id"])
    op.create_index("ix_results_finished_at", "results", ["finished_at"])
    op.execute("DELETE FROM rated_tables")
    op.execute("DELETE FROM ratings")


def downgrade() -> None:
    op.drop_table("results")
