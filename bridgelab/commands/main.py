"""The ``bridgelab`` command. Each subcommand lives in ``bridgelab/commands/<name>.py`` and
provides ``register(subparsers)``, which adds its parser and sets ``func``."""

from __future__ import annotations

import argparse
import importlib
import sys

from ..model.errors import BridgeError

# Subcommands, in the order --help lists them.
COMMANDS = ("eval", "deal", "dealer", "auction", "score", "quiz", "lesson", "technique", "handout", "stats",
            "bid")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bridgelab",
        description="Learn and study contract bridge: evaluate hands, deal, check auctions, score.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"bridgelab.commands.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except BridgeError as e:
        print(f"bridgelab {args.command}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
