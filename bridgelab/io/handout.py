"""Printable handouts: four board diagrams to an A4 page, as HTML; PDF through headless chromium.

Each board shows its number, dealer and vulnerability, the four hands with their high-card
points, the suggested auction and contract, the notes and, if known, the double-dummy table.
Made for paper in black and white: the suit symbols are large and solid, hearts and diamonds are
red on screen and a dark grey on a mono printer, and no fact is given by colour alone (the
vulnerable seats are named in words and marked with a solid bar).
"""

from __future__ import annotations

import html
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence

from ..model.cards import SUITS, Seat, Side, Strain, suit_index
from ..model.contract import Call
from ..model.errors import BridgeError
from ..render.display import RED, SYMBOLS, ranks_text
from ..text.i18n import check_language, ntranslate, translate
from ..text.terms import bid_text, seat_letter, seat_name
from .pbn import DealRecord

__all__ = [
    "board_html",
    "handout_html",
    "lesson_preview_html",
    "write_html",
    "write_pdf",
    "screenshot",
    "find_chromium",
]

_PAGE_CSS = """
@page { size: A4; margin: 10mm; }
body { margin: 0; }
.page { width: 190mm; height: 276mm; display: grid; grid-template-columns: 1fr 1fr;
        grid-template-rows: auto 1fr 1fr; gap: 4mm; page-break-after: always;
        break-after: page; overflow: hidden; }
.page:last-child { page-break-after: auto; break-after: auto; }
.title { grid-column: 1 / -1; display: flex; justify-content: space-between;
         align-items: baseline; border-bottom: 1.5pt solid #000; padding-bottom: 1mm; }
.title h1 { font-size: 14pt; margin: 0; }
.title .sub { font-size: 9pt; }
.key { font-size: 8pt; }
.key b { display: inline-block; padding: 0 0.8mm; border: 0.8pt solid #000; border-radius: 0.8mm;
         font-size: 7.5pt; }
.key b.v { background: #000; color: #fff; }
@media screen { body { background: #ddd; } .page { background: #fff; margin: 6mm auto;
                padding: 10mm; width: 210mm; height: 297mm; box-shadow: 0 0 2mm #888; } }
@media print { .blh .red { color: #b00000; } }
"""

# Everything a board block needs, under the class "blh" so that a notebook page is not touched.
_BOARD_CSS = """
.blh, .blh * { box-sizing: border-box; }
.blh { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #000;
       font-size: 10.5pt; }
.blh .board { border: 1pt solid #000; border-radius: 2mm; padding: 2.5mm 3mm; overflow: hidden;
              display: flex; flex-direction: column; gap: 1.5mm; background: #fff; }
.blh .head { display: flex; justify-content: space-between; align-items: baseline;
             border-bottom: 0.5pt solid #000; padding-bottom: 1mm; }
.blh .head .no { font-size: 15pt; font-weight: bold; }
.blh .head .facts { font-size: 9pt; text-align: right; }
.blh table.compass { border-collapse: collapse; margin: 0 auto; border: none; }
.blh table.compass td { vertical-align: top; padding: 0.6mm 1.5mm; border: none;
                        text-align: left; background: none; }
.blh .hand .who { font-size: 8.5pt; font-weight: bold; white-space: nowrap; }
.blh .hand .who .hcp { font-weight: normal; }
.blh .hand .suit { white-space: nowrap; line-height: 1.22; font-size: 10.5pt; }
.blh .sym { font-size: 1.12em; line-height: 1; }
.blh .suit .sym { display: inline-block; width: 1.2em; }
.blh .red { color: %(red)s; }
.blh .box { width: 21mm; height: 21mm; border: 1pt solid #000; position: relative;
            font-size: 8.5pt; font-weight: bold; margin: 2mm auto; }
.blh .box span { position: absolute; padding: 0.2mm 1mm; border: 0.8pt solid transparent;
                 border-radius: 0.8mm; line-height: 1.2; }
.blh .box .n { top: 1mm; left: 50%%; transform: translateX(-50%%); }
.blh .box .s { bottom: 1mm; left: 50%%; transform: translateX(-50%%); }
.blh .box .w { left: 1.2mm; top: 50%%; transform: translateY(-50%%); }
.blh .box .e { right: 1.2mm; top: 50%%; transform: translateY(-50%%); }
.blh .box .vul { background: #000; color: #fff; }
.blh .box .dlr { border-color: #000; }
.blh .box .dlr.vul { box-shadow: 0 0 0 0.8pt #fff, 0 0 0 1.6pt #000; }
.blh .lower { display: flex; gap: 3mm; align-items: flex-start; font-size: 9pt; }
.blh table.auction { border-collapse: collapse; border: none; }
.blh table.auction th { font-size: 8pt; font-weight: bold; padding: 0 1.6mm; text-align: left;
                        border: none; border-bottom: 0.5pt solid #000; background: none; }
.blh table.auction td { padding: 0 1.6mm; white-space: nowrap; border: none; text-align: left;
                        background: none; }
.blh table.dd { border-collapse: collapse; margin-left: auto; font-size: 8.5pt; }
.blh table.dd caption { font-size: 7.5pt; }
.blh table.dd th, .blh table.dd td { border: 0.5pt solid #000; padding: 0 1.2mm;
                                      text-align: center; background: none; }
.blh .contract { font-weight: bold; }
.blh .alerts { font-size: 9pt; }
.blh .notes { font-size: 9pt; line-height: 1.3; }
.blh .notes p { margin: 0 0 1mm 0; }
.blh.preview { display: grid; grid-template-columns: repeat(auto-fill, minmax(88mm, 1fr));
               gap: 3mm; }
.blh.preview h3 { grid-column: 1 / -1; margin: 0; font-size: 13pt; }
"""


