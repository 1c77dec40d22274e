"""Dealer scripts with double dummy: ``run_dealer_script`` gives ``tricks()`` endplay's solver.

The script runner lives in the dealing layer (``bridgelab.dealing.script``), below this one;
the double-dummy solver lives here (``analysis.dd``, the optional extra ``bridgelab[dd]``), so
the runner takes the solver as an argument and this module passes it. A script without
``tricks()`` never imports endplay.
"""

from __future__ import annotations

from ..dealing.dealerlang import Program, parse_script
from ..dealing.script import ScriptResult, run_script

__all__ = ["run_dealer_script", "dd_solver"]


def dd_solver(holdings, strains=(0, 1, 2, 3, 4)):
    """(n, 4, 4) deals -> (n, 4, 5) double-dummy tricks [deal, declarer N E S W, C D H S NT];
    only ``strains`` (0-4 = C D H S NT) are solved, the others read -1."""
    from .dd import solve_batch  # same layer; endplay is imported only when a script needs it

    return solve_batch(holdings, strains=["CDHSN"[s] for s in strains])


def run_dealer_script(script, **options) -> ScriptResult:
    """Run a Dealer script (its text) as Debian's ``dealer`` would, on bridgelab's dealer.

    Options are those of ``bridgelab.dealing.script.run_script``: ``seed``, ``produce``,
    ``generate`` (Dealer's -s, -p, -g), ``quiet``, ``verbose``, ``swapping``, ``workers``.
    ``result.text`` is Dealer's output; ``result.deals``, ``result.frame()``,
    ``result.averages`` and ``result.frequency_frames()`` the same results for Python.
    """
    prog = script if isinstance(script, Program) else parse_script(script)
    if prog.uses_tricks and options.get("solver") is None:
        options["solver"] = dd_solver
    return run_script(prog, **options)
