"""Advice: the call a system recommends for a hand in an auction, with the reasons in words.

``advise(hand, auction)`` finds our side's calls so far, tries the system's rules for that
auction in order and returns the first that fits, with the rules tried before it and why each
did not apply ("1NT needs 15-17 HCP; this hand has 14").
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from ..auction import Auction
from ..cards import Seat
from ..contract import PASS, Call
from ..errors import BridgeError, IllegalCall
from ..hand import Hand
from .engine import Check, HandFacts, Rule, System, default_system

__all__ = ["Advice", "Considered", "advise", "our_calls", "as_auction"]


@dataclass(frozen=True)
class Considered:
    """A rule tried before the one chosen, and why it did not apply."""

    rule: Rule
    call: str          # the call it would have made, as text ("1NT")
    why_not: str       # "1NT needs 15-17 HCP; this hand has 14 HCP"
    label: str = ""    # the call and the rule's name: "2♦ (transfer to hearts)"
    gap: str = ""      # what was missing: "needs 15-17 HCP; this hand has 14 HCP"


def grouped_why_not(considered: list[Considered]) -> list[str]:
    """The why-nots with neighbours that failed the same way merged:
    '1♠, 1♥, 1♦, 1♣ need 12 or more HCP; this hand has 11 HCP'."""
    out: list[tuple[list[str], str, str]] = []
    for c in considered:
        if out and c.gap and out[-1][1] == c.gap:
            out[-1][0].append(c.label)
        else:
            out.append(([c.label], c.gap, c.why_not))
    lines = []
    for labels, gap, why in out:
        if len(labels) == 1 or not gap.startswith("needs "):
            lines.append(why)
        else:
            lines.append(f"{', '.join(labels)} need {gap[len('needs '):]}")
    return lines


@dataclass
class Advice:
    """The system's call for a hand, why, and what it tells partner."""

    call: Call
    reasons: list[str]
    promises: str
    rule: Rule | None
    considered: list[Considered] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    situation: str = "opening"   # opening / response / rebid / responder_rebid / outside the system
    hand: Hand | None = None

    def __repr__(self) -> str:
        return f"Advice({self.call.to_ascii()!r}, {self.reason!r})"

    @property
    def reason(self) -> str:
        """The one-line reason: '15 HCP, 4-3-3-3 balanced: open 1NT'."""
        return self.reasons[0] if self.reasons else ""

    @property
    def why_not(self) -> list[str]:
        """Why each rule tried before the chosen one did not apply."""
        return [c.why_not for c in self.considered]

    def __str__(self) -> str:
        lines = [self.reason]
        lines += [f"  {r}" for r in self.reasons[1:]]
        if self.promises:
            lines.append(f"  {self.call} promises: {self.promises}")
        if self.considered:
            lines.append("  Not chosen:")
            lines += [f"    {w}" for w in grouped_why_not(self.considered)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        esc = html.escape
        items = "".join(f"<li>{esc(r)}</li>" for r in self.reasons[1:])
        nots = "".join(f"<li>{esc(w)}</li>" for w in grouped_why_not(self.considered))
        out = f'<div class="bridgelab-advice"><b>{esc(self.reason)}</b>'
        if items:
            out += f"<ul>{items}</ul>"
        if self.promises:
            out += f"<div>{esc(str(self.call))} promises: {esc(self.promises)}</div>"
        if nots:
            out += f"<details><summary>Rules tried first</summary><ul>{nots}</ul></details>"
        return out + "</div>"


def as_auction(auction, seat: "Seat | str | None" = None) -> Auction:
    """An Auction from an Auction, a text like '1NT P 2C P', a list of calls, or None.

    For a text or a list the dealer is chosen so that ``seat`` (default North) calls next.
    """
    if isinstance(auction, Auction):
        return auction
    s = Seat.parse(seat) if seat is not None else None
    if auction is None:
        return Auction(s if s is not None else Seat.N)
    make = (lambda d: Auction.parse(auction, dealer=d)) if isinstance(auction, str) else (
        lambda d: Auction(d, list(auction)))
    a = make(Seat.N)
    if s is None or a.is_over:
        return a
    return make(Seat((s - len(a)) % 4))


def our_calls(auction: Auction, seat: Seat) -> tuple[list[Call] | None, str]:
    """Our side's calls from our first bid on, or None with the reason when the system has no
    rules for this auction (an opponent bid or doubled, or we doubled)."""
    ours: list[Call] = []
    for who, call in auction.history:
        if who.side is not seat.side:
            if call != PASS:
                return None, (f"{who.full_name} (an opponent) called {call}: this beginner system has "
                              "no rules for competitive auctions, so it passes")
            continue
        if call == PASS:
            if ours:
                return None, ("our side has passed after bidding: the system has nothing more to say")
            continue
        if not call.is_bid:
            return None, f"our side called {call}: this beginner system has no rules for doubles"
        ours.append(call)
    return ours, ""


_SITUATION_BY_LEN = {0: "opening", 1: "response", 2: "rebid", 3: "responder_rebid"}


def advise(hand: "Hand | str", auction=None, system: System | None = None,
           seat: "Seat | str | None" = None) -> Advice:
    """The call ``system`` (default: beginner SAYC) recommends for ``hand`` now, with reasons.

    ``auction`` is an Auction, a text of calls ('1H P'), or None for the opening; ``seat`` is the
    hand's seat (default: whose turn it is; with no auction the hand deals and opens).

    >>> advise(Hand.from_pbn("AK4.Q93.K652.Q97")).reason
    '14 HCP, 4-3-3-3 balanced, 4 diamonds: open 1♦'
    """
    if isinstance(hand, str):
        hand = Hand.from_pbn(hand)
    if not isinstance(hand, Hand):
        raise BridgeError(f"advise needs a Hand (or a PBN hand like 'AKQ2.KJ4.A93.T52'), not {type(hand).__name__}")
    system = system or default_system()
    a = as_auction(auction, seat)
    if a.is_over:
        raise IllegalCall(f"the auction is over ({a.contract or 'passed out'}): there is nothing to bid")
    turn = a.next_seat
    if seat is not None:
        seat = Seat.parse(seat)
        if seat != turn:
            raise IllegalCall(f"it is {turn.full_name}'s turn to call, not {seat.full_name}'s")
    seat = turn
    facts = HandFacts(hand)
    head = f"{facts.hcp} HCP, {facts.shape_words()}"

    ours, outside = our_calls(a, seat)
    if ours is None:
        return Advice(PASS, [f"{head}: pass", outside], "nothing: the system is silent here", None,
                      situation="outside the system", hand=hand)

    # who made our side's first bid: this seat (opener) or partner (responder)
    situation = _situation(a, seat, ours)
    considered: list[Considered] = []
    for rule, bound in system.rules_after(ours):
        best = None
        for bind in rule.bindings(bound):
            checks = rule.check(facts, bind)
            call = rule.call(bind)
            failed = [c for c in checks if not c.ok]
            if not failed and a.is_legal(call):
                reasons = [f"{_reason_facts(facts, checks)}: {_action(rule, call)}"]
                reasons += [f"{_named(label_of(rule, call), rule)} needs {c.need}: this hand has "
                            f"{c.have}" for c in checks]
                return Advice(call, reasons, rule.promises(bind), rule, considered, checks,
                              rule.section, hand)
            label = str(call) if not rule.free else rule.call_label()
            if failed:
                c = failed[0]
                gap = f"needs {c.need}; this hand has {c.have}"
            else:
                gap = "is not a legal call now"
            named = _named(label, rule)
            if best is None or len(failed) < best[0]:
                best = (len(failed), Considered(rule, label, f"{named} {gap}", named, gap))
        considered.append(best[1])

    last = f"{head}: pass"
    why = ("the system has no rule for this auction" if not considered
           else "none of the system's rules for this auction fits the hand")
    return Advice(PASS, [last, f"{why}, so it passes (this beginner system covers openings, "
                               "first responses and the simplest rebids)"],
                  "nothing new", None, considered, [], situation, hand)


def label_of(rule: Rule, call: Call) -> str:
    return str(call)


def _named(label: str, rule: Rule) -> str:
    """'1NT', or '2♦ (transfer to hearts)' when the rule's name says more than the call."""
    plain = rule.name.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")
    return label if plain in (label, _ascii(label)) or rule.name == label else f"{label} ({rule.name})"


def _ascii(label: str) -> str:
    return label.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")


def _situation(a: Auction, seat: Seat, ours: list[Call]) -> str:
    return _SITUATION_BY_LEN.get(len(ours), "later")


def _action(rule: Rule, call: Call) -> str:
    if call == PASS:
        return "pass"
    return f"{rule.verb} {call}"


def _reason_facts(facts: HandFacts, checks: list[Check]) -> str:
    """'15 HCP, 4-3-3-3 balanced' plus the suit lengths the rule looked at ('5 spades')."""
    parts = [f"{facts.hcp} HCP", facts.shape_words()]
    for c in checks:
        if c.ok and c.length and c.length not in parts:
            parts.append(c.length)
    return ", ".join(parts)
