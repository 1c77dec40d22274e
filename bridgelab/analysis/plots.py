"""Plots of deal statistics with matplotlib: plain functions that return a Figure.

Kept out of ``bridgelab/__init__`` so that ``import bridgelab`` never loads matplotlib.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..model.cards import Seat, Side, Strain
from ..model.errors import BridgeError, ParseError
from ..text import terms
from ..text.i18n import ntranslate, translate
from . import stats


def _t(msgid: str, lang: str, **args) -> str:
    return translate(msgid, lang, "plots", **args)


def _who(text: str, lang: str) -> str:
    """'N' -> North, 'NS' -> North-South, in ``lang``."""
    try:
        seats = Side.parse(text).seats if len(text) == 2 else (Seat.parse(text),)
    except ParseError:
        return text
    names = [terms.seat_name(s, lang) for s in seats]
    return "–".join(n[:1].upper() + n[1:] for n in names)


def measure_title(measure: str, lang: str = "en") -> str:
    """A study's measure in words: 'NS fit S' -> 'North–South: spades together'."""
    parts = measure.split()
    if len(parts) == 2 and parts[1] == "hcp":
        return _t("{who}: high-card points", lang, who=_who(parts[0], lang))
    if len(parts) == 3 and parts[1] in ("fit", "length", "tricks"):
        try:
            strain = terms.strain_name(Strain.parse(parts[2]), lang)
        except ParseError:
            return measure
        msg = {
            "fit": "{who}: cards in {strain} together",
            "length": "{who}: cards in {strain}",
            "tricks": "{who}: tricks in {strain}, double dummy",
        }[parts[1]]
        return _t(msg, lang, who=_who(parts[0], lang), strain=strain)
    return measure


__all__ = ["hcp_histogram", "pattern_frequencies", "simulated_vs_exact", "measure_title"]


def _figure(figsize):
    from matplotlib.figure import Figure

    return Figure(figsize=figsize, layout="constrained")


def _measure_rows(result: pd.DataFrame, measure: str | None) -> pd.DataFrame:
    names = list(dict.fromkeys(result["measure"]))
    if measure is None:
        if len(names) != 1:
            raise BridgeError(f"this study has several measures ({', '.join(names)}): name one")
        measure = names[0]
    rows = result[result["measure"] == measure]
    if rows.empty:
        raise BridgeError(f"no measure {measure!r} in this study: it has {', '.join(names)}")
    return rows


def hcp_histogram(
    result: pd.DataFrame | None = None,
    measure: str | None = None,
    evaluator: str = "hcp",
    figsize=(7, 3.5),
    lang: str = "en",
):
    """Bars of the simulated proportions of a study's point-count measure, with the exact curve
    of one hand drawn over them (or the exact curve alone when ``result`` is None)."""
    exact = stats.hand_distribution(evaluator)
    fig = _figure(figsize)
    ax = fig.add_subplot()
    if result is not None:
        rows = _measure_rows(result, measure)
        ax.bar(
            rows["value"].astype(float),
            rows["proportion"],
            width=0.8,
            alpha=0.6,
            color="tab:blue",
            label=ntranslate(
                "simulated ({n} deal)",
                "simulated ({n} deals)",
                int(result.attrs.get("n", 0)),
                lang,
                "plots",
                n=f"{int(result.attrs.get('n', 0)):,}",
            ),
        )
    ax.plot(
        exact[evaluator], exact["probability"], "o-", color="tab:red", markersize=3, label=_t("exact", lang)
    )
    label = _t("high-card points", lang) if evaluator == "hcp" else evaluator.replace("_", " ")
    ax.set_xlabel(label)
    ax.set_ylabel(_t("share of hands", lang))
    ax.set_title(_t("{what} of one hand", lang, what=label[0].upper() + label[1:]))
    ax.legend()
    return fig


def pattern_frequencies(top: int | None = 15, figsize=(7, 4.5), lang: str = "en"):
    """The most frequent hand patterns as horizontal bars, exact, with their percentages."""
    table = stats.pattern_table()
    if top is not None:
        table = table.head(top)
    fig = _figure(figsize)
    ax = fig.add_subplot()
    y = np.arange(len(table))[::-1]
    ax.barh(y, table["probability"] * 100, color="tab:green")
    ax.set_yticks(y, table["pattern"])
    for yi, p in zip(y, table["probability"]):
        ax.text(p * 100, yi, f" {p:.1%}", va="center", fontsize=8)
    ax.set_xlabel(_t("percent of hands", lang))
    ax.set_ylabel(_t("pattern", lang))
    ax.set_title(_t("Hand patterns, exact", lang))
    ax.set_xlim(0, table["probability"].max() * 118)
    return fig


def simulated_vs_exact(result: pd.DataFrame, measure: str | None = None, figsize=(7, 3.5), lang: str = "en"):
    """A study's proportions with their confidence intervals as error bars, and the exact
    figures beside them as red marks (where the study has them)."""
    rows = _measure_rows(result, measure)
    fig = _figure(figsize)
    ax = fig.add_subplot()
    x = np.arange(len(rows))
    p = rows["proportion"].to_numpy()
    err = np.vstack([p - rows["low"].to_numpy(), rows["high"].to_numpy() - p])
    ax.errorbar(
        x,
        p,
        yerr=err,
        fmt="o",
        color="tab:blue",
        capsize=3,
        markersize=4,
        label=_t("simulated, {level} interval", lang, level=f"{result.attrs.get('confidence', 0.95):.0%}"),
    )
    if rows["exact"].notna().any():
        ax.plot(x, rows["exact"], "_", color="tab:red", markersize=14, mew=2, label=_t("exact", lang))
    labels = [str(v) for v in rows["value"]]
    step = max(1, len(labels) // 20)
    ax.set_xticks(
        x[::step],
        labels[::step],
        rotation=90 if len(labels) > 12 and isinstance(rows["value"].iloc[0], str) else 0,
    )
    ax.set_ylabel(_t("share of deals", lang))
    ax.set_xlabel(_t("value", lang))
    ax.set_title(measure_title(rows["measure"].iloc[0], lang))
    ax.legend()
    return fig
