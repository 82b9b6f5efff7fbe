"""Quotas and idempotent rematches: a table's creator, one rematch per table, a key for hashes.

* ``tables.creator``: a keyed hash of the address that created the table, indexed with the status,
  so the tables one client holds are counted in the database (every process, after a restart).
* ``tables.rematch_of`` becomes unique: racing rematch requests make one new table. Tables made
  twice by the old race keep their games; only the one the finished table names (else the first)
  stays marked as its rematch.
* ``server_secrets`` holds ``client-key``, the random key of the creators' hashes, made here once
  for the database, so every process hashes an address the same way.

Revision ID: 0002
Revises: 0001
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("creator", sa.String(64), nullable=True))
    op.create_index("ix_tables_creator_status", "tables", ["creator", "status"])
    # Rematches made twice before this revision: keep the one the old table names, then the first.
    op.execute("UPDATE tables SET rematch_of = NULL WHERE rematch_of IS NOT NULL AND id <> COALESCE("
               "(SELECT old.rematch FROM tables old WHERE old.id = tables.rematch_of), id)")
    op.execute("UPDATE tables SET rematch_of = NULL WHERE rematch_of IS NOT NULL AND id > "
               "(SELECT MIN(other.id) FROM tables other WHERE other.rematch_of = tables.rematch_of)")
    op.create_index("ix_tables_rematch_of", "tables", ["rematch_of"], unique=True)
    server_secrets = op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    op.bulk_insert(server_secrets, [{"name": "client-key", "value": secrets.token_hex(32)}])


def downgrade() -> None:
    op.drop_table("server_secrets")
    op.drop_index("ix_tables_rematch_of", "tables")
    op.drop_index("ix_tables_creator_status", "tables")
    op.drop_column("tables", "creator")
