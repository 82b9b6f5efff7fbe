"""Alembic's entry point: run the migrations on the connection the server hands over.

The server calls Alembic in-process (``store.migrate``) with an open connection in
``config.attributes["connection"]``; there is no alembic.ini and no command line to run by hand.
"""

from alembic import context

from dreamtable.server.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
