"""The ``bridgelab`` command. Each subcommand lives in ``bridgelab/commands/<name>.py`` and
provides ``register(subparsers)``, which adds its parser and sets ``func``."""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import sys

from ..model.errors import BridgeError

# Subcommands, in the order --help lists them.
COMMANDS = (
    "eval",
    "deal",
    "dealer",
    "auction",
    "score",
    "quiz",
    "lesson",
    "technique",
    "handout",
    "stats",
    "bid",
)


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error: ``bridgelab CMD: what went wrong (see ... --help)``."""

    def error(self, message):
        sys.stderr.write(f"{self.prog}: {message} (see {self.prog} --help)\n")
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="bridgelab",
        description="Learn and study contract bridge: evaluate hands, deal, check auctions, score.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"bridgelab.commands.{name}").register(sub)
    return parser


def _os_message(e: OSError) -> str:
    """'cannot write out/x.pbn: No such file or directory' from an OSError, with a hint."""
    name = e.filename if e.filename is not None else None
    what = e.strerror or str(e)
    hints = {
        errno.ENOENT: "check the path (its folder must exist)",
        errno.EISDIR: "it is a folder: give a file name",
        errno.ENOTDIR: "a part of the path is a file, not a folder",
        errno.EACCES: "you may not use it: choose another path or change its permissions",
        errno.EPERM: "you may not use it: choose another path or change its permissions",
        errno.EROFS: "the file system is read-only: choose another path",
        errno.ENOSPC: "the device is full: free some space or write elsewhere",
        errno.EDQUOT: "your disk quota is used up: free some space or write elsewhere",
    }
    hint = hints.get(e.errno)
    where = f"{name}: " if name else ""
    return f"{where}{what}" + (f" ({hint})" if hint else "")


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that Python's own flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    """Run one command. Every failure is one line on stderr, ``bridgelab CMD: what went
    wrong``, and a non-zero exit status (2 bad input, 1 a file or device, 70 a bug); never a
    traceback (set BRIDGELAB_TRACEBACK=1 to see one)."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if not getattr(args, "func", None):
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        parser.print_help()
        return 0
    name = f"bridgelab {args.command}"
    if extra:  # named after the command, not the top-level parser
        sys.stderr.write(f"{name}: unrecognized arguments: {' '.join(extra)} (see {name} --help)\n")
        return 2
    try:
        status = int(args.func(args) or 0)
        sys.stdout.flush()  # a full device or a closed pipe shows here, not at exit
        return status
    except BrokenPipeError:  # 'bridgelab deal -n 1000 | head -1': the reader has all it wants
        _quiet_stdout()
        return 141  # 128 + SIGPIPE, as the shell reports a program stopped by a closed pipe
    except BridgeError as e:
        message, status = str(e), 2
    except OSError as e:
        message, status = _os_message(e), 1
        if e.errno in (errno.ENOSPC, errno.EIO) and e.filename is None:
            message = f"cannot write the output: {message}"
            _quiet_stdout()
    except UnicodeDecodeError as e:  # bytes that are not UTF-8 on stdin or in a text file
        message, status = f"cannot read the input as UTF-8 text ({e.reason} at byte {e.start})", 1
    except UnicodeEncodeError as e:  # a terminal that cannot show ♠ ♥ ♦ ♣
        message = (
            f"cannot write the output in the encoding {e.encoding}: set "
            "PYTHONIOENCODING=utf-8 (or a UTF-8 locale)"
        )
        status = 1
        _quiet_stdout()
    except ImportError as e:  # an optional extra (endplay for double dummy, ...) is missing
        message, status = str(e), 2
    except KeyboardInterrupt:
        message, status = "interrupted", 130
    except (MemoryError, RecursionError) as e:
        message = (
            f"the request is too large for this machine ({type(e).__name__}): ask for less, or split it up"
        )
        status = 1
    except Exception as e:  # a bug: say so in one line, and how to see the details
        if os.environ.get("BRIDGELAB_TRACEBACK"):
            raise
        message = (
            f"unexpected error {type(e).__name__}: {e} (this is a bug in bridgelab: please "
            "report it; BRIDGELAB_TRACEBACK=1 shows where it happened)"
        )
        status = 70
    message = " ".join(message.split())  # one line, whatever the message held
    print(f"{name}: {message}", file=sys.stderr)
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
