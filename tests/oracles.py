"""Independent oracles for the tests: the Laws and the beginner SAYC written out by hand.

Nothing here calls the code under test for an answer: an auction is a list of Calls (read with
``Call.parse``), a hand is asked only for its HCP and suit lengths. When the engine and an
oracle disagree, one of them is wrong, and the failing test shows the hand or the auction.
"""

from __future__ import annotations

from bridgelab.model.contract import DOUBLE, PASS, REDOUBLE, Call

STRAIN_ORDER = ("C", "D", "H", "S", "NT")
ALL_BIDS_IN_ORDER = [Call.parse(f"{level}{s}") for level in range(1, 8) for s in STRAIN_ORDER]
BALANCED = {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}


# ---- the Laws ------------------------------------------------------------------------------------

def is_over(calls: list) -> bool:
    """Law 17D, 22: four passes open and end it; otherwise three passes after any other call."""
    n = len(calls)
    return (n == 4 and all(c == PASS for c in calls)) or (
        n >= 4 and calls[-3:] == [PASS] * 3 and any(c != PASS for c in calls))


def legal_by_the_laws(calls: list) -> list:
    """The calls the Laws allow after ``calls`` (Laws 18-19, 22): a bid of higher rank than the
    last bid; Pass; a double of an opponent's bid that is the last call other than a pass; a
    redouble of an opponent's double likewise; nothing once the auction is over. Order: bids
    lowest first, then Pass, Double, Redouble (as ``Auction.legal_calls`` documents)."""
    if is_over(calls):
        return []
    n = len(calls)
    bids = [c for c in calls if c.is_bid]
    start = ALL_BIDS_IN_ORDER.index(bids[-1]) + 1 if bids else 0
    higher = ALL_BIDS_IN_ORDER[start:]
    last = max((i for i, c in enumerate(calls) if c != PASS), default=None)
    opponent = last is not None and (n - last) % 2 == 1   # made by the side not calling now
    extra = []
    if opponent and calls[last].is_bid:
        extra.append(DOUBLE)
    if opponent and calls[last] == DOUBLE:
        extra.append(REDOUBLE)
    return higher + [PASS] + extra


def lowest_bid_in(calls: list, strain: str) -> Call:
    """The lowest sufficient bid in ``strain`` (Law 18D): the same level if the strain ranks
    above the last bid's, else one level higher; 1 of it with no bid yet."""
    bids = [c for c in calls if c.is_bid]
    if not bids:
        return Call.parse(f"1{strain}")
    last = bids[-1]
    above = STRAIN_ORDER.index(strain) > STRAIN_ORDER.index(last.strain.name)
    return Call.parse(f"{last.level if above else last.level + 1}{strain}")


def declarer_by_the_laws(calls: list, dealer: int) -> int | None:
    """Law 22A / the definition of declarer: of the side that made the final bid, the player who
    first bid its strain. Seats are 0-3 clockwise (N E S W) from ``dealer``'s number."""
    if not is_over(calls):
        return None
    last = max((i for i, c in enumerate(calls) if c.is_bid), default=None)
    if last is None:
        return None
    strain = calls[last].strain
    side = last % 2
    first = min(i for i, c in enumerate(calls) if c.is_bid and c.strain == strain and i % 2 == side)
    return (dealer + first) % 4


# ---- the beginner SAYC, written out --------------------------------------------------------------

def _facts(hand):
    s, h, d, c = hand.shape
    balanced = tuple(sorted(hand.shape, reverse=True)) in BALANCED
    return int(hand.hcp), dict(S=s, H=h, D=d, C=c), balanced


