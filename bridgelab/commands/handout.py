"""``bridgelab handout lesson.pbn --html out.html [--pdf out.pdf]``: a printable handout of the
boards in a PBN (or BBO .lin) file, four diagrams to a page."""

from __future__ import annotations


def register(sub) -> None:
    p = sub.add_parser(
        "handout",
        help="a printable handout (HTML, PDF) of the boards in a PBN or LIN file",
    )
    p.add_argument("file", help="a .pbn file (or a BBO .lin file)")
    p.add_argument("--html", metavar="FILE", help="write the handout here (default: FILE with .html)")
    p.add_argument("--pdf", metavar="FILE", help="also print it to PDF (needs chromium)")
    p.add_argument("--title", help="title at the top of each page (default: the Event tag)")
    p.add_argument("--per-page", type=int, choices=(2, 4), default=4, help="boards to a page")
    p.add_argument(
        "--dd", action="store_true", help="add double-dummy tables where the file has none (needs endplay)"
    )
    p.add_argument("--lang", default="en", help="the handout's words: en, et, sr, cs or ms")
    p.add_argument(
        "--no-hcp",
        dest="hcp",
        action="store_false",
        help="leave out each hand's points (when the class is to count them)",
    )
    p.set_defaults(func=run)


def run(args) -> int:
    import os

    from ..io.handout import write_pdf
    from ..io.lesson import Lesson
    from ..model.errors import BridgeError

    if os.path.isdir(args.file):
        raise BridgeError(f"{args.file} is a folder: give a .pbn or .lin file")
    if not os.path.isfile(args.file):
        raise BridgeError(f"{args.file}: no such file (give a .pbn or .lin file)")

    import sys
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        lesson = Lesson.from_pbn(args.file, title=args.title)
    for w in caught:  # what a lenient read left out, one line each
        print(f"bridgelab handout: warning: {w.message}", file=sys.stderr)
    if args.dd:
        lesson.add_dd()
    html_path = args.html or os.path.splitext(args.file)[0] + ".html"
    lesson.save_html(html_path, per_page=args.per_page, lang=args.lang, hcp=args.hcp)
    print(f"wrote {html_path} ({len(lesson)} boards)")
    if args.pdf:
        print(f"wrote {write_pdf(html_path, args.pdf)}")
    return 0
