"""On 5,000 random hands in every auction position the systems meet, the system gives exactly
one call, or (where it has no rule for the auction) says that it does not cover it.

The positions are those of whole auctions bid by the system at all four seats on seeded random
deals (opponents bidding too), so they are the ones practice tables and deal sets meet. For each,
5,000 random hands are judged at once (``batch_calls``), and a sample of them one by one with
``advise``, which must agree hand by hand: one call, the same call, a legal one.
"""

from __future__ import annotations

import numpy as np
import pytest

from bridgelab.dealing.dealer import deal_batch
from bridgelab.model.hand import Hand
from bridgelab.rules.auction import Auction
from bridgelab.system.advice import advise
from bridgelab.system.auctions import CALLS, NOT_COVERED, batch_calls
from bridgelab.system.engine import auction_view, get_system
from bridgelab.system.practice import system_auction


def _positions(system, n_deals: int, seed: int) -> list[Auction]:
    seen: dict[tuple, Auction] = {}
    for k, deal in enumerate(deal_batch(n_deals, seed=seed)):
        dealer = "NESW"[k % 4]
        full = system_auction(deal, dealer, system, opponents="system")
        for i in range(len(full.calls)):
            a = Auction(full.dealer, full.calls[:i])
            if a.is_over:
                break
            key = (a.dealer, tuple(c.to_ascii() for c in a.calls))
            seen.setdefault(key, a)
    return list(seen.values())


@pytest.mark.slow
@pytest.mark.parametrize("name", ["sayc", "acol"])
def test_one_call_or_not_covered_everywhere(name):
    system = get_system(name)
    positions = _positions(system, 400, seed=21)
    assert len(positions) > 150
    hands = deal_batch(1250, seed=22).holdings.reshape(-1, 4)  # 5,000 hands
    rng = np.random.default_rng(23)
    covered = 0
    for a in positions:
        codes = batch_calls(system, hands, a, covered_only=True)
        if not system.covers(auction_view(a, a.next_seat)):
            assert (codes == NOT_COVERED).all()
            continue
        covered += 1
        # covered: every hand gets a call (a catch-all closes every auction's rules), a legal one
        assert (codes != NOT_COVERED).all(), (str(a), int((codes == NOT_COVERED).sum()))
        for c in np.unique(codes):
            assert a.is_legal(CALLS[c]), (str(a), CALLS[c])
        for i in rng.choice(len(hands), 12, replace=False):
            advice = advise(Hand(tuple(int(x) for x in hands[i])), a, system=system)
            assert advice.covered and advice.call == CALLS[codes[i]], (str(a), str(advice))
    assert covered > 100


def test_an_uncovered_position_says_so():
    system = get_system("sayc")
    a = Auction.parse("1H 2C P 3C", dealer="N")
    hands = deal_batch(25, seed=3).holdings.reshape(-1, 4)
    assert (batch_calls(system, hands, a, covered_only=True) == NOT_COVERED).all()
    assert not advise(Hand(tuple(int(x) for x in hands[0])), a).covered
