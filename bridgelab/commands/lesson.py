"""``bridgelab lesson --where "N: 15-17 balanced" -n 16 --seed 7 --rotate S --pbn F --html F``:
a set of boards for a lesson, as a PBN file, a printable handout (HTML, PDF) or PBN on stdout."""

from __future__ import annotations

import sys


def register(sub) -> None:
    p = sub.add_parser(
        "lesson",
        help="deal a numbered set of boards for a lesson; write PBN, HTML and PDF handouts",
        description="Deal boards that meet a constraint, numbered with the dealer and "
        "vulnerability of the 16-board cycle, the lesson's hand turned to one seat.",
    )
    p.add_argument(
        "--where",
        "-w",
        action="append",
        metavar="CONSTRAINT",
        help="what the deals must meet, as 'N: 15-17 balanced' or Dealer's "
        "'hcp(north)>=15 && ...'; give it once for all boards or once per board",
    )
    p.add_argument(
        "-n", "--boards", type=int, default=None, help="number of boards (default 16, or one per --where)"
    )
    p.add_argument("--seed", type=int, default=None, help="seed: the same seed deals the same boards")
    p.add_argument("--rotate", metavar="SEAT", help="turn each deal so the lesson's hand sits here (N E S W)")
    p.add_argument(
        "--about", metavar="SEAT", help="the seat the constraint is about (default: the seat it names)"
    )
    p.add_argument("--first-board", type=int, default=1, help="number of the first board (default 1)")
    p.add_argument("--title", help="title of the handout and the PBN Event tag")
    p.add_argument("--date", help="date for the PBN Date tag, YYYY.MM.DD")
    p.add_argument(
        "--note", action="append", metavar="TEXT", help="a note printed under every board (or once per board)"
    )
    p.add_argument("--dd", action="store_true", help="add double-dummy tables (needs endplay)")
    p.add_argument("--pbn", metavar="FILE", help="write the boards to this PBN file")
    p.add_argument("--html", metavar="FILE", help="write a printable handout, four boards to a page")
    p.add_argument("--pdf", metavar="FILE", help="also print the handout to PDF (needs chromium)")
    p.add_argument("--lang", default="en", help="the handout's words: en, et, sr, cs or ms")
    p.add_argument(
        "--no-hcp",
        dest="hcp",
        action="store_false",
        help="leave out each hand's points (when the class is to count them)",
    )
    p.set_defaults(func=run)


def run(args) -> int:
    from ..io.lesson import make_lesson
    from ..system.auctions import auction_where

    where = args.where
    if where is not None and len(where) == 1:
        where = where[0]
    title = args.title or (f"Lesson: {where}" if isinstance(where, str) else None)
    where = [auction_where(w) for w in where] if isinstance(where, list) else auction_where(where)
    notes = args.note
    if notes is not None and len(notes) == 1:
        notes = notes[0]
    lesson = make_lesson(
        where,
        args.boards,
        args.seed,
        rotate=args.rotate,
        about=args.about,
        first_board=args.first_board,
        title=title,
        date=args.date,
        notes=notes,
        dd=args.dd,
    )
    wrote = []
    if args.pbn:
        wrote.append(lesson.save_pbn(args.pbn))
    if args.html:
        wrote.append(lesson.save_html(args.html, lang=args.lang, hcp=args.hcp))
    if args.pdf:
        wrote.append(lesson.save_pdf(args.pdf, lang=args.lang, hcp=args.hcp))
    if not wrote:
        sys.stdout.write(lesson.to_pbn().replace("\r\n", "\n"))
    else:
        for path in wrote:
            print(f"wrote {path} ({len(lesson)} boards)")
    return 0
