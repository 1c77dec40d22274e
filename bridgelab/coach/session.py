"""A play session: the learner plays one side of a deal, robots play the rest, the coach watches.

    >>> deal = "N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86"
    >>> s = PlaySession(deal, "3NT by N", learner="declarer", robot="expert")
    >>> s.legal_cards()[:3]        # East led a club; dummy's cards that may be played now
    [Card(CQ), Card(C9), Card(C7)]
    >>> report = s.play("CQ")      # the learner's card; the robots answer until the learner's turn
    >>> report.messages("et")[0]   # the coach: double-dummy tricks before and after the card
    'Enne kaarti ♣Q sai sinu pool võtta 6 tihi; pärast seda 5.'
    >>> s.undo()
    True

Everything is engine: no widget. The deal, contract and declarer come from the arguments, an
ended ``Auction`` or a lesson's ``DealRecord`` (``PlaySession.from_record``). The learner plays
declarer's side (both declarer's hand and dummy) or one defender; each other hand is played by a
``Robot``. Positions are solved once (``PositionSolver``), so undo, hints and claims are free.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field

from ..model.cards import Card, Seat, Side
from ..model.contract import Contract
from ..model.deal import Deal, Vulnerability
from ..model.errors import BridgeError, IllegalCard, ParseError
from ..rules.auction import Auction
from ..rules.play import Play, Trick
from ..rules.scoring import MESSAGES as SCORE_MESSAGES
from ..rules.scoring import message_text, score_breakdown
from ..text.i18n import translate
from ..text.terms import call_name
from .coach import CardReport, Hint, Plan, analyse_card, hint, plan
from .robots import Robot
from .solver import PositionSolver
from .words import card_text, nt, parse_card, seat_text, suit_text, t

__all__ = ["PlaySession", "Claim", "PlayResult", "Step"]


@dataclass(frozen=True)
class Claim:
    """A claim of ``claimed`` of the ``left`` tricks still to play; ``possible`` is what double
    dummy gives the learner's side from here with best defence."""

    claimed: int
    left: int
    possible: int

    @property
    def accepted(self) -> bool:
        return self.possible >= self.claimed

    def message(self, lang: str = "en") -> str:
        if self.accepted:
            return nt(
                "Claim accepted: your side takes {claimed} of the {left} trick left.",
                "Claim accepted: your side takes {claimed} of the {left} tricks left.",
                self.left,
                lang,
                claimed=self.claimed,
                left=self.left,
            )
        return nt(
            "Claim refused: with the best defence your side takes only {possible} of the "
            "{left} trick left, not {claimed}.",
            "Claim refused: with the best defence your side takes only {possible} of the "
            "{left} tricks left, not {claimed}.",
            self.left,
            lang,
            possible=self.possible,
            left=self.left,
            claimed=self.claimed,
        )


@dataclass(frozen=True)
class Step:
    """One card of the play, for the replay: trick number, seat, card, who chose it (the learner
    or a robot's rule) and the coach's report on a learner's card."""

    trick: int
    seat: Seat
    card: Card
    by: str
    report: CardReport | None = None