def sayc_opening(hand) -> Call:
    """Beginner SAYC with the default options (1NT 15-17, five-card majors, no rule of 20, 1NT
    allowed with a five-card major): 2♣ 22+; 2NT 20-21 and 1NT 15-17 balanced; with 12+ the
    longest suit, a five-card major when it is as long as any suit (spades with 5-5), else the
    longer minor (1♦ with 4-4, 1♣ with 3-3); weak twos in ♠ ♥ ♦ with six cards and 5-11 HCP; a
    seven-card suit at the three level with 5-10 HCP; otherwise pass."""
    hcp, n, bal = _facts(hand)
    longest = max(n.values())
    if hcp >= 22:
        return Call.parse("2C")
    if bal and 20 <= hcp <= 21:
        return Call.parse("2NT")
    if bal and 15 <= hcp <= 17:
        return Call.parse("1NT")
    if hcp >= 12:
        for major in ("S", "H"):
            if n[major] >= 5 and n[major] == longest:
                return Call.parse(f"1{major}")
        if n["D"] >= n["C"] and (n["D"] >= 4 or n["D"] > n["C"]):
            return Call.parse("1D")
        return Call.parse("1C")
    if 5 <= hcp <= 11:
        for suit in ("S", "H", "D"):
            if n[suit] == 6:
                return Call.parse(f"2{suit}")
    if 5 <= hcp <= 10:
        for suit in ("S", "H", "D", "C"):
            if n[suit] == 7:
                return Call.parse(f"3{suit}")
    return PASS


def sayc_response(opening: str, hand) -> Call:
    """Responder's first call after partner's one-level or 1NT opening and a pass, beginner SAYC
    with the default options (1NT 15-17: invite 8-9, game 10-15, Stayman from 8; transfers)."""
    hcp, n, bal = _facts(hand)
    bid = Call.parse
    if opening == "1NT":
        if n["S"] >= 5 and n["S"] >= n["H"]:
            return bid("2H")                       # transfer to spades
        if n["H"] >= 5:
            return bid("2D")                       # transfer to hearts
        if hcp >= 8 and (n["S"] == 4 or n["H"] == 4):
            return bid("2C")                       # Stayman
        if 10 <= hcp <= 15:
            return bid("3NT")
        if 8 <= hcp <= 9:
            return bid("2NT")
        return PASS
    suit = opening[1]
    if suit in ("H", "S"):
        if hcp >= 13 and n[suit] >= 4:
            return bid(f"4{suit}")
        if 11 <= hcp <= 12 and n[suit] >= 3:
            return bid(f"3{suit}")
        if 6 <= hcp <= 10 and n[suit] >= 3:
            return bid(f"2{suit}")
        if suit == "H" and hcp >= 6 and n["S"] >= 4:
            return bid("1S")
        if suit == "S" and hcp >= 10 and n["H"] >= 5:
            return bid("2H")
        if hcp >= 10 and n["D"] >= 4 and (n["D"] > n["C"] or n["D"] >= 5):
            return bid("2D")
        if hcp >= 10 and n["C"] >= 4:
            return bid("2C")
        if 6 <= hcp <= 10:
            return bid("1NT")
        if bal and 13 <= hcp <= 15:
            return bid("2NT")
        if bal and 16 <= hcp <= 18:
            return bid("3NT")
        if hcp >= 10:
            return bid("2C")
        return PASS
    # one of a minor
    if hcp >= 6 and n["S"] >= 4 and n["S"] >= n["H"] and (n["S"] >= 5 or n["H"] < 4):
        return bid("1S")
    if hcp >= 6 and n["H"] >= 4:
        return bid("1H")
    if suit == "C" and hcp >= 6 and n["D"] >= 4:
        return bid("1D")
    if bal and 16 <= hcp <= 18:
        return bid("3NT")
    if bal and 13 <= hcp <= 15:
        return bid("2NT")
    if 11 <= hcp <= 12 and n[suit] >= 5:
        return bid(f"3{suit}")
    if 6 <= hcp <= 10 and n[suit] >= 5:
        return bid(f"2{suit}")
    if suit == "D" and hcp >= 10 and n["C"] >= 4:
        return bid("2C")
    if 6 <= hcp <= 10:
        return bid("1NT")
    if suit == "C" and hcp >= 11:
        return bid("1D")
    if suit == "D" and hcp >= 11:
        return bid("2C")
    return PASS
