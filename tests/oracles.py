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
        n >= 4 and calls[-3:] == [PASS] * 3 and any(c != PASS for c in calls)
    )


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
    opponent = last is not None and (n - last) % 2 == 1  # made by the side not calling now
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


def _top(hand, suit: str, n: int) -> int:
    """How many of the top ``n`` honours (A K Q J 10) the suit holds."""
    return sum(r in hand.suit(suit) for r in "AKQJT"[:n])


def sayc_opening(hand) -> Call:
    """SAYC as its System Booklet gives the openings (default options: 1NT 15-17, five-card
    majors, no rule of 20, NT with a five-card major): 3NT 25-27 balanced; 2♣ 22+; 2NT 20-21 and
    1NT 15-17 balanced; with 12-21 a five-card major as long as any suit (spades with 5-5), else
    1♦ with 4-4 minors or four-plus diamonds, 1♣ with 3-3; an eight-card suit at the four level
    and a seven-card suit at the three level with 5-10; a weak two in ♠ ♥ ♦ with 5-11, six cards,
    two of the top five honours, no side four-card major and no second suit of five; else pass."""
    hcp, n, bal = _facts(hand)
    longest = max(n.values())
    if bal and 25 <= hcp <= 27:
        return Call.parse("3NT")
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
    if 5 <= hcp <= 10:
        for level, _length in ((4, 8), (3, 7)):
            for suit in ("S", "H", "D", "C"):
                if n[suit] >= 8 if level == 4 else n[suit] == 7:
                    return Call.parse(f"{level}{suit}")
    if 5 <= hcp <= 11:
        for suit in ("S", "H", "D"):
            others = [n[x] for x in "SHDC" if x != suit]
            side_major = [n[x] for x in "SH" if x != suit]
            if n[suit] == 6 and _top(hand, suit, 5) >= 2 and max(others) <= 4 and max(side_major) <= 3:
                return Call.parse(f"2{suit}")
    return PASS


def sayc_response(opening: str, hand) -> Call:
    """Responder's first call after partner's one-level or 1NT opening and a pass, SAYC as the
    booklet gives it with the default options (1NT 15-17: transfers, Stayman 8-15, 2♠ for a weak
    long minor, 2NT 8-9, 3NT 10-15, 4NT 16-17, 6NT 18+; Jacoby 2NT; single raise 6-9 and limit
    raise 10-12; 4M preemptive; a new suit at the two level 11+; minor raises with four diamonds
    or five clubs)."""
    hcp, n, bal = _facts(hand)
    bid = Call.parse
    if opening == "1NT":
        if 16 <= hcp <= 17:
            return bid("4NT")
        if hcp >= 18:
            return bid("6NT")
        if n["S"] >= 5 and n["S"] >= n["H"]:
            return bid("2H")  # transfer to spades
        if n["H"] >= 5:
            return bid("2D")  # transfer to hearts
        if 8 <= hcp <= 15 and (n["S"] == 4 or n["H"] == 4):
            return bid("2C")  # Stayman
        if hcp <= 7 and (n["C"] >= 6 or n["D"] >= 6):
            return bid("2S")  # to 3♣
        if 10 <= hcp <= 15:
            return bid("3NT")
        if 8 <= hcp <= 9:
            for minor in ("D", "C"):
                if n[minor] >= 6:  # booklet 3.3: "invitational to 3NT with a six-card or longer suit"
                    return bid(f"3{minor}")
            return bid("2NT")
        return PASS
    suit = opening[1]
    if hcp <= 5:
        return PASS
    if suit in ("H", "S"):
        if hcp <= 9 and n[suit] >= 5 and min(n.values()) <= 1:
            return bid(f"4{suit}")  # preemptive raise
        if hcp >= 13 and n[suit] >= 4:
            return bid("2NT")  # Jacoby
        if 10 <= hcp <= 12 and n[suit] >= 3:
            return bid(f"3{suit}")
        if 6 <= hcp <= 9 and n[suit] >= 3:
            return bid(f"2{suit}")
        if suit == "H" and n["S"] >= 4:
            return bid("1S")
        if bal and 15 <= hcp <= 17 and n[suit] <= 2:
            return bid("3NT")
        # booklet 4.3: "2♣, 2♦ = 11 points or more, promises at least four of the suit"
        if suit == "S" and hcp >= 11 and n["H"] >= 5:
            return bid("2H")
        if hcp >= 11 and n["D"] >= 4 and (n["D"] > n["C"] or n["D"] >= 5):
            return bid("2D")
        if hcp >= 11 and n["C"] >= 4:
            return bid("2C")
        if hcp <= 10:
            return bid("1NT")
        return bid("2C")
    # one of a minor
    if suit == "C" and n["D"] >= 5 and n["D"] > n["H"] and n["D"] > n["S"]:
        return bid("1D")
    if n["S"] >= 4 and n["S"] >= n["H"] and (n["S"] >= 5 or n["H"] < 4):
        return bid("1S")
    if n["H"] >= 4:
        return bid("1H")
    if suit == "C" and n["D"] >= 4:
        return bid("1D")
    if bal and 16 <= hcp <= 17:
        return bid("3NT")
    if bal and 13 <= hcp <= 15:
        return bid("2NT")
    need = 4 if suit == "D" else 5
    if 10 <= hcp <= 12 and n[suit] >= need:
        return bid(f"3{suit}")
    if 6 <= hcp <= 9 and n[suit] >= need:
        return bid(f"2{suit}")
    if suit == "D" and hcp >= 11 and n["C"] >= 4:
        return bid("2C")
    if hcp <= 10:
        return bid("1NT")
    return bid("1D") if suit == "C" else bid("2C")
