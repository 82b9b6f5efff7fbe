"""Action forms: moves with free parameters, described so that a client can offer them without notation.

Most moves are listed in full by ``state.legal_actions(seat)``. Some have parameters no list can
hold — When I Dream's clue and guess words, Dream Cycle's trade offers and brake plans. For those
``state.action_forms(seat)`` returns :class:`ActionForm` values: the notation as a template with
named parameters and each parameter's kind and bounds. ``form.fill(**values)`` checks the values
and writes the notation, which ``game.parse_action`` then reads like any typed move. ``apply``
accepts exactly what ``legal_actions`` lists plus what the forms describe, nothing else (the test
kit checks it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import DreamtableError
from .seats import seat_name

ParamKind = Literal["int", "seat", "choice", "choices", "word", "text"]


class FormError(DreamtableError, ValueError):
    """A form filled with a missing, unknown, mistyped or out-of-bounds value; the message names the
    parameter and says what is allowed."""


JSON_SAMPLES: tuple[Any, ...] = ("x", 7, 2.5, True, None, ["x"], {"x": 1})
"""One value of each JSON type (text, number, fraction, true/false, null, list, table): the test kit
fills every parameter of every form with each (``testing.check_form_types``)."""


def _shown(value: Any) -> str:
    """A value as a refusal quotes it: short (a client may send 60 kB) and with its JSON type."""
    kind = {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list",
            dict: "a table", type(None): "null"}.get(type(value), type(value).__name__)
    text = repr(value)
    return f"{text[:40]}{'…' if len(text) > 40 else ''} ({kind})"


@dataclass(frozen=True)
class Param:
    """One parameter of a form.

    * ``int``: a whole number from ``low`` to ``high``;
    * ``seat``: a seat from ``low`` to ``high`` (an int; written as its letter);
    * ``choice``: one of ``choices``; ``choices``: several of them, space-separated, up to ``high``;
    * ``word``: one word (no spaces) of 1 to ``max_length`` characters;
    * ``text``: free text of up to ``max_length`` characters matching ``pattern`` when one is given.
    """

    name: str
    kind: ParamKind
    doc: str = ""
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    max_length: int = 40
    pattern: str = ""

    def write(self, value: Any) -> str:
        """The value as it appears in the notation, or ``FormError`` naming the parameter and saying
        what is allowed: every JSON type (text, number, true/false, null, list, table) that is not
        the parameter's is refused, never passed on to fail elsewhere."""
        kind = self.kind
        if kind in ("int", "seat"):
            if type(value) is not int or not self.low <= value <= self.high:  # not a bool, not 3.0
                shown = f"{seat_name(self.low)}–{seat_name(self.high)}" if kind == "seat" else f"{self.low}–{self.high}"
                what = "a seat given as its number" if kind == "seat" else "a whole number"
                raise FormError(f"{self.name} must be {what} {shown}, not {_shown(value)}")
            return seat_name(value) if kind == "seat" else str(value)
        if kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                raise FormError(f"{self.name} must be one of {', '.join(self.choices)}, not {_shown(value)}")
            return value
        if kind == "choices":
            items = value.split() if isinstance(value, str) else list(value) if isinstance(value, (list, tuple)) else None
            if (items is None or len(items) > self.high
                    or not all(isinstance(item, str) and item in self.choices for item in items)):
                raise FormError(f"{self.name} takes up to {self.high} of {', '.join(self.choices)} "
                                f"(as text or a list of text), not {_shown(value)}")
            return " ".join(items)
        if not isinstance(value, str):
            raise FormError(f"{self.name} must be text, not {_shown(value)}")
        text = " ".join(value.split())
        if not text or len(text) > self.max_length or (kind == "word" and " " in text):
            what = "one word" if kind == "word" else "text"
            raise FormError(f"{self.name} must be {what} of 1–{self.max_length} characters, not {_shown(value)}")
        if self.pattern and not re.fullmatch(self.pattern, text):
            raise FormError(f"{self.name} {_shown(text)} is not in the expected form: {self.doc or self.pattern}")
        return text

    def samples(self) -> list[Any]:
        """Values inside the bounds (for the test kit and for clients' placeholders)."""
        if self.kind in ("int", "seat"):
            return sorted({self.low, self.high})
        if self.kind == "choice":
            return list(self.choices)
        if self.kind == "choices":
            return [[], list(self.choices[: self.high])]
        return []  # free words: the game's own tests cover what its rules accept

    def out_of_bounds(self) -> list[Any]:
        """Values outside the bounds, each of which ``write`` must refuse."""
        if self.kind in ("int", "seat"):
            return [self.low - 1, self.high + 1, "1", None]
        if self.kind in ("choice", "choices"):
            return ["%%"]
        return ["", "x" * (self.max_length + 1), 7]

    def to_json(self) -> dict[str, Any]:
        """The parameter as plain JSON, for a client that builds a small form."""
        shown: dict[str, Any] = {"name": self.name, "kind": self.kind, "doc": self.doc}
        if self.kind in ("int", "seat"):
            shown.update(low=self.low, high=self.high)
        elif self.kind in ("choice", "choices"):
            shown["choices"] = list(self.choices)
            if self.kind == "choices":
                shown["high"] = self.high
        else:
            shown["max_length"] = self.max_length
        return shown


@dataclass(frozen=True)
class ActionForm:
    """A move with free parameters: a label in words, the notation as a template, the parameters.

    ``template`` names each parameter in braces, e.g. ``"clue {seq} {word}"`` with fixed values
    already written in (``"clue 3 {word}"``).
    """

    kind: str
    label: str
    template: str
    params: tuple[Param, ...] = field(default=())

    def fill(self, **values: Any) -> str:
        """The notation of this move with ``values``; ``FormError`` for a missing, unknown or bad value."""
        names = {param.name for param in self.params}
        unknown = sorted(name[:40] for name in set(values) - names)  # a client's names, shortened
        missing = sorted(names - set(values))
        if unknown or missing:
            raise FormError(
                f"the form {self.kind!r} takes {', '.join(sorted(names)) or 'no values'}"
                + (f"; unknown: {', '.join(unknown)}" if unknown else "")
                + (f"; missing: {', '.join(missing)}" if missing else "")
            )
        written = {param.name: param.write(values[param.name]) for param in self.params}
        return " ".join(self.template.format(**written).split())

    def matches(self, text: str) -> bool:
        """Whether ``text`` is this form's notation with some values (not checking their bounds)."""
        pattern = re.escape(self.template)
        for param in self.params:
            pattern = pattern.replace(re.escape("{" + param.name + "}"), "(.*?)")
        return re.fullmatch(pattern, " ".join(text.split()), flags=re.IGNORECASE) is not None

    def to_json(self) -> dict[str, Any]:
        """The form as plain JSON, for a client."""
        return {"kind": self.kind, "label": self.label, "template": self.template,
                "params": [param.to_json() for param in self.params]}
