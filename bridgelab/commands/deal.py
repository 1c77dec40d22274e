"""``bridgelab deal``: random deals, constrained and predealt, as PBN, diagrams or JSON."""

from __future__ import annotations

import json

from ..model.cards import SEATS


def register(sub) -> None:
    p = sub.add_parser(
        "deal",
        help="deal random deals (with constraints and predealt cards)",
        description=(
            "Deal random deals. --where takes an auction bid by the system ('N opens 1NT', "
            "'E overcalls'), the compact form ('N: 15-17 balanced', "
            "'N 15-17 hcp, S 5+S', 'any 4432', '5+M') or Dealer's language "
            "('hcp(north) >= 15 && shape(north, any 4333 + any 4432)'). --predeal gives "
            "cards: 'S: AKQ2.KJ4.A93.T52', 'N gets ♠AKQJ', 'N: ♠AKxxx' (x is a spot card 2-9)."
        ),
    )
    p.add_argument("-n", "--number", type=int, default=1, help="how many deals (default 1)")
    p.add_argument("--seed", type=int, default=None, help="a seed, for the same deals again")
    p.add_argument("--where", default=None, help="a constraint the deals must satisfy")
    p.add_argument("--predeal", default=None, help="cards given to seats before dealing")
    p.add_argument(
        "--format",
        choices=("pbn", "text", "json"),
        default="pbn",
        help="pbn (one line a deal), text (diagrams) or json",
    )
    p.add_argument(
        "--max-tries",
        type=int,
        default=None,
        help="give up after this many deals tried (default 10 million + 1000 n)",
    )
    p.set_defaults(func=run)


def run(args) -> int:
    from ..dealing.dealer import deal_batch
    from ..system.auctions import auction_where

    batch = deal_batch(
        args.number,
        seed=args.seed,
        where=auction_where(args.where),
        predeal=args.predeal,
        max_tries=args.max_tries,
    )
    if args.format == "pbn":
        for line in batch.pbn():
            print(line)
    elif args.format == "text":
        for i, d in enumerate(batch):
            if i:
                print()
            print(f"Deal {i + 1}")
            print(d)
    else:
        hcp = batch.hcp
        rows = []
        for i, pbn in enumerate(batch.pbn()):
            d = batch[i]
            rows.append(
                {
                    "pbn": pbn,
                    "hands": {s.name: d[s].to_pbn() for s in SEATS},
                    "hcp": {s.name: int(hcp[i, int(s)]) for s in SEATS},
                }
            )
        print(json.dumps(rows, ensure_ascii=False, indent=1))
    return 0