def _css() -> str:
    return _BOARD_CSS % {"red": RED}


def _sym(i: int) -> str:
    cls = "sym red" if SUITS[i].is_red else "sym"
    return f'<span class="{cls}">{SYMBOLS[i]}</span>'


def _t(msgid: str, lang: str, **args) -> str:
    return translate(msgid, lang, "handout", **args)


def _seat_name(seat: Seat, lang: str) -> str:
    name = seat.full_name if lang == "en" else seat_name(seat, lang)
    return name[:1].upper() + name[1:]


def _strain_in(strain: Strain, lang: str) -> str:
    if strain is Strain.NT:
        return html.escape(bid_text(Call.bid(1, Strain.NT), lang)[1:])
    return _sym(suit_index(strain))


def _call_html(call, lang: str = "en") -> str:
    if call.is_bid:
        return f"{call.level}{_strain_in(call.strain, lang)}"
    if lang == "en":
        return {"pass": "Pass", "double": "Dbl", "redouble": "Rdbl"}[call.kind]
    return html.escape(bid_text(call, lang))


def _suits_in_text(text: str) -> str:
    """Escape text for HTML and give its suit symbols the suit's style."""
    out = html.escape(text)
    for i, sym in enumerate(SYMBOLS):
        out = out.replace(sym, _sym(i))
    return out


def _hand(rec: DealRecord, seat: Seat, lang: str = "en", hcp: bool = True) -> str:
    hand = rec.deal[seat]
    rows = [f'<div class="suit">{_sym(i)}{html.escape(ranks_text(hand.holdings[i]))}</div>' for i in range(4)]
    who = html.escape(_seat_name(seat, lang))
    if hcp:
        who += f' <span class="hcp">· {html.escape(ntranslate("{hcp} HCP", "{hcp} HCP", hand.hcp, lang, "handout", hcp=hand.hcp))}</span>'
    return f'<div class="hand"><div class="who">{who}</div>{"".join(rows)}</div>'


def _box(rec: DealRecord, lang: str = "en") -> str:
    spans = []
    for seat, cls in ((Seat.N, "n"), (Seat.E, "e"), (Seat.S, "s"), (Seat.W, "w")):
        classes = [cls]
        if rec.vulnerable is not None and rec.vulnerable.of(seat):
            classes.append("vul")
        label = html.escape(seat_letter(seat, lang))
        if rec.dealer == seat:
            classes.append("dlr")
        spans.append(f'<span class="{" ".join(classes)}">{label}</span>')
    return f'<div class="box">{"".join(spans)}</div>'


def _auction(rec: DealRecord, lang: str = "en") -> str:
    if not rec.auction or rec.dealer is None:
        return ""
    order = (Seat.W, Seat.N, Seat.E, Seat.S)
    cells = [""] * order.index(rec.dealer)
    for k, call in enumerate(rec.auction):
        mark = "*" if k in rec.alerts else ""
        cells.append(_call_html(call, lang) + mark)
    rows = ["".join(f"<td>{c}</td>" for c in cells[i : i + 4]) for i in range(0, len(cells), 4)]
    head = "".join(f"<th>{html.escape(_seat_name(s, lang))}</th>" for s in order)
    return (
        f'<div><table class="auction"><tr>{head}</tr>'
        + "".join(f"<tr>{r}</tr>" for r in rows)
        + "</table></div>"
    )


