"""``bridgelab score CONTRACT --tricks N [--vulnerable]``: a duplicate score, part by part.

``bridgelab score Pass`` scores a passed-out deal: 0 for each side (no --tricks needed)."""

from __future__ import annotations

import json

from ..model.contract import PassedOut
from ..model.errors import ParseError
from ..rules.scoring import RULES, read_result, score_breakdown


def register(sub) -> None:
    p = sub.add_parser("score", help="the duplicate score of a contract (Law 77), explained part by part")
    p.add_argument("contract", help="the contract: 4S, 3NTX, 6HXX, '4S by N', or Pass (passed out)")
    p.add_argument(
        "--tricks",
        "-t",
        type=int,
        default=None,
        help="tricks taken by declarer (0-13); not needed for a passed-out deal",
    )
    p.add_argument("--vulnerable", "-v", action="store_true", help="the declaring side is vulnerable")
    p.add_argument(
        "--rules",
        choices=sorted(RULES),
        default="current",
        help="scoring table: current (2017 laws, the default) or pre-1987",
    )
    p.add_argument("--json", action="store_true", help="print JSON for scripts")
    p.set_defaults(func=run)


def run(args) -> int:
    contract = read_result(args.contract)
    tricks = args.tricks
    if tricks is None:
        if not isinstance(contract, PassedOut):
            raise ParseError(f"how many tricks did declarer take in {args.contract}? give --tricks (0-13)")
        tricks = 0
    b = score_breakdown(contract, tricks, args.vulnerable, rules=args.rules)
    if args.json:
        print(json.dumps(b.to_dict(), ensure_ascii=False))
    else:
        print(b)
    return 0
