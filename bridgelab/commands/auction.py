"""``bridgelab auction "1NT 2H 2S P 4S P P P" --dealer N``: the auction table and its contract.

``--check CALL`` says whether CALL may be made next, and why not (exit status 1 when it may not).
"""

from __future__ import annotations

import json

from ..model.errors import IllegalCall
from ..rules.auction import Auction


def register(sub) -> None:
    p = sub.add_parser(
        "auction",
        help="show an auction as a table with its contract, declarer and opening leader",
        description="Read an auction, show it as a table and name the contract, declarer, dummy "
        "and opening leader; with --check, say whether a call is legal next.",
    )
    p.add_argument("calls", nargs="+", help='the calls, e.g. "1NT 2H 2S P 4S P P P" (or several arguments)')
    p.add_argument("--dealer", default="N", help="the dealer: N, E, S or W (default N)")
    p.add_argument(
        "--first", default="W", choices=["W", "N"], help="the first column of the table (default W)"
    )
    p.add_argument("--lang", default=None, help="read and show calls in this language (en, et, sr, cs, ms)")
    p.add_argument("--check", metavar="CALL", help="is CALL legal next? says why not")
    p.add_argument("--json", action="store_true", help="print JSON for scripts")
    p.set_defaults(func=run)


def run(args) -> int:
    auction = Auction.parse(" ".join(args.calls), dealer=args.dealer, lang=args.lang)
    verdict = None
    if args.check:
        try:
            call = auction.check(args.check)
            verdict = {"call": call.to_ascii(), "legal": True, "reason": None}
        except IllegalCall as e:
            verdict = {"call": args.check, "legal": False, "reason": str(e)}
    if args.json:
        c = auction.contract
        out = {
            "dealer": auction.dealer.name,
            "calls": [x.to_ascii() for x in auction.calls],
            "over": auction.is_over,
            "passed_out": auction.passed_out,
            "contract": None if not c else c.to_ascii(),
            "declarer": None if not c else c.declarer.name,
            "dummy": None if not c else auction.dummy.name,
            "opening_leader": None if not c else auction.opening_leader.name,
            "tricks_needed": auction.tricks_needed,
            "next": None if auction.next_seat is None else auction.next_seat.name,
            "legal_calls": [x.to_ascii() for x in auction.legal_calls()],
        }
        if verdict is not None:
            out["check"] = verdict
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(auction.to_text(args.first, lang=args.lang))
        print()
        print(auction.summary())
        if verdict is not None:
            if verdict["legal"]:
                print(f"{verdict['call']} is legal for {auction.next_seat.full_name} now.")
            else:
                print(f"{args.check} is not legal now: {verdict['reason']}")
    return 0 if verdict is None or verdict["legal"] else 1
