"""`cursord gateway status`: the nodes of a team gateway, their health and the streams they hold.

It reads the shared store (`--store postgresql://...`, or the config's `store`); no node need answer.
A node is `up` while it renews its leases, `draining` once told to stop, `silent` when its last
heartbeat is older than a lease time (it died, or cannot reach the database: its streams move to
another node at their next call).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Mapping
from typing import Any, TextIO

import trio

from cursord.cli.stores import open_for_command
from cursord.config import ConfigError, add_store_argument
from cursord.store import Lease, NodeInfo
from cursord.tap import client_config

__all__ = ["add_gateway_arguments", "format_status", "gateway_command", "run_gateway_status"]


def add_gateway_arguments(subparsers: Any) -> None:
    gateway = subparsers.add_parser("gateway", help="the nodes of a team gateway")
    actions = gateway.add_subparsers(dest="gateway_action", required=True, metavar="ACTION")
    status = actions.add_parser("status", help="nodes, their health and the leases they hold")
    status.add_argument("--leases", action="store_true", help="also list every lease (request id -> node)")
    status.add_argument("--json", action="store_true", help="one JSON object")
    status.add_argument("--config", metavar="PATH", help="a node's TOML config file (for its store)")
    status.add_argument("--data-dir", metavar="PATH", help="a node's data directory")
    add_store_argument(status)


def gateway_command(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    code: int = trio.run(run_gateway_status, args, environ, sys.stdout)
    return code


def _state(node: NodeInfo, now: float, lease_seconds: float) -> str:
    if not node.alive(now, lease_seconds):
        return "silent"
    return "draining" if node.draining else "up"


def format_status(nodes: list[NodeInfo], leases: list[Lease] | None, now: float, lease_seconds: float) -> str:
    if not nodes:
        return "no gateway nodes are registered in this store"
    header = ("NODE", "ADDRESS", "STATE", "LEASES", "HEARTBEAT", "UP")
    rows = [header] + [
        (
            node.node_id,
            node.address,
            _state(node, now, lease_seconds),
            str(node.leases),
            f"{now - node.heartbeat_at:.0f}s ago",
            f"{(now - node.started_at) / 60:.0f} min",
        )
        for node in nodes
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows]
    up = sum(1 for node in nodes if _state(node, now, lease_seconds) == "up")
    lines.append(f"\n{up} of {len(nodes)} nodes up")
    if leases is not None:
        lines.append("")
        lines.extend(
            f"{lease.request_id}  {lease.node_id}  "
            + ("expired" if lease.expires_at <= now else f"{lease.expires_at - now:.0f}s left")
            for lease in leases
        )
    return "\n".join(lines)


async def run_gateway_status(args: argparse.Namespace, environ: Mapping[str, str], out: TextIO) -> int:
    try:
        config = client_config(args, environ)
    except ConfigError as error:
        print(f"cursord gateway status: {error}", file=sys.stderr)
        return 2
    store = await open_for_command("cursord gateway status", config)
    if store is None:
        return 1
    try:
        cluster = store.cluster()
        nodes = await cluster.nodes()
        leases = await cluster.leases() if args.leases else None
    finally:
        await store.aclose()
    now, lease_seconds = time.time(), config.limits.lease_seconds
    if args.json:
        body: dict[str, Any] = {
            "nodes": [
                {"node_id": n.node_id, "address": n.address, "state": _state(n, now, lease_seconds),
                 "leases": n.leases, "heartbeat_at": n.heartbeat_at, "started_at": n.started_at}
                for n in nodes
            ],
        }
        if leases is not None:
            body["leases"] = [{"request_id": x.request_id, "node_id": x.node_id, "expires_at": x.expires_at}
                              for x in leases]
        print(json.dumps(body), file=out)
    else:
        print(format_status(nodes, leases, now, lease_seconds), file=out)
    return 0
