"""``bridgelab eval HAND``: a hand's evaluations, as text or JSON."""

from __future__ import annotations

import json

from ..model.evaluate import EVALUATORS
from ..model.hand import Hand


def register(sub) -> None:
    p = sub.add_parser("eval", help="evaluate a hand given in PBN form (AKQ2.KJ4.A93.T52)")
    p.add_argument("hand", nargs="+", help="one or more hands, spades.hearts.diamonds.clubs")
    p.add_argument("--json", action="store_true", help="print JSON for scripts")
    p.set_defaults(func=run)


def _row(hand: Hand) -> dict:
    """The built-in summary, then any point count the user registered (lengths are the shape)."""
    row = hand.summary()
    row.update({name: hand.evaluate(name) for name in EVALUATORS if name not in row and name != "length"})
    return row


def run(args) -> int:
    hands = [Hand.from_pbn(text) for text in args.hand]
    rows = [_row(h) for h in hands]
    if args.json:
        print(json.dumps(rows if len(rows) > 1 else rows[0], ensure_ascii=False))
        return 0
    for h, row in zip(hands, rows):
        print(h)
        width = max(len(k) for k in row)
        for key, value in row.items():
            if key == "hand":
                continue
            if key == "shape":
                value = "-".join(map(str, value)) + " (S-H-D-C)"
            print(f"  {key.replace('_', ' ').ljust(width)}  {value}")
        if len(hands) > 1:
            print()
    return 0
