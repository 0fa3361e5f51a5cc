"""`cursord users` and `cursord teams`: the people of a team gateway, their tokens and daily budgets.

They work on the store of the configured data dir (`--data-dir`, `--config`), whether or not the
daemon runs (SQLite in WAL mode takes a second writer; the daemon reads users and budgets on every
request, so a change applies at once). `users add` prints the new token once: only its hash is kept.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, TextIO

import trio

from cursord.cli.stores import open_for_command
from cursord.config import ConfigError, add_store_argument
from cursord.store import Budget, PeopleError, PeopleStore, Scope, Spend
from cursord.tap import client_config

__all__ = ["add_people_arguments", "people_command", "run_people"]


def _limit(kind: type[int] | type[float]) -> Any:
    def parse(text: str) -> int | float | None:
        if text == "none":
            return None
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number (or 'none')") from None
        if value < 0:
            raise argparse.ArgumentTypeError(f"{text!r} is negative")
        return value

    return parse


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="PATH", help="the daemon's TOML config file (for its data_dir)")
    parser.add_argument("--data-dir", metavar="PATH", help="the daemon's data directory")
    add_store_argument(parser)


def _budget_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tokens-per-day", type=_limit(int), default=argparse.SUPPRESS, metavar="N",
                        help="input + output tokens per UTC day ('none': no limit)")
    parser.add_argument("--cost-per-day", type=_limit(float), default=argparse.SUPPRESS, metavar="USD",
                        help="USD per UTC day at the recorded prices ('none': no limit)")
    _common(parser)


def add_people_arguments(subparsers: Any) -> None:
    users = subparsers.add_parser("users", help="the users of a team gateway (tokens, budgets)")
    actions = users.add_subparsers(dest="people_action", required=True, metavar="ACTION")
    add = actions.add_parser("add", help="create a user and print its token (shown once)")
    add.add_argument("name")
    add.add_argument("--team", help="the user's team (its budget applies too)")
    _common(add)
    _common(actions.add_parser("list", help="users, teams and budgets"))
    remove = actions.add_parser("remove", help="remove a user (its token stops working at once)")
    remove.add_argument("name")
    _common(remove)
    budget = actions.add_parser("budget", help="set a user's daily budget")
    budget.add_argument("name")
    _budget_arguments(budget)

    teams = subparsers.add_parser("teams", help="the teams of a team gateway (budgets)")
    team_actions = teams.add_subparsers(dest="people_action", required=True, metavar="ACTION")
    _common(team_actions.add_parser("list", help="teams, their members and budgets"))
    team_budget = team_actions.add_parser("budget", help="set a team's daily budget (all its users together)")
    team_budget.add_argument("name")
    _budget_arguments(team_budget)


def people_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    code: int = trio.run(run_people, args, environ, sys.stdout)
    return code


async def run_people(args: argparse.Namespace, environ: Mapping[str, str], out: TextIO) -> int:
    what = f"cursord {args.command} {args.people_action}"
    try:
        config = client_config(args, environ)
    except ConfigError as error:
        print(f"{what}: {error}", file=sys.stderr)
        return 2
    store = await open_for_command(what, config)
    if store is None:
        return 1
    try:
        return await _act(args, store.people(), out)
    except PeopleError as error:
        print(f"{what}: {error}", file=sys.stderr)
        return 1
    finally:
        await store.aclose()


async def _act(args: argparse.Namespace, people: PeopleStore, out: TextIO) -> int:
    scope = Scope.USER if args.command == "users" else Scope.TEAM
    action = args.people_action
    if action == "add":
        token = await people.add_user(args.name, args.team)
        print(f"user {args.name} added{f' to team {args.team}' if args.team else ''}; its token (shown only now):",
              file=sys.stderr)
        print(token, file=out)
        return 0
    if action == "remove":
        if not await people.remove_user(args.name):
            raise PeopleError(f"no user {args.name!r}")
        print(f"user {args.name} removed", file=out)
        return 0
    if action == "budget":
        if scope is Scope.USER and await people.user(args.name) is None:
            raise PeopleError(f"no user {args.name!r}")
        old = await people.budget(scope, args.name) or Budget(scope, args.name)
        new = Budget(
            scope,
            args.name,
            getattr(args, "tokens_per_day", old.tokens_per_day),
            getattr(args, "cost_per_day", old.cost_per_day_usd),
        )
        await people.set_budget(new)
        print(f"{scope.value} {args.name}: {_budget_text(new)}", file=out)
        return 0
    await _list(people, scope, out)
    return 0


def _budget_text(budget: Budget | None) -> str:
    if budget is None or (budget.tokens_per_day is None and budget.cost_per_day_usd is None):
        return "no budget"
    parts = []
    if budget.tokens_per_day is not None:
        parts.append(f"{budget.tokens_per_day:,} tokens/day")
    if budget.cost_per_day_usd is not None:
        parts.append(f"${budget.cost_per_day_usd:,.2f}/day")
    return ", ".join(parts)


def _spend_text(spend: Spend) -> str:
    """What a user or team used today, in the budgets' terms: tokens and cost (`+`: passes of unknown cost)."""
    if spend.tokens == 0 and spend.unpriced == 0:
        return "-"
    return f"{spend.tokens:,} tokens, ${spend.cost_usd:,.4f}" + ("+" if spend.unpriced else "")


def _utc_day_start(now: float) -> float:
    """00:00 UTC of `now`'s day: where the daily budgets (and `USED TODAY`) start counting."""
    return datetime.fromtimestamp(now, UTC).replace(hour=0, minute=0, second=0, microsecond=0).timestamp()


async def _list(people: PeopleStore, scope: Scope, out: TextIO) -> None:
    users = await people.users()
    budgets = {(b.scope, b.name): b for b in await people.budgets()}
    today = _utc_day_start(time.time())
    if scope is Scope.USER:
        if not users:
            print("no users (add one with: cursord users add NAME [--team TEAM])", file=out)
            return
        rows: list[tuple[str, ...]] = [("USER", "TEAM", "BUDGET", "USED TODAY (UTC)", "CREATED")]
        for user in users:
            created = datetime.fromtimestamp(user.created_at, UTC).strftime("%Y-%m-%d %H:%M UTC")
            used = _spend_text(await people.spent(Scope.USER, user.name, today))
            rows.append((user.name, user.team or "-", _budget_text(budgets.get((Scope.USER, user.name))), used,
                         created))
    else:
        teams = sorted({u.team for u in users if u.team} | {name for s, name in budgets if s is Scope.TEAM})
        if not teams:
            print("no teams (give a user one with: cursord users add NAME --team TEAM)", file=out)
            return
        rows = [("TEAM", "USERS", "BUDGET", "USED TODAY (UTC)")]
        for team in teams:
            members = ", ".join(u.name for u in users if u.team == team) or "-"
            used = _spend_text(await people.spent(Scope.TEAM, team, today))
            rows.append((team, members, _budget_text(budgets.get((Scope.TEAM, team))), used))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip(), file=out)
