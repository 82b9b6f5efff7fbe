"""``dreamtable fit-leaves GAME --games N --seed S``: fit the game's leaf model to seeded self-play
(:mod:`dreamtable.workbench.leaf_fit`) and print the weights to commit beside its features."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from ..core.errors import DreamtableError
from .output import fail, with_progress


def fit_leaves(
    game: str = typer.Argument(..., help="a game that declares a leaf model (Game.leaf_model)"),
    games: int = typer.Option(3000, help="self-play games (seeds SEED … SEED+GAMES−1)"),
    seed: int = typer.Option(200000, help="the first seed"),
    players: int = typer.Option(2, help="seats in each self-play game: the model is for tables of this many"),
    workers: int = typer.Option(2, help="local processes"),
    greedy_share: float = typer.Option(0.7, help="how often a seat is greedy (else easy at T = 0.3); 1 where greedy always beats easy"),
    out: Optional[Path] = typer.Option(None, help="also write the fit as JSON"),
) -> None:
    """Fit the model a search scores its leaves with: a logistic regression of the result on each
    seat's features, from greedy and easy self-play (reproducible from the seed)."""
    from ..workbench.leaf_fit import fit_leaf_model

    console = Console()
    try:
        fit = with_progress(f"{game} self-play", lambda on_result: fit_leaf_model(
            game, games, seed, workers=workers, greedy_share=greedy_share, progress=lambda done: on_result(done, games),
            players=players))
    except DreamtableError as error:
        fail(str(error))
        return
    table = Table(title=f"{game}, {players} players: {fit.positions} positions of {fit.games} games, log loss {fit.log_loss:.4f}")
    table.add_column("feature")
    table.add_column("weight", justify="right")
    for name, weight in zip(fit.names, fit.weights):
        table.add_row(name, f"{weight:.4f}")
    console.print(table)
    console.print(f"WEIGHTS = {fit.weights!r}")
    if out is not None:
        out.write_text(json.dumps({"game": game, "players": players, "games": games, "seed": seed, "greedy_share": greedy_share, "names": fit.names,
                                   "weights": fit.weights, "log_loss": fit.log_loss, "positions": fit.positions}, indent=1),
                       encoding="utf-8")
