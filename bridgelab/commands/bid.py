"""``bridgelab bid HAND [--auction "1H P"]``: what the beginner system bids, and why."""

from __future__ import annotations

import json


def register(sub) -> None:
    p = sub.add_parser("bid", help="the call a beginner system (SAYC basics) recommends, with reasons")
    p.add_argument("hand", nargs="?", help="the hand in PBN form, spades.hearts.diamonds.clubs")
    p.add_argument("--auction", default="", help="the calls so far, e.g. '1H P' (empty: you open)")
    p.add_argument("--seat", default=None, help="your seat (N, E, S, W); default: whoever calls next")
    p.add_argument("--system", default=None, help="a system file (TOML) instead of the shipped one")
    p.add_argument(
        "--nt-range",
        default=None,
        choices=["12-14", "15-17", "16-18"],
        help="HCP range of a 1NT opening (default 15-17)",
    )
    p.add_argument(
        "--majors", type=int, default=None, choices=[4, 5], help="cards promised by 1♥/1♠ (default 5)"
    )
    p.add_argument("--rule-of-20", action="store_true", help="open light hands by the rule of 20")
    p.add_argument("--no-stayman", action="store_true", help="play without Stayman")
    p.add_argument("--no-transfers", action="store_true", help="play without transfers")
    p.add_argument("--rules", action="store_true", help="list the system's rules and options")
    p.add_argument("--lang", default="en", help="language of the reasons: en, et, sr, cs or ms")
    p.add_argument("--json", action="store_true", help="print JSON for scripts")
    p.set_defaults(func=run)


def _system(args):
    from ..system import System

    opts = {}
    if args.nt_range:
        opts["nt_range"] = args.nt_range
    if args.majors:
        opts["majors"] = args.majors
    if args.rule_of_20:
        opts["rule_of_20"] = True
    if args.no_stayman:
        opts["stayman"] = False
    if args.no_transfers:
        opts["transfers"] = False
    return System.load(args.system, **opts)


def run(args) -> int:
    from ..model.errors import BridgeError
    from ..system import advise

    system = _system(args)
    if args.rules:
        print(system.describe())
        print()
        print(system.table().to_string(index=False))
        return 0
    if not args.hand:
        raise BridgeError("give a hand in PBN form (AKQ2.KJ4.A93.T52), or --rules to list the system")
    advice = advise(args.hand, args.auction or None, system, args.seat, lang=args.lang)
    if args.json:
        print(
            json.dumps(
                {
                    "call": advice.call.to_ascii(),
                    "reasons": advice.reasons,
                    "promises": advice.promises,
                    "rule": advice.rule.name if advice.rule else None,
                    "not_chosen": advice.why_not,
                    "system": system.name,
                    "options": system.options,
                },
                ensure_ascii=False,
            )
        )
        return 0
    print(advice)
    return 0
