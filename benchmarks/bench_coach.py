"""The coach's speed: 50 seeded deals played to the end by the expert robot, the coach
analysing every card, beside endplay's solve_board called directly on the same positions.

    .venv/bin/python benchmarks/bench_coach.py [--deals 50] [--seed 1]

The expert robot's cards are chosen first (a dry run with its own solver). Then every position
of the deal is timed three ways, each run over the whole deal in play order:

- **coach**: the coach's report on the card (``analyse_card`` with a fresh cache, so one
  double-dummy solve per position: the solve, the tricks before and after, the better cards and
  the reason);
- **direct**: endplay called directly, as a user of endplay would: an endplay ``Deal`` built from
  the PBN of the position at the start of the trick (the text made beforehand, untimed), the
  current trick's cards played onto it, ``solve_board`` and its (card, tricks) pairs listed;
- **DDS alone**: DDS's ``SolveBoard`` through endplay's ctypes layer on a struct filled before
  the clock starts: the floor that no wrapper can beat.

Fairness: the three runs of a deal take turns in all six orders (deal k uses order k mod 6), so
the machine's noise and any order effect fall on each equally; and before each run the solver is
put in the same state (an untimed solve of a fixed, unrelated deal), because DDS keeps its
transposition table from one call to the next when the cards are alike. Positions are solved in
the same order in each run, so each solve finds DDS with the same memory. Reported: median and
maximum per card, the opening lead, totals, and coach speed / direct speed (median, total and the
median of the per-card ratios). Goals (issue 14): median <= 150 ms per card, the opening lead
<= 2 s, coach speed >= 0.9 x the direct solver.
"""

from __future__ import annotations

import argparse
import ctypes
import itertools
import statistics
import time

import endplay._dds as _dds
from endplay.dds import solve_board
from endplay.types import Card as EPCard
from endplay.types import Deal as EPDeal
from endplay.types import Denom, Player
from endplay.types import Rank as EPRank

from bridgelab.coach.coach import analyse_card
from bridgelab.coach.practice import practice_deal
from bridgelab.coach.robots import Robot
from bridgelab.coach.solver import PositionSolver
from bridgelab.model.hand import holdings_to_pbn
from bridgelab.rules.play import Play

ORDERS = list(itertools.permutations(("coach", "direct", "dds")))
RESET = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def _reset() -> None:
    """Put DDS in the same state before each run: solve a fixed deal unlike any position."""
    list(solve_board(EPDeal(RESET, first=Player.west, trump=Denom.nt)))


def _positions(deal, contract, cards) -> list[dict]:
    """Each position before a card of the play: the PBN at the start of its trick with the
    trick's cards (for endplay), and a filled DDS struct (for DDS alone)."""
    play = Play(deal, contract)
    strain = int(play.contract.strain)
    out = []
    for card in cards:
        rows, leader, current = play.position
        start = [list(r) for r in rows]
        for i, c in enumerate(current):
            start[(int(leader) + i) % 4][c.suit_index] |= c.mask
        trick = [(c.suit_index, int(c.rank)) for c in current]
        dl = _dds.deal()
        dl.trump = 4 if strain == 4 else 3 - strain
        dl.first = int(leader)
        for s in range(4):
            for i in range(4):
                dl.remainCards[s][i] = rows[s][i] << 2
        for i, (su, r) in enumerate(trick):
            dl.currentTrickSuit[i], dl.currentTrickRank[i] = su, r
        out.append(
            {
                "pbn": "N:" + " ".join(holdings_to_pbn(h) for h in start),
                "leader": int(leader),
                "trick": trick,
                "denom": Denom.nt if strain == 4 else Denom(3 - strain),
                "dl": dl,
            }
        )
        play.play(card)
    return out


def _run_direct(positions) -> list[float]:
    times = []
    for p in positions:
        t = time.perf_counter()
        d = EPDeal(p["pbn"], first=Player(p["leader"]), trump=p["denom"])
        for suit, rank in p["trick"]:
            d.play(EPCard(suit=Denom(suit), rank=EPRank(1 << rank)))
        list(solve_board(d))
        times.append(time.perf_counter() - t)
    return times


def _run_dds(positions) -> list[float]:
    fut = _dds.futureTricks()
    ref = ctypes.byref(fut)
    solve = _dds._dll.SolveBoard
    times = []
    for p in positions:
        dl = p["dl"]
        t = time.perf_counter()
        solve(dl, 0, 3, 1, ref, 0)
        times.append(time.perf_counter() - t)
    return times


def _run_coach(deal, contract, cards) -> list[float]:
    """The coach's report on every card, with a fresh cache: one solve each."""
    play = Play(deal, contract)
    solver = PositionSolver()
    times = []
    for card in cards:
        side = play.next_seat.side
        t = time.perf_counter()
        analyse_card(play, card, solver, side)
        times.append(time.perf_counter() - t)
        play.play(card)
    return times


def _robot_cards(deal, contract) -> list:
    """The expert robot's cards for all four hands (a dry run with its own solver)."""
    play = Play(deal, contract)
    robot = Robot("expert", PositionSolver())
    cards = []
    while not play.is_over:
        card, _ = robot.choose(play)
        cards.append(card)
        play.play(card)
    return cards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"coach": [], "direct": [], "dds": []}
    leads: dict[str, list[float]] = {"coach": [], "direct": [], "dds": []}
    for i in range(args.deals):
        p = practice_deal(args.seed + i)
        cards = _robot_cards(p.deal, p.contract)
        positions = _positions(p.deal, p.contract, cards)
        for name in ORDERS[i % len(ORDERS)]:
            _reset()
            if name == "coach":
                got = _run_coach(p.deal, p.contract, cards)
            elif name == "direct":
                got = _run_direct(positions)
            else:
                got = _run_dds(positions)
            times[name] += got
            leads[name].append(got[0])
    ms = lambda x: f"{1000 * x:8.3f} ms"  # noqa: E731
    c, d, x = times["coach"], times["direct"], times["dds"]
    print(f"{args.deals} deals (seeds {args.seed}..{args.seed + args.deals - 1}), {len(c)} cards")
    print(f"{'':24}{'coach':>13}{'direct':>13}{'DDS alone':>13}")
    rows = [
        ("median per card", statistics.median),
        ("max per card", max),
    ]
    for label, f in rows:
        print(f"{label:24}{ms(f(c)):>13}{ms(f(d)):>13}{ms(f(x)):>13}")
    for label, f in rows:
        values = [ms(f(leads[k])) for k in ("coach", "direct", "dds")]
        print(f"{'opening lead, ' + label.split()[0]:24}" + "".join(f"{v:>13}" for v in values))
    print(f"{'total':24}{sum(c):11.3f} s{sum(d):11.3f} s{sum(x):11.3f} s")
    paired = statistics.median(b / a for a, b in zip(c, d))
    print(
        f"coach speed / direct speed: {statistics.median(d) / statistics.median(c):.2f} x (median per card), "
        f"{sum(d) / sum(c):.2f} x (total time), {paired:.2f} x (median of the per-card ratios)"
    )
    own = statistics.median(a - b for a, b in zip(c, x))
    print(f"the coach's own cost beside DDS alone, median per card: {1e6 * own:.0f} us")


if __name__ == "__main__":
    main()
