"""Log-in limits shared by every process: failed log-ins and registrations are counted in the
database, so N processes behind a balancer do not give a guesser N times the tries.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "login_attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_login_attempts_kind_key_at", "login_attempts", ["kind", "key", "at"])


def downgrade() -> None:
    op.drop_index("ix_login_attempts_kind_key_at", "login_attempts")
    op.drop_table("login_attempts")
