"""The coach's speed: 50 seeded deals played to the end by the expert robot, the coach
analysing every card, beside endplay's solve_board called directly on the same positions.

    .venv/bin/python benchmarks/bench_coach.py [--deals 50] [--seed 1]

The expert robot's cards are chosen first (a dry run with its own solver). Then, for each card:
the time of the coach's report on it (``analyse_card`` with the coach's cache cold for that
position: the one double-dummy solve, the tricks before and after, the better cards and the
reason) and the time of endplay's
``solve_board`` on the same position built directly from its PBN. The two run in the same
process on the same positions in the same order; even deals run the coach first, odd deals the
direct solver first, so DDS's memory of the previous position favours neither. Goals (issue 14):
median <= 150 ms per card, the opening lead <= 2 s, coach speed >= 0.9 x the direct solver.
"""

from __future__ import annotations

import argparse
import statistics
import time

from endplay.dds import solve_board
from endplay.types import Card as EPCard
from endplay.types import Deal as EPDeal
from endplay.types import Denom, Player
from endplay.types import Rank as EPRank

from bridgelab.coach.coach import analyse_card
from bridgelab.coach.practice import practice_deal
from bridgelab.coach.robots import Robot
from bridgelab.coach.solver import PositionSolver, position_key
from bridgelab.model.hand import holdings_to_pbn
from bridgelab.rules.play import Play


def _direct(key) -> float:
    holdings, leader, cards, strain = key
    pbn = "N:" + " ".join(holdings_to_pbn(h) for h in holdings)
    t = time.perf_counter()
    d = EPDeal(pbn, first=Player(leader), trump=Denom.nt if strain == 4 else Denom(3 - strain))
    for suit, rank in cards:
        d.play(EPCard(suit=Denom(suit), rank=EPRank(1 << rank)))
    list(solve_board(d))
    return time.perf_counter() - t


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


def _coach_deal(deal, contract, cards) -> tuple[list[float], list[tuple]]:
    """The coach's report on every card, its cache cold at each new position: one solve each."""
    play = Play(deal, contract)
    solver = PositionSolver()
    times, keys = [], []
    for card in cards:
        keys.append(position_key(play))
        t = time.perf_counter()
        analyse_card(play, card, solver, play.next_seat.side)
        times.append(time.perf_counter() - t)
        play.play(card)
    return times, keys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    coach, direct, leads_coach, leads_direct = [], [], [], []
    for i in range(args.deals):
        p = practice_deal(args.seed + i)
        cards = _robot_cards(p.deal, p.contract)
        if i % 2:
            keys = _coach_deal(p.deal, p.contract, cards)[1]
            d_times = [_direct(k) for k in keys]
            c_times, _ = _coach_deal(p.deal, p.contract, cards)
        else:
            c_times, keys = _coach_deal(p.deal, p.contract, cards)
            d_times = [_direct(k) for k in keys]
        coach += c_times
        direct += d_times
        leads_coach.append(c_times[0])
        leads_direct.append(d_times[0])
    ms = lambda x: f"{1000 * x:8.2f} ms"  # noqa: E731
    print(f"{args.deals} deals (seeds {args.seed}..{args.seed + args.deals - 1}), {len(coach)} cards")
    print(f"{'':24}{'coach':>12}{'direct':>12}")
    print(f"{'median per card':24}{ms(statistics.median(coach)):>12}{ms(statistics.median(direct)):>12}")
    print(f"{'max per card':24}{ms(max(coach)):>12}{ms(max(direct)):>12}")
    print(
        f"{'opening lead, median':24}{ms(statistics.median(leads_coach)):>12}{ms(statistics.median(leads_direct)):>12}"
    )
    print(f"{'opening lead, max':24}{ms(max(leads_coach)):>12}{ms(max(leads_direct)):>12}")
    print(f"{'total':24}{sum(coach):10.2f} s{sum(direct):10.2f} s")
    print(
        f"coach speed / direct speed: {sum(direct) / sum(coach):.2f} x (total time), "
        f"{statistics.median(direct) / statistics.median(coach):.2f} x (median per card)"
    )


if __name__ == "__main__":
    main()
