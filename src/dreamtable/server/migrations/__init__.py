"""Alembic migrations of the server's database, run by the server itself at start (see ``store.migrate``)."""
