"""The play widget (ipywidgets 8): play a hand against robots, with the double-dummy coach.

Four hands around the trick in the middle; the learner's cards are buttons (cards that may not
be played now are greyed, and a click on one says why); dummy is face up after the opening lead;
tricks won by each side, the coach's panel (the plan before the first card, then what each card
cost and why), undo, hint, claim, next deal, a box to type a card ("sq", "♠Q", "pada emand"), and
a language picker. All logic is in ``bridgelab.coach.PlaySession``; every callback writes to
widget values or to the session, so plain pytest drives it::

    w = PlayWidget(seed=1)
    w.card_buttons["SQ"].click()        # or: w.keyboard.value = "sq"; w.play_button.click()
    w.coach.value, w.tricks.value, w.session.reports[-1]

This module imports ipywidgets; ``bridgelab`` and ``bridgelab.coach`` never import it.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable

import ipywidgets as widgets

from ..coach.practice import PracticeDeal, practice_deal
from ..coach.session import PlaySession
from ..coach.techniques import TECHNIQUES, technique_source
from ..coach.words import card_text, nt, seat_text, t
from ..model.cards import SUITS, Card, Seat
from ..model.errors import BridgeError
from ..quiz.progress import ProgressStore
from ..render.display import RED, colour_suits
from ..rules.play import Play
from ..text.i18n import LANGUAGES
from ..text.terms import call_name
from .quiz import LANGUAGE_NAMES

__all__ = ["PlayWidget", "play", "play_app"]

_CSS = """<style>
.bridgelab-play .bridgelab-card { min-width: 30px; width: auto; height: 30px; padding: 0 5px;
  font-size: 15px; font-weight: bold; margin: 1px; }