def _alerts(rec: DealRecord, lang: str = "en") -> str:
    """The explanations of alerted calls, under the auction, the full width of the board."""
    lines = "".join(
        f"<div>* {_call_html(rec.auction[k], lang)}: {_suits_in_text(text)}</div>"
        for k, text in sorted(rec.alerts.items())
        if text and k < len(rec.auction)
    )
    return f'<div class="alerts">{lines}</div>' if lines else ""


def _contract(rec: DealRecord, lang: str = "en") -> str:
    if rec.passed_out:
        return f'<div class="contract">{html.escape(_t("Passed out", lang))}</div>'
    c = rec.contract
    if c is None:
        return ""
    text = f"{c.level}{_strain_in(c.strain, lang)}{'X' * c.doubled}"
    if c.declarer is not None:
        text = _t(
            "{contract} by {declarer}",
            lang,
            contract=text,
            declarer=html.escape(_seat_name(c.declarer, lang)),
        )
    if rec.result is not None:
        text = ntranslate(
            "{contract}, {tricks} trick",
            "{contract}, {tricks} tricks",
            rec.result,
            lang,
            "handout",
            contract=text,
            tricks=rec.result,
        )
    return f'<div class="contract">{_t("Contract {contract}", lang, contract=text)}</div>'


def _dd(rec: DealRecord, lang: str = "en") -> str:
    if rec.dd is None:
        return ""
    strains = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
    head = "<th></th>" + "".join(f"<th>{_strain_in(s, lang)}</th>" for s in strains)
    rows = "".join(
        f"<tr><th>{html.escape(seat_letter(seat, lang))}</th>"
        + "".join(f"<td>{rec.dd[seat][s]}</td>" for s in strains)
        + "</tr>"
        for seat in (Seat.N, Seat.S, Seat.E, Seat.W)
    )
    return (
        f'<table class="dd" title="{html.escape(_t("double-dummy tricks", lang))}"><caption>'
        f"{html.escape(_t('Double dummy', lang))}</caption>"
        f"<tr>{head}</tr>{rows}</table>"
    )


def _vulnerability(vul, lang: str) -> str:
    if lang == "en":
        return str(vul)
    sides = [s for s in (Side.NS, Side.EW) if vul.of(s.seats[0])]
    if not sides:
        return _t("nobody", lang)
    if len(sides) == 2:
        return _t("both", lang)
    a, b = sides[0].seats
    return f"{seat_letter(a, lang)}–{seat_letter(b, lang)}"


def board_html(rec: DealRecord, lang: str = "en", hcp: bool = True) -> str:
    """One board's block of the handout (a <div class="board">), its words in ``lang``; each
    hand's points shown, or hidden (``hcp=False``) when the class is to count them."""
    facts = []
    if rec.dealer is not None:
        facts.append(html.escape(_t("Dealer {seat}", lang, seat=_seat_name(rec.dealer, lang))))
    if rec.vulnerable is not None:
        facts.append(html.escape(_t("Vul {who}", lang, who=_vulnerability(rec.vulnerable, lang))))
    number = html.escape(_t("Board", lang) if rec.board is None else _t("Board {n}", lang, n=rec.board))
    compass = (
        '<table class="compass">'
        f"<tr><td></td><td>{_hand(rec, Seat.N, lang, hcp)}</td><td></td></tr>"
        f"<tr><td>{_hand(rec, Seat.W, lang, hcp)}</td><td>{_box(rec, lang)}</td>"
        f"<td>{_hand(rec, Seat.E, lang, hcp)}</td></tr>"
        f"<tr><td></td><td>{_hand(rec, Seat.S, lang, hcp)}</td><td></td></tr>"
        "</table>"
    )
    lower = _auction(rec, lang) + _dd(rec, lang)
    notes = "".join(f"<p>{_suits_in_text(n)}</p>" for n in rec.notes)
    return (
        '<div class="board">'
        f'<div class="head"><span class="no">{number}</span>'
        f'<span class="facts">{" · ".join(facts)}</span></div>'
        f"{compass}"
        + (f'<div class="lower">{lower}</div>' if lower else "")
        + _alerts(rec, lang)
        + _contract(rec, lang)
        + (f'<div class="notes">{notes}</div>' if notes else "")
        + "</div>"
    )


