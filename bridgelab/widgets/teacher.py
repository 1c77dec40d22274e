"""The teacher's widget: make a lesson set, see its boards, save PBN and HTML, without code.

    >>> from bridgelab.widgets.teacher import TeacherWidget
    >>> w = TeacherWidget(boards=4)      # a notebook cell ending with ``w`` shows it
    >>> w.deal_button.click()            # what the teacher's click does
    >>> w.lesson
    Lesson('Lesson: N: 15-17 balanced', 4 boards)

Every callback writes to widget values and to ``self.lesson`` / ``self.saved``, so a test can
drive it with plain pytest: set ``w.where.value``, call ``w.deal_button.click()``, read
``w.lesson`` and ``w.status.value``.

This module imports ipywidgets; ``import bridgelab`` never imports it.
"""

from __future__ import annotations

import html
import os

import ipywidgets as widgets

from ..coach.techniques import TECHNIQUES, technique_set
from ..io.handout import lesson_preview_html
from ..io.lesson import Lesson, make_lesson
from ..model.errors import BridgeError
from ..system.auctions import auction_where

__all__ = ["TeacherWidget"]

_ROTATE = [("as dealt", ""), ("North", "N"), ("East", "E"), ("South", "S"), ("West", "W")]


class TeacherWidget:
    """Constraint, number of boards, seed and seat; buttons to deal, save PBN and save HTML."""

    def __init__(
        self,
        where: str = "N: 15-17 balanced",
        boards: int = 16,
        seed: int = 1,
        rotate: str = "S",
        title: str = "",
        folder: str = ".",
    ):
        style = {"description_width": "9em"}
        wide = widgets.Layout(width="34em")
        self.where = widgets.Text(
            value=where, description="Constraint", style=style, layout=wide, placeholder="N: 15-17 balanced"
        )
        self.boards = widgets.BoundedIntText(value=boards, min=1, max=64, description="Boards", style=style)
        self.seed = widgets.IntText(value=seed, description="Seed", style=style)
        self.rotate = widgets.Dropdown(
            options=_ROTATE, value=rotate, style=style, description="Lesson hand to"
        )
        self.title = widgets.Text(
            value=title, description="Title", style=style, layout=wide, placeholder="(the constraint)"
        )
        self.dd = widgets.Checkbox(value=False, description="double-dummy tables", indent=False)
        self.technique = widgets.Dropdown(
            options=[("(deal by the constraint)", "")] + [(t.title, name) for name, t in TECHNIQUES.items()],
            value="",
            description="Technique",
            style=style,
            tooltip="deals on which South needs this technique, checked by double dummy",
        )
        self.pbn_path = widgets.Text(
            value=os.path.join(folder, "lesson.pbn"), description="PBN file", style=style, layout=wide
        )
        self.html_path = widgets.Text(
            value=os.path.join(folder, "lesson.html"), description="Handout file", style=style, layout=wide
        )
        self.deal_button = widgets.Button(description="Deal boards", button_style="primary", icon="random")
        self.pbn_button = widgets.Button(description="Save PBN", icon="save")
        self.html_button = widgets.Button(description="Save handout", icon="print")
        self.status = widgets.HTML(value="")
        self.preview = widgets.HTML(value="")
        self.lesson: Lesson | None = None
        self.saved: list[str] = []

        self.deal_button.on_click(self._on_deal)
        self.pbn_button.on_click(self._on_pbn)
        self.html_button.on_click(self._on_html)

        self.widget = widgets.VBox(
            [
                self.where,
                widgets.HBox([self.boards, self.seed]),
                widgets.HBox([self.rotate, self.dd]),
                self.technique,
                self.title,
                widgets.HBox([self.deal_button, self.pbn_button, self.html_button]),
                self.pbn_path,
                self.html_path,
                self.status,
                self.preview,
            ]
        )

    # ---- callbacks (they write widget values and model state) ------------------------------
    def _say(self, text: str, error: bool = False) -> None:
        colour = "#a00000" if error else "#000"
        self.status.value = f'<span style="color:{colour}">{html.escape(text)}</span>'

    def make(self) -> Lesson:
        """Deal the lesson the widget's values describe (also what the Deal button does): a
        technique set when a technique is chosen, else boards that meet the constraint."""
        if self.technique.value:
            lesson = technique_set(self.technique.value, int(self.boards.value), int(self.seed.value))
            self.lesson = lesson
            self.preview.value = lesson_preview_html(lesson.boards, lesson.title)
            return lesson
        text = self.where.value.strip() or None
        lesson = make_lesson(
            auction_where(text),  # "N opens 1NT": the system bids each board's auction
            int(self.boards.value),
            int(self.seed.value),
            rotate=self.rotate.value or None,
            title=self.title.value.strip() or (f"Lesson: {text}" if text else None),
            dd=bool(self.dd.value),
        )
        self.lesson = lesson
        self.preview.value = lesson_preview_html(lesson.boards, lesson.title)
        return lesson

    def _on_deal(self, _button=None) -> None:
        try:
            lesson = self.make()
        except (BridgeError, ImportError) as e:
            self.lesson = None
            self.preview.value = ""
            self._say(str(e), error=True)
            return
        done = f"{len(lesson)} boards dealt from seed {self.seed.value}."
        if self.technique.value:  # say how each deal was checked
            done += " Checked by double dummy: " + TECHNIQUES[self.technique.value].describe("en")
        self._say(done)

    def _ensure(self) -> Lesson | None:
        if self.lesson is None:
            self._on_deal()
        return self.lesson

    def _save(self, kind: str, path: str) -> None:
        lesson = self._ensure()
        if lesson is None:
            return
        try:
            written = lesson.save_pbn(path) if kind == "pbn" else lesson.save_html(path)
        except OSError as e:
            self._say(f"could not write {path}: {e.strerror}", error=True)
            return
        self.saved.append(written)
        self._say(f"Saved {len(lesson)} boards to {written}.")

    def _on_pbn(self, _button=None) -> None:
        self._save("pbn", self.pbn_path.value)

    def _on_html(self, _button=None) -> None:
        self._save("html", self.html_path.value)

    # ---- display -----------------------------------------------------------------------------
    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