.bridgelab-play .bridgelab-card.bridgelab-illegal { opacity: 0.35; }
.bridgelab-play .bridgelab-card:disabled { opacity: 1; }
.bridgelab-play .bridgelab-hand { min-height: 140px; }
</style>"""

_SEAT_AREA = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}


def _ascii(card: Card) -> str:
    return f"{card.suit.name}{card.rank.char}"


class PlayWidget(widgets.VBox):
    """One deal after another against robots, with the coach. Give a ``session``, or a
    ``source`` (a function seed -> PracticeDeal; default ``practice_deal``) and ``seed``.

    Parts a test can reach: ``card_buttons`` (ascii "SQ" -> Button of the cards the learner
    may click now), ``keyboard`` and ``play_button``, ``undo_button``, ``hint_button``,
    ``claim_tricks`` and ``claim_button``, ``next_button``, ``language``; the HTML panes
    ``title``, ``tricks``, ``trick``, ``hands`` (seat -> HTML pane or box), ``coach``,
    ``message``, ``result``.
    """

    def __init__(
        self,
        session: PlaySession | None = None,
        *,
        seed: int = 1,
        lang: str = "en",
        robot: str = "expert",
        source: Callable[[int], PracticeDeal] | None = None,
        store=None,
        user: str = "default",
        learner: str = "declarer",
    ):
        self.source = source or practice_deal
        self.seed = seed
        self.robot_level, self.store, self.user, self.learner = robot, store, user, learner
        self.lang = lang
        self._style = widgets.HTML(_CSS, layout=widgets.Layout(height="0px", margin="0"))
        self.title = widgets.HTML()
        self.tricks = widgets.HTML()
        self.language = widgets.Dropdown(
            options=[(LANGUAGE_NAMES.get(c, c), c) for c in LANGUAGES],
            value=lang,
            layout=widgets.Layout(width="170px"),
        )
        self.language.observe(self._on_language, names="value")
        self.trick = widgets.HTML(layout=widgets.Layout(min_width="180px"))
        self.hands: dict[Seat, widgets.VBox] = {
            s: widgets.VBox(layout=widgets.Layout(grid_area=_SEAT_AREA[s])) for s in Seat
        }
        self.trick.layout.grid_area = "trick"
        self.table = widgets.GridBox(
            [self.hands[Seat.N], self.hands[Seat.W], self.trick, self.hands[Seat.E], self.hands[Seat.S]],
            layout=widgets.Layout(
                grid_template_areas='". north ." "west trick east" ". south ."',
                grid_template_columns="1fr 1fr 1fr",
                grid_gap="6px",
                width="100%",
            ),
        )
        self.card_buttons: dict[str, widgets.Button] = {}
        self.keyboard = widgets.Text(layout=widgets.Layout(width="170px"), continuous_update=False)
        self.keyboard.observe(lambda ch: ch["new"].strip() and self._on_keyboard(), names="value")
        self.play_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.play_button.on_click(lambda _b: self._on_keyboard())
        self.undo_button = widgets.Button(icon="undo", layout=widgets.Layout(width="auto"))
        self.undo_button.on_click(self._on_undo)
        self.hint_button = widgets.Button(icon="lightbulb-o", layout=widgets.Layout(width="auto"))
        self.hint_button.on_click(self._on_hint)
        self.claim_tricks = widgets.BoundedIntText(
            value=0, min=0, max=13, layout=widgets.Layout(width="70px")
        )
        self.claim_button = widgets.Button(icon="flag", layout=widgets.Layout(width="auto"))
        self.claim_button.on_click(self._on_claim)
        self.next_button = widgets.Button(
            icon="arrow-right", button_style="info", layout=widgets.Layout(width="auto")
        )
        self.next_button.on_click(self._on_next)
        self.message = widgets.HTML()
        self.coach = widgets.HTML()
        self.result = widgets.HTML()
        for w, cls in [
            (self.title, "bridgelab-title"),
            (self.tricks, "bridgelab-tricks"),
            (self.trick, "bridgelab-trick"),
            (self.keyboard, "bridgelab-keyboard"),
            (self.play_button, "bridgelab-play-card"),
            (self.undo_button, "bridgelab-undo"),
            (self.hint_button, "bridgelab-hint"),
            (self.claim_tricks, "bridgelab-claim-tricks"),
            (self.claim_button, "bridgelab-claim"),
            (self.next_button, "bridgelab-next"),
            (self.message, "bridgelab-message"),
            (self.coach, "bridgelab-coach"),
            (self.result, "bridgelab-result"),
            (self.language, "bridgelab-language"),
        ]:
            w.add_class(cls)
        for s, box in self.hands.items():
            box.add_class("bridgelab-hand")
            box.add_class(f"bridgelab-hand-{s.name}")
        header = widgets.HBox(
            [self.title, self.tricks, self.language],
            # wraps on a phone: the title, the tricks and the language picker each stay whole
            layout=widgets.Layout(
                justify_content="space-between",
                align_items="center",
                flex_flow="row wrap",
                grid_gap="2px 10px",
            ),
        )
        controls = widgets.HBox(
            [
                self.keyboard,
                self.play_button,
                self.undo_button,
                self.hint_button,
                self.claim_tricks,
                self.claim_button,
                self.next_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px"),
        )
        super().__init__(
            [self._style, header, self.table, controls, self.message, self.coach, self.result],
            layout=widgets.Layout(
                border="1px solid #bbb", padding="8px 14px", max_width="860px", grid_gap="6px"
            ),
        )
        self.add_class("bridgelab-play")
        self.session = session if session is not None else self._new_session()
        self.lang = self.session.lang
        self.language.value = self.lang
        self.refresh()

    def __repr__(self) -> str:
        return f"PlayWidget({self.session!r})"

    # ---- sessions -------------------------------------------------------------------------
    def _new_session(self) -> PlaySession:
        p = self.source(self.seed)
        return PlaySession(
            p.deal,
            p.contract,
            learner=self.learner,
            robot=self.robot_level,
            lang=self.lang,
            store=self.store,
            user=self.user,
            cards=p.cards,
            source=p.note,
        )

    # ---- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the session."""
        s, lang = self.session, self.lang
        c = s.contract
        cname = call_name(f"{c.level}{c.strain.name}", lang)
        self.title.value = (
            f'<b style="font-size:115%">{html.escape(t("Play the hand", lang))}</b> &nbsp; '
            + colour_suits(
                html.escape(
                    t("{contract} by {declarer}", lang, contract=cname, declarer=seat_text(c.declarer, lang))
                )
            )
        )
        won = s.tricks_won()
        us, them = won[s.learner_side], won[s.learner_side.other]
        self.tricks.value = html.escape(
            t("Tricks: your side {us}, the opponents {them}", lang, us=us, them=them)
        )
        self.play_button.description = t("Play", lang)
        self.keyboard.placeholder = t("type a card: sq, ♠Q", lang)
        self.undo_button.description = t("Undo", lang)
        self.hint_button.description = t("Hint", lang)
        self.claim_button.description = t("Claim", lang)
        self.next_button.description = t("Next deal", lang)
        left = 13 - len(s.play_.tricks)
        self.claim_tricks.max = left
        if self.claim_tricks.value > left or getattr(self, "_claim_left", None) != left:
            self.claim_tricks.value = left  # the tricks still to play (all of them), until edited
        self._claim_left = left
        self._draw_hands()
        self._draw_trick()
        over = s.is_over
        for b in (self.undo_button,):
            b.disabled = not any(st.by == "learner" for st in s.steps)
        self.hint_button.disabled = over
        self.claim_button.disabled = over
        self.play_button.disabled = over
        if not s.reports and not over:
            self.coach.value = self._panel(t("Your plan", lang), s.plan().messages(lang))
        elif s.reports and not self.coach.value:
            self.coach.value = self._panel(t("Coach", lang), s.reports[-1].messages(lang))
        r = s.result()
        if r is None:
            self.result.value = ""
        else:
            lines = r.messages(lang)
            for rep in s.reports:
                if rep.cost:
                    lines.append(t("Trick {n}", lang, n=rep.trick) + ": " + rep.messages(lang)[1])
            self.result.value = self._panel(t("The result", lang), lines, "#eef3fb")

    @staticmethod
    def _panel(head: str, lines: list[str], colour: str = "#f6f6ef") -> str:
        body = "".join(f"<div>{colour_suits(html.escape(x))}</div>" for x in lines)
        return (
            f'<div style="background:{colour};padding:6px 10px;border-radius:4px;line-height:1.4">'
            f"<b>{html.escape(head)}</b>{body}</div>"
        )

    def _draw_hands(self) -> None:
        s, lang = self.session, self.lang
        p = s.play_
        visible = s.visible_seats()
        legal = set(s.legal_cards())
        to_play = p.next_seat if s.learner_to_play else None
        self.card_buttons = {}
        for seat in Seat:
            label = seat_text(seat, lang)
            if seat is p.dummy:
                label += f" ({t('dummy', lang)})"
            if seat in s.learner_seats and seat is not p.dummy:
                label += f" ({t('you', lang)})"
            marker = " ▶" if seat is p.next_seat and not s.is_over else ""
            head = widgets.HTML(f"<b>{html.escape(label)}</b>{marker}")
            rows = [head]
            cards = p.hand(seat)
            if s.is_over:  # the whole deal, to look back at
                cards = Play(s.deal, s.contract).hand(seat)
            if seat not in visible:
                rows.append(
                    widgets.HTML(
                        f'<span style="color:#777">{html.escape(nt("{n} card", "{n} cards", len(cards), lang))}</span>'
                    )
                )
            else:
                for suit in SUITS:
                    suit_cards = [c for c in cards if c.suit == suit]
                    colour = RED if suit.is_red else "#000"
                    sym = widgets.HTML(
                        f'<span style="color:{colour};font-size:17px">{suit.symbol}</span>',
                        layout=widgets.Layout(width="18px"),
                    )
                    items = [sym]
                    clickable = seat in s.learner_seats and not s.is_over
                    for card in suit_cards:
                        rank = "10" if card.rank.char == "T" else card.rank.char
                        b = widgets.Button(
                            description=rank, tooltip=_ascii(card), layout=widgets.Layout(width="auto")
                        )
                        b.style.text_color = colour
                        b.add_class("bridgelab-card")
                        b.add_class(f"bridgelab-card-{_ascii(card)}")
                        if clickable:
                            if seat is not to_play or card not in legal:
                                b.add_class("bridgelab-illegal")
                            b.on_click(lambda _b, card=card: self.click_card(card))
                            self.card_buttons[_ascii(card)] = b
                        else:
                            b.disabled = True
                        items.append(b)
                    if not suit_cards:
                        items.append(widgets.HTML("—"))
                    rows.append(widgets.HBox(items, layout=widgets.Layout(flex_flow="row wrap")))
            self.hands[seat].children = rows

    def _draw_trick(self) -> None:
        s, lang = self.session, self.lang
        p = s.play_
        trick = p.current_trick
        shown = trick
        if trick is None and p.tricks:
            shown = p.tricks[-1]  # the trick just completed stays until the next card
        lines = []
        if shown is not None:
            for seat, card in shown:
                lines.append(f"{html.escape(seat_text(seat, lang))}: {colour_suits(card_text(card))}")
            if shown.is_complete:
                lines.append("→ " + html.escape(seat_text(shown.winner, lang)))
        n = len(p.tricks) + (1 if trick is not None or not p.tricks else 0)
        head = t("Trick {n}", lang, n=min(n, 13))
        self.trick.value = (
            f'<div data-played="{len(p.cards_played)}" style="border:1px solid #ccc;'
            'border-radius:6px;padding:6px;background:#f3f8f3;min-height:110px;font-size:15px">'
            f"<b>{html.escape(head)}</b><br>{'<br>'.join(lines)}</div>"
        )

    # ---- actions (what the buttons do) ------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        colour = "#8a1a1a" if error else "#1b5e1b"
        self.message.value = f'<span style="color:{colour}">{colour_suits(html.escape(text))}</span>'

    def click_card(self, card: "Card | str") -> None:
        """The learner clicks ``card`` (a greyed card: the reason is shown instead)."""
        s = self.session
        try:
            why = s.why_illegal(card, self.lang)
        except BridgeError as e:
            why = str(e)
        if why is not None:
            self.say(why, error=True)
            return
        try:
            report = s.play(card)
        except BridgeError as e:
            self.say(str(e), error=True)
            return
        self.message.value = ""
        if report is not None:
            self.coach.value = self._panel(
                t("Coach", self.lang), report.messages(self.lang), "#fbeeee" if report.cost else "#eef7ee"
            )
        self.claim_tricks.value = 13 - len(s.play_.tricks)
        self.refresh()

    def _on_keyboard(self) -> None:
        text = self.keyboard.value.strip()
        if not text:
            self.say(t("Type a card first, for example sq or ♠Q.", self.lang), error=True)
            return
        self.keyboard.value = ""
        self.click_card(text)

    def _on_undo(self, _b=None) -> None:
        if self.session.undo():
            self.coach.value = ""
            self.say(t("The card was taken back.", self.lang))
        self.refresh()

    def _on_hint(self, _b=None) -> None:
        h = self.session.hint()
        if h is None:
            return
        self.coach.value = self._panel(t("Hint", self.lang), [h.message(self.lang)], "#fff6dd")
        b = self.card_buttons.get(_ascii(h.card))
        if b is not None:
            b.button_style = "warning"

    def _on_claim(self, _b=None) -> None:
        s = self.session
        try:
            c = s.claim(int(self.claim_tricks.value))
        except BridgeError as e:
            self.say(str(e), error=True)
            return
        self.say(c.message(self.lang), error=not c.accepted)
        self.refresh()

    def _on_next(self, _b=None) -> None:
        self.seed += 1
        self.session = self._new_session()
        self.coach.value = ""
        self.message.value = ""
        self.refresh()

    def _on_language(self, change) -> None:
        self.lang = change["new"]
        self.session.lang = self.lang
        if self.session.reports:
            self.coach.value = self._panel(
                t("Coach", self.lang), self.session.reports[-1].messages(self.lang)
            )
        else:
            self.coach.value = ""
        self.refresh()


def play(seed: int = 1, *, lang: str = "en", **kwargs) -> PlayWidget:
    """A play widget on practice deals from ``seed`` (``source=`` for a technique set)."""
    return PlayWidget(seed=seed, lang=lang, **kwargs)


def play_app(
    lang: str = "en",
    seed: "int | None" = None,
    *,
    technique: str | None = None,
    robot: str = "expert",
    user: str = "default",
    store=None,
) -> PlayWidget:
    """The student page's widget (app/play.ipynb): practice deals, or a ``technique`` set (a
    name of ``TECHNIQUES``; another name gives practice deals),
    from ``seed`` (a random one if None), against the ``robot`` level ("expert" or
    "beginner"; anything else is "expert"); progress saved for ``user``."""
    lang = lang if lang in LANGUAGES else "en"
    seed = random.randrange(1, 10**6) if seed is None else int(seed)
    source = None
    if technique in TECHNIQUES:  # an unknown name in the address: random deals
        source = technique_source(technique)
    if store is None:
        store = ProgressStore()
    robot = robot if robot in ("expert", "beginner") else "expert"
    return PlayWidget(seed=seed, lang=lang, source=source, store=store, user=user, robot=robot)