@dataclass
class PlayResult:
    """The end of a deal: declarer's tricks, the score with the scoring engine's breakdown, and
    the double-dummy tricks of the contract (with best play on both sides from the start)."""

    contract: Contract
    vulnerable: bool
    declarer_tricks: int
    dd_tricks: int
    learner_side: Side
    learner_tricks: int
    learner_dd: int
    hints: int
    claimed: bool = False
    breakdown: object = field(init=False)

    def __post_init__(self):
        self.breakdown = score_breakdown(self.contract, self.declarer_tricks, self.vulnerable)

    @property
    def made(self) -> bool:
        return self.declarer_tricks >= self.contract.tricks_needed

    @property
    def score(self) -> int:
        """The duplicate score for the declaring side."""
        return self.breakdown.total

    def messages(self, lang: str = "en") -> list[str]:
        c = self.contract
        cname = call_name(f"{c.level}{c.strain.name}", lang)
        out = [
            nt(
                "Your side took {tricks} trick.",
                "Your side took {tricks} tricks.",
                self.learner_tricks,
                lang,
                tricks=self.learner_tricks,
            )
        ]
        for msgid, args in self.breakdown.messages():
            args = dict(args)
            if "contract" in args:
                args["contract"] = cname + ("X" * c.doubled)
            if "vulnerability" in args:
                args["vulnerability"] = translate(
                    SCORE_MESSAGES["score.vulnerable" if self.vulnerable else "score.not_vulnerable"], lang
                )
            out.append(message_text(msgid, lang, **args))
        result = self.dd_tricks - c.tricks_needed
        out.append(
            nt(
                "Double dummy (best play on both sides) {contract} takes {dd} trick: {verdict}.",
                "Double dummy (best play on both sides) {contract} takes {dd} tricks: {verdict}.",
                self.dd_tricks,
                lang,
                contract=cname,
                dd=self.dd_tricks,
                verdict=t("made", lang)
                if result == 0
                else (
                    nt("made with {n} overtrick", "made with {n} overtricks", result, lang)
                    if result > 0
                    else t("{n} down", lang, n=-result)
                ),
            )
        )
        diff = self.learner_tricks - self.learner_dd
        if diff == 0:
            out.append(t("You took as many tricks as double dummy: well played!", lang))
        elif diff > 0:
            out.append(
                nt(
                    "You took {n} trick more than double dummy: the robots gave you a trick.",
                    "You took {n} tricks more than double dummy: the robots gave you tricks.",
                    diff,
                    lang,
                )
            )
        else:
            out.append(
                nt(
                    "Double dummy your side takes {n} trick more: look at the cards the coach marked.",
                    "Double dummy your side takes {n} tricks more: look at the cards the coach marked.",
                    -diff,
                    lang,
                )
            )
        if self.hints:
            out.append(t("Hints used: {n}.", lang, n=self.hints))
        return out


