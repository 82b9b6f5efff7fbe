"""Dream Cycle's events, still in the first shape of the core's events: the acting seat, the
sentence as a template, and the template's fields.

The core's :class:`~dreamtable.core.visibility.Event` is now ``Event(kind, actor, fields)``, and
its sentences still read the older ``Event(actor, text, fields)`` (the branch marked TEMPORARY in
``core/contract.py``). Issue 12's structured-events step gives Dream Cycle its event kinds and
sentences; until then every event of the game is made by :func:`happened`, in this one place.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.visibility import Event


def happened(actor: int | None, text: str, fields: Mapping[str, Any] | None = None) -> Event:
    """An event in the older order: who acted, the sentence template, its fields."""
    return Event(actor, text, fields)  # type: ignore[arg-type]  # the older order core's sentence() reads


__all__ = ["happened"]
