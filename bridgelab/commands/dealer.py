"""``bridgelab dealer SCRIPT``: run a Dealer script, with Dealer's flags and Dealer's output."""

from __future__ import annotations

import sys

from ..model.errors import ConstraintError


def register(sub) -> None:
    p = sub.add_parser("dealer", help="run a Dealer script (Hans van Staveren's dealer language)")
    p.add_argument("script", nargs="?", default="-", help="the script file (- or none: stdin)")
    p.add_argument("-s", dest="seed", type=int, help="seed of the random generator")
    p.add_argument("-p", dest="produce", type=int, help="the most deals to produce")
    p.add_argument("-g", dest="generate", type=int, help="the most deals to generate")
    p.add_argument("-q", dest="quiet", action="store_true", help="no printpbn output")
    p.add_argument(
        "-v", dest="verbose", action="store_false", help="leave out the closing statistics (as dealer's -v)"
    )
    p.add_argument(
        "-0", dest="swapping", action="store_const", const=0, default=0, help="no swapping (the default)"
    )
    p.add_argument(
        "-2", dest="swapping", action="store_const", const=2, help="each deal also with East and West swapped"
    )
    p.add_argument(
        "-3",
        dest="swapping",
        action="store_const",
        const=3,
        help="each deal also in the five other arrangements of East, South, West",
    )
    p.add_argument("-m", dest="meter", action="store_true", help="show a progress meter")
    p.add_argument("--workers", type=int, default=1, help="threads dealing side by side")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..analysis.scripts import run_dealer_script

    if args.seed is not None and args.seed < 0:
        raise ConstraintError(f"-s takes a seed 0 or more, not {args.seed}")
    name = args.script
    try:
        text = sys.stdin.read() if name == "-" else open(name, encoding="utf-8", errors="replace").read()
    except OSError as e:
        raise ConstraintError(f"cannot read the script {name!r}: {e.strerror}") from None
    progress = None
    if args.meter:

        def progress(got, want):
            print(f"Calculating... {100 * got // max(want, 1):2d}% complete\r", end="", file=sys.stderr)

    try:
        run_dealer_script(
            text,
            seed=args.seed,
            produce=args.produce,
            generate=args.generate,
            quiet=args.quiet,
            verbose=args.verbose,
            swapping=args.swapping,
            workers=args.workers,
            input_name=name,
            progress=progress,
            out=sys.stdout,
        )
        sys.stdout.flush()
    except BrokenPipeError:  # dealer ... | head
        sys.stderr.close()
        return 0
    return 0
