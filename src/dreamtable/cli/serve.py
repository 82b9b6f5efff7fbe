"""``dreamtable serve``: the online server (docs/server.md, docs/deployment.md).

Every field of the server's ``ServerSettings`` is an option and an environment variable
``DREAMTABLE_<FIELD>`` (``bot_delay``: ``--bot-delay``, ``DREAMTABLE_BOT_DELAY``). The options are
derived from the dataclass's fields when the command runs or shows its help (:class:`ServeCommand`),
so a field added there needs no code here; the few declared below keep a shown default or a range.

The server stack (fastapi, sqlalchemy, alembic: over a second to import) is imported when the
command runs, not when ``dreamtable`` starts, so every other command starts without it.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import textwrap
import typing
from typing import Any, Collection, Literal

import typer
import typer.main
from typer.core import TyperCommand

# The server's default database (server/store.py's DEFAULT_DB) as typed on the command line;
# spelled out here so that showing the option does not import the server (a test keeps them equal).
DEFAULT_DB = "sqlite:///dreamtable.db"
ENV_PREFIX = "DREAMTABLE_"
ALIASES = {"allowed_origins": ["--allow-origin"]}
"""Older option names that still work."""
_GIVEN = "dreamtable.settings"


def envvar(name: str) -> str:
    """The environment variable of setting ``name``."""
    return ENV_PREFIX + name.upper()


def field_help(settings: type) -> dict[str, str]:
    """Each field's docstring (the string under it in the class body), on one line."""
    body = ast.parse(textwrap.dedent(inspect.getsource(settings))).body[0]
    assert isinstance(body, ast.ClassDef)
    found = {}
    for statement, following in zip(body.body, body.body[1:]):
        if (isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
                and isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)):
            found[statement.target.id] = " ".join(following.value.value.split())
    return found


def setting_options(settings: type, declared: Collection[str] = ()) -> list[Any]:
    """Typer's options for the fields of the dataclass ``settings`` not ``declared`` by the command
    itself, each with its environment variable and its docstring as help (typer builds them from a
    signature made of the fields, as it would from a function's)."""
    hints = typing.get_type_hints(settings)
    helps = field_help(settings)
    parameters = []
    for field in dataclasses.fields(settings):
        if field.name in declared:
            continue
        kind = hints[field.name]
        if typing.get_origin(kind) is tuple:  # tuple[str, ...]: an option given several times
            kind = list[typing.get_args(kind)[0]]  # type: ignore[misc]
        if field.default_factory is not dataclasses.MISSING:
            default = field.default_factory()
        else:
            default = field.default  # every setting has a default: a server starts with none given
        if isinstance(default, tuple):
            default = list(default)
        names = ["--" + field.name.replace("_", "-"), *ALIASES.get(field.name, [])]
        option = typer.Option(default, *names, envvar=envvar(field.name), help=helps.get(field.name),
                              show_default=default not in (None, []))
        parameters.append(inspect.Parameter(field.name, inspect.Parameter.KEYWORD_ONLY, default=option,
                                            annotation=kind))

    def fields_as_options(**_values: Any) -> None:
        """Never run: typer reads its signature."""

    fields_as_options.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    holder = typer.Typer(add_completion=False)
    holder.command()(fields_as_options)
    return list(typer.main.get_command(holder).params)


class ServeCommand(TyperCommand):
    """``serve`` with one more option per ``ServerSettings`` field, made from the dataclass when the
    command is parsed or shows its help (importing the server only then)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._settings: list[Any] | None = None

    def settings(self, ctx: Any) -> list[Any]:
        if self._settings is None:
            from ..server.hub import ServerSettings

            self._settings = setting_options(ServerSettings, {param.name for param in self.params if param.name})
        return self._settings

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)
        declared = len(self.params)  # then the help option
        return [*params[:declared], *self.settings(ctx), *params[declared:]]

    def invoke(self, ctx: Any) -> Any:
        # typer passes the function only the parameters it declares: hand it the others apart
        ctx.meta[_GIVEN] = {option.name: _dataclass_value(ctx.params.pop(option.name))
                            for option in self.settings(ctx) if option.name in ctx.params}
        return super().invoke(ctx)


def _dataclass_value(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value  # the settings are frozen: tuples, not lists


def serve(
    ctx: typer.Context,
    host: str = typer.Option("127.0.0.1", envvar=envvar("host"), help="address to listen on (loopback by default)"),
    port: int = typer.Option(8000, min=1, max=65535, envvar=envvar("port"), help="port to listen on"),
    db: str = typer.Option(DEFAULT_DB, envvar=envvar("db"),
                           help="database URL: sqlite:///FILE (default) or postgresql://USER:PASS@HOST/DB"),
    bot_delay: float = typer.Option(0.6, min=0, max=10, envvar=envvar("bot_delay"),
                                    help="seconds a bot waits at the start of its turn, so people can follow"),
    log_format: Literal["json", "text"] = typer.Option(
        "json", envvar=envvar("log_format"), help="the log on stderr: one JSON object a line, or text for a terminal"),
) -> None:
    """Run the online server: tables, seats by join link, live play over WebSockets.

    Every option can be set by its environment variable instead (shown with it); SIGTERM stops
    the server gently (docs/deployment.md)."""
    from ..server.app import serve as run_server
    from ..server.hub import ServerSettings
    from ..server.origins import normalised

    given = dict(ctx.meta.get(_GIVEN, {}))
    try:  # origins are compared as browsers write them
        given["allowed_origins"] = tuple(normalised(origin) for origin in given.get("allowed_origins", ()))
        if given.get("public_origin"):
            given["public_origin"] = normalised(given["public_origin"])
    except ValueError as refused:
        raise typer.BadParameter(str(refused)) from None
    settings = ServerSettings(db=db, bot_delay=bot_delay, **given)

    def greet(url: str) -> None:  # the JSON log says it in uvicorn's own line
        if log_format == "text":
            typer.echo(f"dreamtable server on {url} (API at {url}/docs; Ctrl-C stops it)", err=True)

    from ..server.app import PortBusy

    try:
        run_server(settings, host, port, log_format=log_format, on_ready=greet)
    except PortBusy as busy:
        typer.echo(f"Error: {busy}", err=True)
        raise typer.Exit(1) from None