class PlaySession:
    """One deal played by the learner against robots, with the double-dummy coach.

    ``learner`` is "declarer" (declarer and dummy), "defence" (the opening leader) or a seat;
    ``robot`` "expert" or "beginner" (see ``Robot``); ``vulnerable`` the declaring side's
    vulnerability (a bool, or a Vulnerability of the board). ``store`` (a ProgressStore) gets the
    deal when it ends, for ``user``.
    """

    def __init__(
        self,
        deal,
        contract=None,
        declarer=None,
        *,
        learner="declarer",
        robot="expert",
        lang: str = "en",
        vulnerable=False,
        solver: PositionSolver | None = None,
        store=None,
        user: str = "default",
        source: str = "",
        coach: bool = True,
        cards: "str | list | None" = None,
    ):
        if isinstance(deal, str):
            deal = Deal.from_pbn(deal)
        if not isinstance(deal, Deal):
            raise BridgeError(f"a play session needs a Deal or a PBN deal, not {type(deal).__name__}")
        if contract is None:
            raise BridgeError(
                "a play session needs a contract: '3NT by S', an Auction that has "
                "ended, or a DealRecord with a contract (PlaySession.from_record)"
            )
        self.play_ = Play(deal, contract, declarer)
        self.deal = deal
        self.contract = self.play_.contract
        if isinstance(vulnerable, (str, Vulnerability)):
            vulnerable = Vulnerability.parse(vulnerable).of(self.contract.declarer)
        self.vulnerable = bool(vulnerable)
        self.learner_seats = self._learner_seats(learner)
        self.learner_side = next(iter(self.learner_seats)).side
        self.solver = solver if solver is not None else PositionSolver()
        self.robot = robot if isinstance(robot, Robot) else Robot(robot, self.solver)
        self.lang = lang
        self.coach = coach
        self.store, self.user, self.source = store, user, source
        self.reports: list[CardReport] = []
        self.steps: list[Step] = []
        self.hints_used = 0
        self.claim_made: Claim | None = None
        self.recorded_id: int | None = None
        self.session_id = uuid.uuid4().hex[:12]
        self.started = time.time()
        self._dd_start: int | None = None
        for card in cards.split() if isinstance(cards, str) else cards or ():
            c = Card.parse(card)
            self.steps.append(Step(len(self.play_.tricks) + 1, self.play_.next_seat, c, "given"))
            self.play_.play(c)
        self.advance()

    # ---- making one -------------------------------------------------------------------------
    @classmethod
    def from_auction(cls, deal, auction: Auction, **kw) -> "PlaySession":
        """A session on the contract an ended auction reached."""
        if auction.contract is None:
            raise BridgeError(
                "the auction "
                + ("was passed out" if auction.passed_out else "is not over yet")
                + ": there is no contract to play"
            )
        return cls(deal, auction.contract, **kw)

    @classmethod
    def from_record(cls, record, **kw) -> "PlaySession":
        """A session on a lesson's DealRecord (its contract, or its auction's, and vulnerability)."""
        contract = record.contract
        if contract is None:
            raise BridgeError(
                f"board {record.board} has no contract: annotate it with an auction "
                "or a contract first, or give one to PlaySession"
            )
        vul = record.vulnerable if record.vulnerable is not None else False
        kw.setdefault("vulnerable", vul)
        kw.setdefault("source", f"board {record.board}" if record.board else "")
        return cls(record.deal, contract, **kw)

    def _learner_seats(self, learner) -> frozenset[Seat]:
        c = self.contract
        if learner in ("declarer", "declaring"):
            return frozenset({c.declarer, c.declarer.partner})
        if learner in ("defence", "defense", "defender"):
            return frozenset({c.declarer.lho})
        try:
            seat = Seat.parse(learner)
        except ParseError:
            raise BridgeError(
                f"{learner!r} is not a learner's place: say 'declarer', 'defence' or a seat (N, E, S, W)"
            ) from None
        if seat.side is c.declarer.side:
            return frozenset({c.declarer, c.declarer.partner})
        return frozenset({seat})

    # ---- state ------------------------------------------------------------------------------
    @property
    def play_state(self) -> Play:
        return self.play_

    @property
    def is_over(self) -> bool:
        return self.play_.is_over or self.claim_made is not None and self.claim_made.accepted

    @property
    def learner_to_play(self) -> bool:
        return not self.is_over and self.play_.next_seat in self.learner_seats

    @property
    def dummy_visible(self) -> bool:
        """Dummy is face up once the opening lead is made."""
        return bool(self.play_.cards_played)

    def visible_seats(self) -> set[Seat]:
        """The hands the learner sees: their own (both, as declarer), and dummy after the lead;
        all four once the play is over."""
        if self.is_over:
            return set(Seat)
        seen = set(self.learner_seats)
        if self.dummy_visible:
            seen.add(self.play_.dummy)
        return seen

    def legal_cards(self) -> list[Card]:
        return self.play_.legal_cards() if self.learner_to_play else []

    def tricks_won(self) -> dict[Side, int]:
        return self.play_.tricks_won

    def dd_start(self) -> int:
        """Declarer's tricks by double dummy from the opening lead."""
        if self._dd_start is None:
            fresh = Play(self.deal, self.contract)
            self._dd_start = self.solver.side_total(fresh, self.contract.declarer.side)
        return self._dd_start

    # ---- playing ----------------------------------------------------------------------------
    def why_illegal(self, card, lang: str | None = None) -> str | None:
        """Why the learner may not play ``card`` now, in words (None if it may be played)."""
        lang = lang or self.lang
        try:
            c = parse_card(card, lang) if isinstance(card, str) else card
        except ParseError as e:
            return str(e)
        p = self.play_
        if self.is_over:
            return t("The play is over.", lang)
        if not self.learner_to_play:
            return t("It is {seat}'s turn, not yours.", lang, seat=seat_text(p.next_seat, lang))
        seat = p.next_seat
        if c not in p.hand(seat):
            return t(
                "{card} is not in the hand to play ({seat}).",
                lang,
                card=card_text(c),
                seat=seat_text(seat, lang),
            )
        if not p.is_legal(c):
            led = p.current_trick.suit_led
            follow = [x for x in p.hand(seat) if x.suit == led]
            return t(
                "You hold {suit}: you must follow suit ({cards}).",
                lang,
                suit=suit_text(led, lang),
                cards=" ".join(card_text(x) for x in follow),
            )
        return None

    def play(self, card) -> CardReport | None:
        """The learner plays ``card`` (a Card or what they typed: "sq", "♠Q", "pada emand");
        the robots then play until it is the learner's turn again. Returns the coach's report.
        IllegalCard (with the reason in the session's language) if it may not be played."""
        c = parse_card(card, self.lang) if isinstance(card, str) else card
        why = self.why_illegal(c)
        if why is not None:
            err = IllegalCard(why)
            err.card = c
            raise err
        p = self.play_
        seat = p.next_seat
        report = None
        if self.coach:
            report = analyse_card(p, c, self.solver, self.learner_side)
            self.reports.append(report)
        self.steps.append(Step(len(p.tricks) + 1, seat, c, "learner", report))
        p.play(c)
        self.advance()
        return report

    def advance(self) -> list[Step]:
        """Let the robots play until it is the learner's turn or the play is over."""
        done = []
        p = self.play_
        while not p.is_over and p.next_seat not in self.learner_seats:
            seat = p.next_seat
            card, rule = self.robot.choose(p)
            step = Step(len(p.tricks) + 1, seat, card, rule)
            p.play(card)
            self.steps.append(step)
            done.append(step)
        if p.is_over:
            self._finish()
        return done

    def undo(self) -> bool:
        """Take back the learner's last card and the robots' cards after it (False if none)."""
        if not any(s.by == "learner" for s in self.steps):
            return False
        if self.claim_made is not None:
            self.claim_made = None
        while self.steps:
            step = self.steps.pop()
            self.play_.pop()
            if step.by == "learner":
                if step.report is not None and self.reports and self.reports[-1] is step.report:
                    self.reports.pop()
                break
        self.recorded_id = None
        return True

    def hint(self) -> Hint | None:
        """The best card now for the learner and its idea (counted in ``hints_used``)."""
        if not self.learner_to_play:
            return None
        self.hints_used += 1
        return hint(self.play_, self.solver)

    def plan(self) -> Plan:
        """Declarer's winners and losers suit by suit and the target (from declarer's side)."""
        return plan(self.play_)

    def claim(self, tricks: int) -> Claim:
        """The learner claims ``tricks`` of the tricks still to play (the current one included).
        Accepted when double dummy gives the learner's side at least that many with the best
        defence; the play then ends with the claimed tricks."""
        p = self.play_
        left = 13 - len(p.tricks)
        if self.is_over:
            raise BridgeError("the play is over: there is nothing left to claim")
        if not isinstance(tricks, int) or not 0 <= tricks <= left:
            raise BridgeError(
                f"a claim is a number of tricks from 0 to {left} (the tricks left), not {tricks!r}"
            )
        possible = self.solver.side_total(p, self.learner_side) - p.tricks_won[self.learner_side]
        c = Claim(tricks, left, possible)
        if c.accepted:
            self.claim_made = c
            self._finish()
        return c

    # ---- the end ----------------------------------------------------------------------------
    def declarer_tricks(self) -> int:
        p = self.play_
        won = p.declarer_tricks
        if self.claim_made is not None and self.claim_made.accepted:
            left = 13 - len(p.tricks)
            mine = self.claim_made.claimed
            won += mine if self.learner_side is self.contract.declarer.side else left - mine
        return won

    def result(self) -> PlayResult | None:
        """Tricks, score with its breakdown, and the double-dummy tricks (None until the end)."""
        if not self.is_over:
            return None
        decl = self.declarer_tricks()
        dd = self.dd_start()
        mine = self.learner_side is self.contract.declarer.side
        return PlayResult(
            self.contract,
            self.vulnerable,
            decl,
            dd,
            self.learner_side,
            decl if mine else 13 - decl,
            dd if mine else 13 - dd,
            self.hints_used,
            claimed=self.claim_made is not None,
        )

    def _finish(self) -> None:
        if self.store is None or self.recorded_id is not None:
            return
        r = self.result()
        self.recorded_id = self.store.record_play(
            user=self.user,
            deal=self.deal.to_pbn(),
            contract=str(self.contract),
            declarer=self.contract.declarer.name,
            learner="".join(sorted(s.name for s in self.learner_seats)),
            cards=" ".join(f"{s.card.suit.name}{s.card.rank.char}" for s in self.steps),
            tricks=r.declarer_tricks,
            dd_tricks=r.dd_tricks,
            hints=self.hints_used,
            made=r.made,
            claimed=r.claimed,
            source=self.source,
        )

    def replay(self) -> list[Step]:
        """Every card played so far, in order, with who chose it and the coach's reports."""
        return list(self.steps)

    def replay_text(self, lang: str | None = None) -> str:
        """The whole play trick by trick, with the coach's word on each costly card."""
        lang = lang or self.lang
        lines = []
        for s in self.steps:
            who = t("you", lang) if s.by == "learner" else t("robot", lang)
            line = f"{s.trick:2}. {seat_text(s.seat, lang)}: {card_text(s.card)} ({who})"
            if s.report is not None and s.report.cost:
                line += " - " + " ".join(s.report.messages(lang)[1:])
            lines.append(line)
        return "\n".join(lines)

    def tricks(self) -> tuple[Trick, ...]:
        return self.play_.tricks

    def __repr__(self) -> str:
        return (
            f"<PlaySession {self.contract} learner {''.join(sorted(s.name for s in self.learner_seats))}"
            f" robot {self.robot.level}: {len(self.play_.tricks)} tricks>"
        )
