"""Player accounts: accounts, their sessions, the seats they hold, and the key that seals seat tokens.

Nothing existing changes: every table and seat stays a guest's until someone logs in and claims it.

Revision ID: 0003
Revises: 0002
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(128), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "account_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    op.create_table(
        "account_seats",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("sealed", sa.String(255), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_account_seats_account_id", "account_seats", ["account_id"])
    server_secrets = sa.table("server_secrets", sa.column("name", sa.String), sa.column("value", sa.String))
    op.bulk_insert(server_secrets, [{"name": "seat-key", "value": secrets.token_hex(32)}])


def downgrade() -> None:
    op.execute("DELETE FROM server_secrets WHERE name = 'seat-key'")
    op.drop_table("account_seats")
    op.drop_table("account_sessions")
    op.drop_table("accounts")
