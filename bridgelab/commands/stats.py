"""``bridgelab stats ...``: exact deal statistics and seeded studies from the command line.

bridgelab stats patterns                 the 39 hand patterns, exact
bridgelab stats hcp                      high-card points of one hand, 0-37
bridgelab stats hand --hcp 15-17 --pattern balanced     one exact figure (a 1NT opening)
bridgelab stats split 5                  how five missing cards divide
bridgelab stats study "N hcp" "NS fit S" -n 100000 --seed 1 --where "N: 15-17 balanced"
"""

from __future__ import annotations

import json


def register(sub) -> None:
    p = sub.add_parser("stats", help="exact deal statistics and seeded studies")
    what = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    what.add_parser("patterns", help="the 39 hand patterns, exact")
    h = what.add_parser("hcp", help="an evaluator's distribution for one hand, exact")
    h.add_argument("--evaluator", default="hcp", help="any evaluator: hcp, controls, losers ...")
    h.add_argument(
        "--pattern",
        help="only hands of this shape: balanced, 4-4-3-2 (any suits), "
        "4432 or 4=4=3=2 (these suits), (4-4)xx, 5+M",
    )
    one = what.add_parser("hand", help="the exact chance of a point range and pattern")
    one.add_argument("--hcp", help="a range: 15-17, 12+, >=15, <10, 20")
    one.add_argument(
        "--pattern",
        help="balanced, semi-balanced, 4-4-3-2 (any suits), 4432 or 4=4=3=2 (these suits), (4-4)xx, 5+M",
    )
    s = what.add_parser("split", help="how the missing cards of a suit divide")
    s.add_argument("outstanding", type=int, help="cards of the suit the other side holds")
    s.add_argument("--unseen", type=int, default=26, help="cards in the two unseen hands (26)")
    st = what.add_parser("study", help="deal seeded deals and count measures")
    st.add_argument("measures", nargs="+", help="'N hcp', 'NS hcp', 'NS fit S', 'E pattern' ...")
    st.add_argument("-n", type=int, default=10_000, help="number of deals (10,000)")
    st.add_argument("--seed", type=int, default=1)
    st.add_argument("--where", help="a constraint: 'N: 15-17 balanced'")
    st.add_argument("--workers", type=int, default=1, help="processes (2 for both cores)")
    st.add_argument("--chunk-size", type=int, default=10_000)
    for sp in (p, *what.choices.values()):
        sp.add_argument("--json", action="store_true", help="print JSON for scripts")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..analysis import stats

    if args.what == "patterns":
        table = stats.pattern_table()
    elif args.what == "hcp":
        table = stats.hand_distribution(args.evaluator, pattern=args.pattern)
    elif args.what == "hand":
        ranges = {"hcp": args.hcp} if args.hcp else {}
        p = stats.hand_probability(pattern=args.pattern, **ranges)
        if args.json:
            print(
                json.dumps({"numerator": p.numerator, "denominator": p.denominator, "probability": float(p)})
            )
        else:
            print(f"{float(p):.4%}  ({p.numerator:,} / {p.denominator:,})")
        return 0
    elif args.what == "split":
        table = stats.suit_split(args.outstanding, args.unseen)
    else:
        table = stats.study(
            args.measures,
            n=args.n,
            seed=args.seed,
            where=args.where,
            workers=args.workers,
            chunk_size=args.chunk_size,
        )
    if args.json:
        print(table.to_json(orient="records", force_ascii=False))
    else:
        print(table.to_string(index=False, float_format=lambda x: f"{x:.4g}"))
    return 0
