"""The pages' HTML: ``templates/``, rendered by Jinja2.

``templates/layout.html`` holds what every page shares, its head (the site's styles and icon) and the
site's header (the brand, the language picker); each page extends it with only what is its own: its
title, its scripts, what its header adds and its body. The templates are read from the installed
package, like a game's web files (core/game_package.py). Every page but a rules page is the same for
every reader, so it is rendered once; the browser's scripts fill it in (docs/browser.md).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fastapi import status as http
from fastapi.responses import HTMLResponse
from jinja2 import Environment, PackageLoader, StrictUndefined

TEMPLATES = Environment(loader=PackageLoader("dreamtable.server", "templates"), autoescape=True,
                        undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                        auto_reload=False)
"""Values are escaped (a game's name, a link); a name the page uses but was not given is an error, not
an empty string; a block's tags leave no blank lines behind."""


def render(name: str, **values: Any) -> str:
    """The page ``templates/<name>`` with ``values`` in place."""
    return TEMPLATES.get_template(name).render(**values)


@lru_cache(maxsize=None)
def _rendered(name: str) -> str:
    return render(name)


def page(name: str, status_code: int = http.HTTP_200_OK) -> HTMLResponse:
    """A page that is the same for every reader, with ``status_code`` (a player with no account is
    shown the same page, with a 404)."""
    return HTMLResponse(_rendered(name), status_code=status_code)
