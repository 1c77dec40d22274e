"""Plots of deal statistics with matplotlib: plain functions that return a Figure.

Kept out of ``bridgelab/__init__`` so that ``import bridgelab`` never loads matplotlib.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from . import stats
from ..model.errors import BridgeError

__all__ = ["hcp_histogram", "pattern_frequencies", "simulated_vs_exact"]


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


def hcp_histogram(result: pd.DataFrame | None = None, measure: str | None = None,
                  evaluator: str = "hcp", figsize=(7, 3.5)):
    """Bars of the simulated proportions of a study's point-count measure, with the exact curve
    of one hand drawn over them (or the exact curve alone when ``result`` is None)."""
    exact = stats.hand_distribution(evaluator)
    fig = _figure(figsize)
    ax = fig.add_subplot()
    if result is not None:
        rows = _measure_rows(result, measure)
        ax.bar(rows["value"].astype(float), rows["proportion"], width=0.8, alpha=0.6,
               color="tab:blue", label=f"simulated ({result.attrs.get('n', '?'):,} deals)")
    ax.plot(exact[evaluator], exact["probability"], "o-", color="tab:red", markersize=3,
            label="exact")
    label = "high-card points" if evaluator == "hcp" else evaluator.replace("_", " ")
    ax.set_xlabel(label)
    ax.set_ylabel("share of hands")
    ax.set_title(f"{label[0].upper()}{label[1:]} of one hand")
    ax.legend()
    return fig


def pattern_frequencies(top: int | None = 15, figsize=(7, 4.5)):
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
    ax.set_xlabel("percent of hands")
    ax.set_title("Hand patterns, exact")
    ax.set_xlim(0, table["probability"].max() * 118)
    return fig


def simulated_vs_exact(result: pd.DataFrame, measure: str | None = None, figsize=(7, 3.5)):
    """A study's proportions with their confidence intervals as error bars, and the exact
    figures beside them as red marks (where the study has them)."""
    rows = _measure_rows(result, measure)
    fig = _figure(figsize)
    ax = fig.add_subplot()
    x = np.arange(len(rows))
    p = rows["proportion"].to_numpy()
    err = np.vstack([p - rows["low"].to_numpy(), rows["high"].to_numpy() - p])
    ax.errorbar(x, p, yerr=err, fmt="o", color="tab:blue", capsize=3, markersize=4,
                label=f"simulated, {result.attrs.get('confidence', 0.95):.0%} interval")
    if rows["exact"].notna().any():
        ax.plot(x, rows["exact"], "_", color="tab:red", markersize=14, mew=2, label="exact")
    labels = [str(v) for v in rows["value"]]
    step = max(1, len(labels) // 20)
    ax.set_xticks(x[::step], labels[::step], rotation=90 if len(labels) > 12 and
                  isinstance(rows["value"].iloc[0], str) else 0)
    ax.set_ylabel("proportion")
    ax.set_title(rows["measure"].iloc[0])
    ax.legend()
    return fig
