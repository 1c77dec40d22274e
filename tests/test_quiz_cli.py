"""``bridgelab quiz`` in a real subprocess, answers fed on stdin, on the same QuizSession."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bridgelab.quiz import ProgressStore, QuizSession, bundled_banks


def _run(args, stdin, tmp_path):
    env = {**os.environ, "BRIDGELAB_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run(
        [sys.executable, "-m", "bridgelab", "quiz", *args],
        input=stdin,
        text=True,
        capture_output=True,
        env=env,
        timeout=120,
    )


@pytest.mark.slow
def test_scoring_quiz_in_estonian(tmp_path):
    # the same session in-process tells the right answers
    s = QuizSession(topics=["scoring"], lang="et", seed=1, length=4, banks=bundled_banks())
    answers = []
    while s.current is not None:
        answers.append(s.current.answer_text)
        s.next()
    wrong = "123456"
    stdin = "\n".join([answers[0], "mitte midagi", answers[1], wrong, answers[3]]) + "\n"
    out = _run(["--topic", "scoring", "--lang", "et", "--seed", "1", "-n", "4"], stdin, tmp_path)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert text.count("Õige!") == 3
    assert "Päris nii see pole: õige vastus on" in text
    assert "Ma ei saanud aru vastusest 'mitte midagi'" in text
    assert "3 õiget vastust 4-st" in text
    assert "joone" in text  # explanations in Estonian: below / above the line
    store = ProgressStore(tmp_path / "data" / "progress.sqlite3")
    rows = store.answers()
    assert [r["correct"] for r in rows] == [1, 1, 0, 1]
    assert {r["topic"] for r in rows} <= {"duplicate-scoring", "rubber-scoring"}
    assert all(r["lang"] == "et" for r in rows)
    # summary and review of mistakes from the command line
    summary = _run(["--summary"], "", tmp_path)
    assert "rubber-scoring" in summary.stdout or "duplicate-scoring" in summary.stdout
    review = _run(["--review", "--lang", "et"], rows[2]["expected"] + "\n", tmp_path)
    assert review.returncode == 0 and "Õige!" in review.stdout and "1 õige vastus 1-st" in review.stdout
    assert not store.mistakes()


@pytest.mark.slow
def test_end_of_input_stops_and_keeps_what_was_answered(tmp_path):
    out = _run(
        ["--topic", "tricks", "--seed", "3", "-n", "5", "--store", str(tmp_path / "p.db"), "--no-banks"],
        "7\n",
        tmp_path,
    )
    assert out.returncode == 0
    assert "out of 1" in out.stdout
    assert ProgressStore(tmp_path / "p.db").count() == 1


@pytest.mark.slow
def test_bad_options_say_what_is_allowed(tmp_path):
    out = _run(["--topic", "bogus", "--no-save"], "", tmp_path)
    assert out.returncode == 2 and "unknown topic 'bogus'" in out.stderr and "scoring" in out.stderr
    out = _run(["--lang", "tlh", "--no-save"], "", tmp_path)
    assert out.returncode == 2 and "en, et, sr, cs, ms" in out.stderr
    out = _run(["--list-topics", "--lang", "cs"], "", tmp_path)
    assert "legality" in out.stdout and "zdvih" in out.stdout


@pytest.mark.slow
def test_a_progress_file_that_cannot_be_used_is_said_in_the_learners_language(tmp_path):
    """Not a progress file: the quiz says so in Czech, in the words the quiz widget uses, and
    goes on (nothing is lost that could be kept: the answers are checked, the quiz ends)."""
    from bridgelab.quiz.progress import SAVE_PROBLEMS
    from bridgelab.text.i18n import translate

    bad = tmp_path / "progress.sqlite3"
    bad.write_text("this is not a database\n")
    s = QuizSession(topics=["hcp"], lang="cs", seed=3, length=2)
    first = s.current.answer_text
    out = _run(
        ["--topic", "hcp", "--lang", "cs", "--seed", "3", "-n", "2", "--store", str(bad)],
        f"{first}\n{first}\n",
        tmp_path,
    )
    assert out.returncode == 0, out.stderr
    said = translate(SAVE_PROBLEMS["other"], "cs", domain="widgets", path=str(bad))
    assert said != SAVE_PROBLEMS["other"].format(path=bad)  # a Czech sentence, not the English
    assert said in out.stderr and "Traceback" not in out.stderr
    assert "Your answers" not in out.stderr + out.stdout
    assert out.stdout.count("\n2. ") == 1  # the second question was asked: the quiz went on


@pytest.mark.parametrize(
    "lang, words",
    [("et", "Teemat 'bogus' ei ole"), ("cs", "Téma 'bogus' neexistuje"), ("en", "unknown topic 'bogus'")],
)
def test_an_unknown_topic_is_said_in_the_learners_language(lang, words, capsys):
    from bridgelab.commands.main import main

    assert main(["quiz", "--topic", "bogus", "--lang", lang, "--no-save"]) == 2
    err = capsys.readouterr().err
    assert words in err and "rebid" in err and "Traceback" not in err
    if lang != "en":
        assert "unknown topic" not in err
