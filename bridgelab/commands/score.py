"""``bridgelab score CONTRACT --tricks N [--vulnerable]``: a duplicate score, part by part."""

from __future__ import annotations

import json

from ..rules.scoring import RULES, score_breakdown


def register(sub) -> None:
    p = sub.add_parser("score", help="the duplicate score of a contract (Law 77), explained part by part")
    p.add_argument("contract", help="the contract: 4S, 3NTX, 6HXX, '4S by N'")
    p.add_argument("--tricks", "-t", type=int, required=True, help="tricks taken by declarer (0-13)")
    p.add_argument("--vulnerable", "-v", action="store_true", help="the declaring side is vulnerable")
    p.add_argument("--rules", choices=sorted(RULES), default="current",
                   help="scoring table: current (2017 laws, the default) or pre-1987")
    p.add_argument("--json", action="store_true", help="print JSON for scripts")
    p.set_defaults(func=run)


def run(args) -> int:
    b = score_breakdown(args.contract, args.tricks, args.vulnerable, rules=args.rules)
    if args.json:
        print(json.dumps(b.to_dict(), ensure_ascii=False))
    else:
        print(b)
    return 0
