"""Printable handouts: what each board block shows, pages of four, and (with chromium) PDF and
a rendered page."""

from __future__ import annotations

import html as html_mod
import re
from pathlib import Path

import numpy as np
import pytest

from bridgelab import BridgeError, Deal, Seat, board, handout
from bridgelab.io.pbn import DealRecord
from bridgelab.model.contract import Call, Contract

DESIGN = Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86")


def records(n: int) -> list[DealRecord]:
    recs = []
    for k in range(n):
        recs.append(DealRecord.from_board(DESIGN.rotated(k), k + 1, tags={"Event": "Lesson 3"}))
    recs[0].auction = tuple(Call.parse(c) for c in "1NT Pass 2C Pass 2S Pass 4S Pass Pass Pass".split())
    recs[0].alerts = {2: "Stayman, asks for a 4-card ♥ or ♠"}
    recs[0].contract = Contract.parse("4S by N")
    recs[0].result = 10
    recs[0].notes = ("North opens 1NT <15-17> & South uses Stayman.",)
    recs[0].dd = ((5, 4, 7, 8, 6), (7, 8, 5, 5, 7), (5, 4, 7, 8, 6), (7, 8, 5, 5, 7))
    return recs


def text_of(fragment: str) -> str:
    """The visible text of an HTML fragment."""
    inline = re.sub(r"</?span[^>]*>", "", fragment)
    return html_mod.unescape(re.sub(r"<[^>]+>", " ", inline))


def test_a_board_block_shows_what_the_class_needs():
    rec = records(1)[0]
    block = handout.board_html(rec)
    words = " ".join(text_of(block).split())
    assert words.startswith("Board 1") and "Dealer North · Vul None" in words
    for seat in Seat:
        assert f"{seat.full_name} · {rec.deal[seat].hcp} HCP" in words
    assert "♠A K Q 2" in words and "♣10 5 2" in words  # North's spades and clubs
    assert "West North East South 1NT Pass 2♣* Pass 2♠ Pass 4♠ Pass Pass Pass" in words
    assert "Stayman, asks for a 4-card ♥ or ♠" in words
    assert "Contract 4♠ by North, 10 tricks" in words
    assert "&lt;15-17&gt; &amp; South" in block  # notes are escaped
    assert "Double dummy" in words and 'title="double-dummy tricks"' in block


def test_black_and_white_friendly():
    block = handout.board_html(records(1)[0])
    # every suit keeps its symbol (colour is never the only sign), red suits are marked red
    assert block.count('<span class="sym red">♥</span>') >= 4
    assert block.count('<span class="sym">♠</span>') >= 4
    # the box marks the dealer with a frame and vulnerable seats in black, and says it in words
    rec = DealRecord.from_board(DESIGN, 7)  # board 7: South deals, both vulnerable
    box = handout.board_html(rec)
    assert "Dealer South · Vul Both" in " ".join(text_of(box).split())
    assert '<span class="s vul dlr">S</span>' in box and '<span class="e vul">E</span>' in box


def test_void_and_ten():
    rec = DealRecord.from_board(
        Deal.from_pbn("N:AK7..QJT9876.A32 QJT9.AKQ.AK5.KQJ 86.JT98.432.T984 5432.765432..765"), 2
    )
    words = " ".join(text_of(handout.board_html(rec)).split())
    assert "♥—" in words and "♦Q J 10 9 8 7 6" in words


def test_pages_of_four():
    page = handout.handout_html(records(10))
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    assert page.count('class="page blh"') == 3 and page.count('class="board"') == 10
    assert "<title>Lesson 3</title>" in page and "page 3 of 3" in page
    assert "@page { size: A4" in page and "break-after: page" in page
    for k in range(1, 11):
        assert f">Board {k}<" in page
        assert f"Dealer {board(k).dealer.full_name}" in page
    two = handout.handout_html(records(3), "Two a page", per_page=2)
    assert two.count('class="page blh"') == 2
    with pytest.raises(BridgeError, match="2 or 4"):
        handout.handout_html(records(3), per_page=3)


