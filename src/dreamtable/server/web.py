"""The browser's pages: the lobby, a table, a replay, and each game's rules for players and for developers.

Every page is a small template of ``templates/`` in one shared layout (server/pages.py) with plain ES
modules of ``static/``, served as they are (no build step, nothing fetched from elsewhere: the
Content-Security-Policy allows this server only). The pages speak the same HTTP API and WebSocket as
any client (docs/server.md); a game is drawn by the module its own package ships (``web/board.js``,
served at ``/games/<game>/``, core/game_package.py) from the seat's view, and words come from
``core/i18n/<lang>/common.json`` (served at ``/static/i18n/``) and the game's ``web/i18n/<lang>.json``
(docs/browser.md).
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi import status as http
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt
from markupsafe import Markup
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..core.contract import State
from ..core.errors import DreamtableError
from ..core.game_package import WEB_FOLDER, catalogue, check_web_package, package_name
from ..core.game_package import developer_page, rules_page as rules_markdown
from ..core.record import Record
from ..core.words import COMMON_FOLDER
from ..core.registry import games, load
from .api import hub_of, live_room
from .pages import page, render

STATIC = Path(__file__).parent / "static"

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; media-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
"""Pages load only this server's files and talk only to it: an injected script has nowhere to go."""

router = APIRouter(include_in_schema=False)


def static_files() -> StaticFiles:
    """``/static``: the scripts, styles and sounds of the pages."""
    return StaticFiles(directory=STATIC)


def common_catalogues() -> StaticFiles:
    """``/static/i18n/<lang>/common.json``: the words every page shares, which the terminal reads
    too (core/words.py), so they live in core."""
    return StaticFiles(packages=[("dreamtable.core", COMMON_FOLDER)])


def game_files(game_id: str) -> StaticFiles:
    """``/games/<game>/``: the browser module, styles and catalogues the game's package ships, read from
    the installed package; a package that lacks one is refused here, when the server starts."""
    game = load(game_id)
    check_web_package(game)
    return StaticFiles(packages=[(package_name(game), WEB_FOLDER)])


@router.get("/games/{game_id}/data.json")
async def game_data(game_id: str) -> JSONResponse:
    """The component data a game's browser module draws from (``Game.page_data``)."""
    data = load(game_id).page_data() if game_id in {info.id for info in games()} else None
    if data is None:
        raise HTTPException(http.HTTP_404_NOT_FOUND, f"no page data for {game_id[:40]!r}")
    return JSONResponse(data)


def api_docs_assets() -> StaticFiles:
    """``/docs/assets``: Swagger UI's script and styles, from the ``swagger-ui-py`` package's static files
    (FastAPI's own docs page loads them from a CDN and starts them with an inline script; this server's
    content policy allows neither)."""
    return StaticFiles(packages=[("swagger_ui", "static")])


@router.get("/docs")
async def api_docs() -> HTMLResponse:
    """The HTTP API's reference (Swagger UI on /openapi.json), served from this server alone."""
    return page("api-docs.html")


@router.get("/")
async def lobby() -> HTMLResponse:
    return page("lobby.html")


@router.get("/tables/{table_id}")
async def table_page(table_id: str) -> HTMLResponse:
    return page("table.html")


@router.get("/replay/{table_id}")
async def replay_page(table_id: str) -> HTMLResponse:
    return page("replay.html")


_FIGURE_LINE = re.compile(r"^([a-z][a-z-]*):\s*(.*)$")


def _figure(self: Any, tokens: Any, index: int, options: Any, env: Any) -> str:
    """A fenced block ```figure of ``name: value`` lines as a ``<figure data-draw=…>`` that the page's
    script has the game's own board module draw (static/js/rules.js); ``caption`` is its caption. Any
    other fenced block is code, as usual. Values are escaped: the markdown still holds no raw HTML."""
    token = tokens[index]
    if token.info.strip() != "figure":
        return str(self.fence(tokens, index, options, env))
    fields: dict[str, str] = {}
    for line in token.content.splitlines():
        if match := _FIGURE_LINE.match(line.strip()):
            fields[match.group(1)] = match.group(2)
    caption = fields.pop("caption", "")
    data = "".join(f' data-{name}="{html.escape(value)}"' for name, value in fields.items())
    return (f'<figure class="drawing"{data}><div class="drawn"></div>'
            f'<figcaption>{html.escape(caption)}</figcaption></figure>\n')


def _markdown() -> MarkdownIt:
    renderer = MarkdownIt("commonmark", {"html": False}).enable("table")  # raw HTML in the markdown is escaped
    renderer.add_render_rule("fence", _figure)
    return renderer


PAGES = {"players": rules_markdown, "developers": developer_page}
"""The two rules pages of a game: how to play it, and its notation, rule IDs, view and tests."""

RULES_LANGUAGES = ("en", "it")
"""The languages a rules page may be asked in (static/js/i18n.js's LANGUAGES); a game without a page in
the asked one is shown in English, its base language."""

SHELL_WORDS = {
    "en": {"players": "How to play, for players", "developers": "For developers: notation, rule IDs, view and tests",
           "rules": "rules", "for-developers": "for developers"},
    "it": {"players": "Come si gioca, per chi gioca", "developers": "Per sviluppatori: notazione, ID delle regole, vista e test",
           "rules": "regole", "for-developers": "per sviluppatori"},
}
"""The few words of the rules page around its markdown (its title and the link to the other page), per language."""