def handout_html(
    records: Iterable[DealRecord],
    title: str | None = None,
    *,
    subtitle: str | None = None,
    per_page: int = 4,
    lang: str = "en",
    hcp: bool = True,
) -> str:
    """A complete HTML document: ``per_page`` boards (4 or 2) to an A4 page, title on each;
    its words in ``lang``, the hands' points shown or not (``hcp``)."""
    lang = check_language(lang)
    recs = list(records)
    if per_page not in (2, 4):
        raise BridgeError(f"per_page is 2 or 4 boards to a page, not {per_page!r}")
    if title is None:
        title = recs[0].event if recs and recs[0].event else _t("Boards", lang)
    pages = []
    total = max(1, -(-len(recs) // per_page))
    for p in range(total):
        chunk = recs[p * per_page : (p + 1) * per_page]
        page = _t("page {page} of {pages}", lang, page=p + 1, pages=total)
        sub = " · ".join(x for x in (subtitle, page) if x)
        boards = "".join(board_html(r, lang, hcp) for r in chunk)
        style = ' style="grid-template-rows:auto 1fr;grid-template-columns:1fr"' if per_page == 2 else ""
        pages.append(
            f'<section class="page blh"{style}><div class="title"><h1>{html.escape(title)}</h1>'
            f'<span class="key">{_key(lang)}</span>'
            f'<span class="sub">{html.escape(sub)}</span></div>{boards}</section>'
        )
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_PAGE_CSS}{_css()}</style></head>"
        f"<body>{''.join(pages)}</body></html>\n"
    )


def _key(lang: str) -> str:
    n = html.escape(seat_letter(Seat.N, lang))
    return _t(
        "In the box: {dealer} dealer, {vulnerable} vulnerable",
        lang,
        dealer=f"<b>{n}</b>",
        vulnerable=f'<b class="v">{n}</b>',
    )


def lesson_preview_html(
    records: Iterable[DealRecord], title: str | None = None, *, lang: str = "en", hcp: bool = True
) -> str:
    """The boards as a grid for a notebook page (no page breaks), with their own styles."""
    head = f"<h3>{html.escape(title)}</h3>" if title else ""
    boards = "".join(board_html(r, lang, hcp) for r in records)
    return f'<div class="blh preview"><style>{_css()}</style>{head}{boards}</div>'


def write_html(
    records: Iterable[DealRecord], path: "str | os.PathLike", title: str | None = None, **kw
) -> str:
    """Write the handout to ``path``; returns the path."""
    text = handout_html(records, title, **kw)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return os.fspath(path)


def find_chromium() -> str | None:
    """The path of a headless-capable Chromium or Chrome, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def _run_chromium(args: Sequence[str], timeout: float) -> None:
    exe = find_chromium()
    if exe is None:
        raise BridgeError(
            "no chromium found: install it (Debian: apt-get install chromium) "
            "to make PDFs and screenshots, or print the HTML from a browser"
        )
    with tempfile.TemporaryDirectory(prefix="bridgelab-chromium-") as profile:
        cmd = [
            exe,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            f"--user-data-dir={profile}",
            *args,
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise BridgeError(f"chromium failed ({proc.returncode}): {proc.stderr.strip()[-500:]}")


def write_pdf(html_path: "str | os.PathLike", pdf_path: "str | os.PathLike", *, timeout: float = 120) -> str:
    """Print an HTML handout to PDF with headless chromium; returns the PDF's path."""
    src = os.path.abspath(html_path)
    out = os.path.abspath(pdf_path)
    _run_chromium(["--no-pdf-header-footer", f"--print-to-pdf={out}", f"file://{src}"], timeout)
    if not os.path.exists(out) or os.path.getsize(out) == 0:
        raise BridgeError(f"chromium did not write {out}")
    return out


def screenshot(
    html_path: "str | os.PathLike",
    png_path: "str | os.PathLike",
    *,
    width: int = 900,
    height: int = 1250,
    timeout: float = 120,
) -> str:
    """A PNG of the top of an HTML page, rendered by headless chromium."""
    src = os.path.abspath(html_path)
    out = os.path.abspath(png_path)
    _run_chromium([f"--screenshot={out}", f"--window-size={width},{height}", f"file://{src}"], timeout)
    if not os.path.exists(out):
        raise BridgeError(f"chromium did not write {out}")
    return out
