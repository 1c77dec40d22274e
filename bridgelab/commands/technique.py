"""``bridgelab technique finesse -n 16 --seed 1 --pbn F --html F``: deals on which one technique
of declarer play is needed (checked by double dummy), as PBN and a printable handout."""

from __future__ import annotations

import sys


def register(sub) -> None:
    from ..coach.techniques import TECHNIQUES

    p = sub.add_parser(
        "technique",
        help="deal boards that need one declarer-play technique (checked by double dummy)",
        description="Deal boards on which South must use one technique to make the contract: "
        "the contract makes with the technique's line and not with the natural "
        "alternative, double dummy. Each board's note says how it was checked.",
    )
    p.add_argument("name", choices=sorted(TECHNIQUES), help="the technique")
    p.add_argument("-n", "--boards", "--count", type=int, default=16, help="number of boards (default 16)")
    p.add_argument("--seed", type=int, default=None, help="seed: the same seed deals the same boards")
    p.add_argument(
        "--leads",
        choices=("robot", "all"),
        default="robot",
        help="check each deal from the expert robot's opening lead (default), or from every "
        "opening lead that is best double dummy (stricter, slower)",
    )
    p.add_argument("--first-board", type=int, default=1, help="number of the first board (default 1)")
    p.add_argument("--pbn", metavar="FILE", help="write the boards to this PBN file")
    p.add_argument("--html", metavar="FILE", help="write a printable handout, four boards to a page")
    p.add_argument("--pdf", metavar="FILE", help="also print the handout to PDF (needs chromium)")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..coach.techniques import TECHNIQUES, technique_set

    lesson = technique_set(args.name, args.boards, args.seed, first_board=args.first_board, leads=args.leads)
    wrote = []
    if args.pbn:
        wrote.append(lesson.save_pbn(args.pbn))
    if args.html:
        wrote.append(lesson.save_html(args.html))
    if args.pdf:
        wrote.append(lesson.save_pdf(args.pdf))
    if not wrote:
        sys.stdout.write(lesson.to_pbn().replace("\r\n", "\n"))
    else:
        for path in wrote:
            print(f"wrote {path} ({len(lesson)} boards)")
        print(f"checked by double dummy: {TECHNIQUES[args.name].describe('en', args.leads)}")
    return 0
