"""Advice: the call a system recommends for a hand in an auction, with the reasons in words.

``advise(hand, auction)`` finds our side's calls so far, tries the system's rules for that
auction in order and returns the first that fits, with the rules tried before it and why each
did not apply ("1NT needs 15-17 HCP; this hand has 14").

Every text is built as a message (``engine.Msg``) and shown in the language asked for:
``advise(hand, lang="cs")``, or ``advice.in_language("et")`` for the same advice in another
language. English (the default) is the catalogues' msgid text.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from ..model.cards import Seat
from ..model.contract import PASS, Call
from ..model.errors import BridgeError, IllegalCall
from ..model.hand import Hand
from ..rules.auction import Auction
from ..rules.rulings import reword
from ..text.i18n import check_language, translate
from ..text.terms import read_seat
from .engine import (
    N_,
    CallTerm,
    Check,
    HandFacts,
    Join,
    Msg,
    NMsg,
    Rule,
    System,
    auction_view,
    get_system,
    render,
)

__all__ = ["Advice", "Considered", "advise", "our_calls", "as_auction", "NOT_COVERED"]


@dataclass(frozen=True)
class Considered:
    """A rule tried before the one chosen, and why it did not apply."""

    rule: Rule
    call: str  # the call it would have made, as text ("1NT")
    why_not: str  # "1NT needs 15-17 HCP; this hand has 14 HCP"
    label: str = ""  # the call and the rule's name: "2♦ (transfer to hearts)"
    gap: str = ""  # what was missing: "needs 15-17 HCP; this hand has 14 HCP"
    label_msg: object = field(default=None, repr=False, compare=False)
    need_msg: object = field(default=None, repr=False, compare=False)  # None: not a legal call now
    have_msg: object = field(default=None, repr=False, compare=False)
    lang: str = field(default="en", repr=False, compare=False)

    def in_language(self, lang: str) -> "Considered":
        """The same why-not in ``lang``."""
        return _considered(self.rule, self.call, self.label_msg, self.need_msg, self.have_msg, lang)


def _considered(rule: Rule, call: str, label, need, have, lang: str) -> Considered:
    if need is None:
        gap_msg = Msg("is not a legal call now")
        why_msg = Msg("{call} is not a legal call now", call=label)
    else:
        gap_msg = Msg("needs {need}; this hand has {have}", need=need, have=have)
        why_msg = Msg("{call} needs {need}; this hand has {have}", call=label, need=need, have=have)
    return Considered(
        rule, call, why_msg.render(lang), render(label, lang), gap_msg.render(lang), label, need, have, lang
    )


def grouped_why_not(considered: list[Considered], lang: str = "en") -> list[str]:
    """The why-nots with neighbours that failed the same way merged:
    '1♠, 1♥, 1♦, 1♣ need 12 or more HCP; this hand has 11 HCP'."""
    out: list[tuple[list[Considered], str]] = []
    for c in considered:
        key = render(c.need_msg) + "\0" + render(c.have_msg) if c.need_msg is not None else ""
        if out and key and out[-1][1] == key:
            out[-1][0].append(c)
        else:
            out.append(([c], key))
    lines = []
    for group, key in out:
        first = group[0]
        if len(group) == 1 or not key:
            lines.append(first.why_not if lang == first.lang else first.in_language(lang).why_not)
        else:
            lines.append(
                Msg(
                    "{calls} need {need}; this hand has {have}",
                    calls=Join([c.label_msg for c in group], ", "),
                    need=first.need_msg,
                    have=first.have_msg,
                ).render(lang)
            )
    return lines


@dataclass
class Advice:
    """The system's call for a hand, why, and what it tells partner, in one language (``lang``)."""

    call: Call
    reasons: list[str]
    promises: str
    rule: Rule | None
    considered: list[Considered] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    situation: str = "opening"  # opening / response / rebid / responder_rebid / outside the system
    hand: Hand | None = None
    lang: str = "en"
    reason_msgs: list = field(default_factory=list, repr=False, compare=False)
    promises_msg: object = field(default="", repr=False, compare=False)
    covered: bool = True
    """False when the system has no rule for this auction (or hand): the call is then only a pass."""

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

    def in_language(self, lang: str) -> "Advice":
        """The same advice with every text in ``lang`` ('en', 'et', 'sr', 'cs', 'ms', ...)."""
        lang = check_language(lang)
        if not self.reason_msgs:
            return self
        return Advice(
            self.call,
            [render(m, lang) for m in self.reason_msgs],
            render(self.promises_msg, lang),
            self.rule,
            [c.in_language(lang) for c in self.considered],
            self.checks,
            self.situation,
            self.hand,
            lang,
            self.reason_msgs,
            self.promises_msg,
            self.covered,
        )

    def _t(self, msgid: str, **args) -> str:
        return translate(msgid, self.lang, **args)

    def _call_text(self) -> str:
        return CallTerm(self.call).render(self.lang)

    def __str__(self) -> str:
        lines = [self.reason]
        lines += [f"  {r}" for r in self.reasons[1:]]
        if self.promises:
            lines.append(
                "  " + self._t("{call} promises: {promises}", call=self._call_text(), promises=self.promises)
            )
        if self.considered:
            lines.append("  " + self._t("Not chosen:"))
            lines += [f"    {w}" for w in grouped_why_not(self.considered, self.lang)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        esc = html.escape
        items = "".join(f"<li>{esc(r)}</li>" for r in self.reasons[1:])
        nots = "".join(f"<li>{esc(w)}</li>" for w in grouped_why_not(self.considered, self.lang))
        out = f'<div class="bridgelab-advice"><b>{esc(self.reason)}</b>'
        if items:
            out += f"<ul>{items}</ul>"
        if self.promises:
            out += (
                "<div>"
                + esc(self._t("{call} promises: {promises}", call=self._call_text(), promises=self.promises))
                + "</div>"
            )
        if nots:
            out += f"<details><summary>{esc(self._t('Rules tried first'))}</summary><ul>{nots}</ul></details>"
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
    make = (
        (lambda d: Auction.parse(auction, dealer=d))
        if isinstance(auction, str)
        else (lambda d: Auction(d, list(auction)))
    )
    a = make(Seat.N)
    if s is None or a.is_over:
        return a
    return make(Seat((s - len(a)) % 4))


def our_calls(auction: Auction, seat: Seat, lang: str = "en") -> tuple[list[Call] | None, str]:
    """Our side's calls from our first bid on when the opponents have only passed; else None with
    the reason (for callers that only know uncontested auctions)."""
    view = auction_view(auction, seat)
    if any(not ours for ours, _ in view):
        return None, render(NOT_COVERED, lang)
    return [c for _, c in view], ""


NOT_COVERED = Msg("the system does not cover this auction")
"""The advice's words when no rule of the system is written for the auction so far."""

_SITUATION_BY_LEN = {0: "opening", 1: "response", 2: "rebid", 3: "responder_rebid"}


def advise(
    hand: "Hand | str",
    auction=None,
    system: System | None = None,
    seat: "Seat | str | None" = None,
    lang: str = "en",
) -> Advice:
    """The call ``system`` (default: beginner SAYC) recommends for ``hand`` now, with reasons.

    ``auction`` is an Auction, a text of calls ('1H P'), or None for the opening; ``seat`` is the
    hand's seat (default: whose turn it is; with no auction the hand deals and opens). ``lang``
    is the language of the reasons (default English; see ``Advice.in_language``). ``system`` is a
    System or the name of a shipped one ("sayc", "acol").

    Where the system has no rule for the auction, the advice says so (``advice.covered`` is
    False, the call is Pass and the reason is "the system does not cover this auction").

    >>> advise(Hand.from_pbn("AK4.Q93.K652.Q97")).reason
    '14 HCP, 4-3-3-3 balanced, 4 diamonds: open 1♦'
    """
    lang = check_language(lang)
    if isinstance(hand, str):
        hand = Hand.from_pbn(hand)
    if not isinstance(hand, Hand):
        raise BridgeError(
            f"advise needs a Hand (or a PBN hand like 'AKQ2.KJ4.A93.T52'), not {type(hand).__name__}"
        )
    system = get_system(system)
    seat = None if seat is None else read_seat(seat, lang)  # the language's letters: Czech S = N
    a = as_auction(auction, seat)
    if a.is_over:
        raise IllegalCall(f"the auction is over ({a.contract or 'passed out'}): there is nothing to bid")
    turn = a.next_seat
    if seat is not None and seat != turn:
        try:
            a.check(PASS, seat=seat)  # the auction's own ruling (out_of_turn), worded once
        except IllegalCall as e:
            raise reword(e, lang) from None
    seat = turn
    facts = HandFacts(hand)
    head = Join([NMsg("{n} HCP", "{n} HCP", facts.hcp), facts.shape_msg()], ", ")
    pass_msg = Msg("{facts}: {action}", facts=head, action=Msg("pass"))

    view = auction_view(a, seat)
    found = system.rules_after(view)
    if not found:
        return _advice(
            PASS,
            [pass_msg, NOT_COVERED],
            Msg("nothing: the system is silent here"),
            None,
            [],
            [],
            "outside the system",
            hand,
            lang,
            covered=False,
        )

    considered: list[tuple] = []
    for rule, bound in found:
        best = None
        for bind in rule.bindings(bound):
            checks = rule.check(facts, bind)
            call = rule.call(bind)
            failed = [c for c in checks if not c.ok]
            if not failed and a.is_legal(call):
                named = _named(CallTerm(call), str(call), rule)
                reasons = [
                    Msg("{facts}: {action}", facts=_reason_facts(facts, checks), action=_action(rule, call))
                ]
                reasons += [
                    Msg(
                        "{call} needs {need}: this hand has {have}",
                        call=named,
                        need=c.need_msg,
                        have=Join(c.have_parts, "and"),
                    )
                    for c in checks
                ]
                return _advice(
                    call,
                    reasons,
                    rule.promises_msg(bind),
                    rule,
                    [_considered(*x, lang) for x in considered],
                    checks,
                    rule.section,
                    hand,
                    lang,
                )
            label = str(call) if not rule.free else rule.call_label()
            named = _named(rule.label_msg(call), label, rule)
            if failed:
                c = failed[0]
                entry = (rule, label, named, c.need_msg, Join(c.have_parts, "and"))
            else:
                entry = (rule, label, named, None, None)
            if best is None or len(failed) < best[0]:
                best = (len(failed), entry)
        if best is not None:  # (no suit left for the rule's free letters)
            considered.append(best[1])

    # the rules for this auction end without a catch-all, and none fits: a gap in the system file
    why = Msg(
        "none of the system's rules for this auction fits the hand: the system does not cover this hand here"
    )
    return _advice(
        PASS,
        [pass_msg, why],
        Msg("nothing new"),
        None,
        [_considered(*x, lang) for x in considered],
        [],
        "outside the system",
        hand,
        lang,
        covered=False,
    )


def _advice(
    call, reason_msgs, promises_msg, rule, considered, checks, situation, hand, lang, covered: bool = True
) -> Advice:
    return Advice(
        call,
        [render(m, lang) for m in reason_msgs],
        render(promises_msg, lang),
        rule,
        considered,
        checks,
        situation,
        hand,
        lang,
        reason_msgs,
        promises_msg,
        covered,
    )


def _named(label_msg, label: str, rule: Rule):
    """'1NT', or '2♦ (transfer to hearts)' when the rule's name says more than the call."""
    if rule.name == label or _ascii(rule.name) in (label, _ascii(label)):
        return label_msg
    return Msg("{call} ({rule})", call=label_msg, rule=rule.name_msg())


def _ascii(label: str) -> str:
    return label.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")


_ACTIONS = {
    "open": N_("open {call}"),
    "respond": N_("respond {call}"),
    "rebid": N_("rebid {call}"),
    "bid": N_("bid {call}"),
}


def _action(rule: Rule, call: Call):
    if call == PASS:
        return Msg("pass")
    return Msg(_ACTIONS[rule.verb], call=CallTerm(call))


def _reason_facts(facts: HandFacts, checks: list[Check]):
    """'15 HCP, 4-3-3-3 balanced' plus the suit lengths the rule looked at ('5 spades')."""
    parts = [NMsg("{n} HCP", "{n} HCP", facts.hcp), facts.shape_msg()]
    seen = [render(p) for p in parts]
    for c in checks:
        if c.ok and c.length_msg is not None and c.length and c.length not in seen:
            parts.append(c.length_msg)
            seen.append(c.length)
    return Join(parts, ", ")