def test_preview_for_a_notebook_keeps_its_styles_to_itself():
    preview = handout.lesson_preview_html(records(2), "Two boards")
    styles = re.search(r"<style>(.*)</style>", preview, re.S).group(1)
    selectors = [s.strip() for s in re.findall(r"([^{}]+)\{", styles)]
    assert selectors and all(s.strip().startswith(".blh") for sel in selectors for s in sel.split(","))
    assert "@page" not in preview and preview.count('class="board"') == 2


needs_chromium = pytest.mark.skipif(handout.find_chromium() is None, reason="chromium is not installed")


@pytest.mark.slow
@needs_chromium
def test_pdf_through_chromium(tmp_path):
    src = handout.write_html(records(6), tmp_path / "h.html")
    pdf = handout.write_pdf(src, tmp_path / "h.pdf")
    data = Path(pdf).read_bytes()
    assert data.startswith(b"%PDF-")
    assert len(re.findall(rb"/Type\s*/Page[^s]", data)) == 2  # six boards: two A4 pages


@pytest.mark.slow
@needs_chromium
def test_screenshot_of_a_page(tmp_path):
    src = handout.write_html(records(4), tmp_path / "h.html")
    png = Path(handout.screenshot(src, tmp_path / "h.png", width=800, height=1100))
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (800, 1100)
    # the page is not blank: there is ink, and red hearts and diamonds
    image = pytest.importorskip("PIL.Image")
    px = np.asarray(image.open(png).convert("RGB")).astype(int)
    assert px.shape == (1100, 800, 3)
    dark = (px.max(axis=2) < 80).sum()
    red = ((px[..., 0] > 150) & (px[..., 1] < 60) & (px[..., 2] < 60)).sum()
    assert dark > 2000 and red > 100


@pytest.mark.parametrize(
    ("lang", "nt", "dealer", "words"),
    [
        ("et", "3T", "Jagaja Nord", ("Jaotus 1",)),
        ("sr", "3BA", "Deli sever", ("Bord 1",)),
        ("cs", "3BT", "Rozdává sever", ("Rozdání 1",)),
        ("ms", "3SA", "Pengedar Utara", ("Pengagihan 1",)),
    ],
)
def test_a_handout_in_the_teachers_language(lang, nt, dealer, words):
    from bridgelab.io.handout import handout_html
    from bridgelab.io.pbn import DealRecord

    deal = Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86")
    rec = DealRecord(
        deal=deal,
        board=1,
        dealer=Seat.N,
        vulnerable=board(1).vulnerable,
        auction=[Call.parse(c) for c in "1NT P 3NT P P P".split()],
    )
    page = handout_html([rec], "X", lang=lang)
    text = re.sub(r"<[^>]+>", " ", page)
    assert f'<html lang="{lang}"' in page
    assert nt in text.replace(" ", "") and dealer.lower() in text.lower()
    assert all(w in text for w in words)
    assert "Board" not in text and "Dealer" not in text and "Contract" not in text


def test_a_handout_can_hide_the_points_for_the_class_to_count():
    from bridgelab.io.handout import handout_html
    from bridgelab.io.pbn import DealRecord

    rec = DealRecord(
        deal=Deal.from_pbn("N:AKQ2.KJ4.A93.T52 J98.AQ7.KQ2.AK43 T765.T932.J7.Q97 43.865.T8654.J86"),
        board=1,
        dealer=Seat.N,
        vulnerable=board(1).vulnerable,
    )
    assert "17 HCP" in handout_html([rec]) and "19 HCP" in handout_html([rec])
    hidden = handout_html([rec], hcp=False)
    assert "HCP" not in re.sub(r"<style>.*?</style>", "", hidden, flags=re.S)


def test_the_lesson_command_writes_a_handout_in_czech_without_points(tmp_path):
    from bridgelab.commands.main import main

    out = tmp_path / "lekce.html"
    assert (
        main(
            [
                "lesson",
                "--where",
                "N: 15-17 balanced",
                "-n",
                "4",
                "--seed",
                "7",
                "--html",
                str(out),
                "--lang",
                "cs",
                "--no-hcp",
            ]
        )
        == 0
    )
    page = out.read_text(encoding="utf-8")
    assert (
        "Rozdání 1" in page
        and "bodů" not in page
        and "HCP" not in re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    )