OTHER_PAGE = {"players": "developers", "developers": "players"}


def _page_path(game_id: str, audience: str, language: str) -> str:
    """The page's address; English, the base language, needs no ``?lang=``."""
    path = f"/rules/{game_id}" + ("/developers" if audience == "developers" else "")
    return path if language == RULES_LANGUAGES[0] else f"{path}?lang={language}"


def _asked_language(asked: str | None, request: Request) -> str:
    """The language the reader asked for: ``?lang=`` when given (one of RULES_LANGUAGES, else a 400
    that names them), else the first of the browser's Accept-Language that we have, else English.
    The page's script then follows the language the reader chose on our pages (static/js/rules.js)."""
    if asked is not None:
        if asked not in RULES_LANGUAGES:
            raise HTTPException(http.HTTP_400_BAD_REQUEST,
                                f"no rules language {asked[:20]!r}; ask for one of {', '.join(RULES_LANGUAGES)}")
        return asked
    for part in request.headers.get("accept-language", "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in RULES_LANGUAGES:
            return tag
    return RULES_LANGUAGES[0]


@lru_cache(maxsize=64)
def _rules_html(game_id: str, audience: str, asked: str) -> str:
    game = load(game_id)
    text = PAGES[audience](game, asked)
    language = asked if text is not None else RULES_LANGUAGES[0]  # a game without a page in `asked`: English
    body = _markdown().render(text if text is not None else PAGES[audience](game) or "")
    name = next(info.name for info in games() if info.id == game_id)
    other = OTHER_PAGE[audience]
    words = SHELL_WORDS[language]
    figure_words = language if catalogue(game, language) else RULES_LANGUAGES[0]  # cards named as the game can
    title = name if audience == "players" else f"{name} — {words['for-developers']}"
    return render("rules.html", title=title, rules_word=words["rules"], game=game_id, audience=audience,
                  lang=language, asked=asked, figure_words=figure_words, other=_page_path(game_id, other, asked),
                  other_words=words[other], rules=Markup(body))  # our markdown's HTML, its raw HTML escaped (_markdown)


def _rules_response(game_id: str, audience: str, asked: str) -> HTMLResponse:
    if game_id not in {info.id for info in games()} or PAGES[audience](load(game_id)) is None:
        raise HTTPException(http.HTTP_404_NOT_FOUND, f"no rules page {game_id[:40]!r}; see /api/games")
    return HTMLResponse(_rules_html(game_id, audience, asked))


@router.get("/rules/{game_id}")
async def rules_page(game_id: str, request: Request, lang: str | None = None) -> HTMLResponse:
    """How to play the game, for someone who has not read its rulebook (the package's rules/LANG.md,
    rules/en.md when the game has none in the asked language)."""
    return _rules_response(game_id, "players", _asked_language(lang, request))


@router.get("/rules/{game_id}/developers")
async def developers_page(game_id: str, request: Request, lang: str | None = None) -> HTMLResponse:
    """The game's notation, every rule ID with its resolution, its view and tests (rules/developers.LANG.md,
    rules/developers.en.md when the game has none in the asked language)."""
    return _rules_response(game_id, "developers", _asked_language(lang, request))


# -- the replay of a finished game ----------------------------------------------------------

@lru_cache(maxsize=8)
def _replayed(record_json: str) -> tuple[tuple[State[Any], int], ...]:
    """Every state of a finished game from the setup to the end, each with its count of events."""
    record = Record.from_json(record_json)
    state = load(record.game).new(record.players, record.seed, **record.options)
    count = len(state.events())
    states = [(state.copy(), count)]
    for seat, text in record.moves:
        count += len(state.play_recorded(seat, text))
        states.append((state.copy(), count))
    return tuple(states)


@router.get("/api/tables/{table_id}/replay", include_in_schema=True,
            summary="A finished game step by step: the view of one seat (or a spectator) after a step")
async def replay_step(table_id: str, request: Request, step: int = Query(0, ge=0, le=100_000),
                      seat: int | None = Query(None, ge=0, le=19)) -> dict[str, Any]:
    room = await live_room(table_id, hub_of(request))
    if room.table is None or not room.table.is_over:
        raise HTTPException(http.HTTP_409_CONFLICT, "a game can be replayed once it is over")
    record = room.table.state.record()
    if seat is not None and seat >= record.players:
        raise HTTPException(http.HTTP_400_BAD_REQUEST, f"seat is 0–{record.players - 1}, or none for a spectator")
    try:
        states = _replayed(record.to_json())
    except DreamtableError as error:  # a record the rules no longer accept
        raise HTTPException(http.HTTP_409_CONFLICT, f"this game cannot be replayed: {error}") from None
    last = len(states) - 1
    step = min(step, last)
    state, count = states[step]
    before = states[step - 1][1] if step else 0
    return {
        "table": table_id, "game": record.game, "players": record.players, "steps": last, "step": step,
        "move": None if step == 0 else {"seat": record.moves[step - 1][0], "move": record.moves[step - 1][1]},
        "view": state.view(seat),
        "events": state.log(seat, count - before) if count > before else [],
    }


class SecurityHeaders:
    """Every page and file carries the Content-Security-Policy and refuses to be framed or sniffed."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
                            (b"referrer-policy", b"no-referrer")]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
