"""``bridgelab quiz``: a quiz in the terminal, answers read from stdin, on the same QuizSession
the notebook widgets use (so the engine is proven without a browser)."""

from __future__ import annotations

import sys


def register(sub) -> None:
    p = sub.add_parser("quiz", help="answer quiz questions in the terminal (scoring, auctions, hands)")
    p.add_argument(
        "--topic",
        action="append",
        metavar="TOPIC",
        help="a topic or group (scoring, auction, evaluation); repeat for several; "
        "default all. --list-topics shows them",
    )
    p.add_argument("--level", type=int, choices=(1, 2, 3), help="questions of this level and below")
    p.add_argument("--lang", default="en", help="language: en, et, sr, cs, ms (default en)")
    p.add_argument("--seed", type=int, help="seed: the same seed asks the same questions")
    p.add_argument("-n", "--length", type=int, default=10, help="number of questions (default 10)")
    p.add_argument(
        "--bank",
        action="append",
        metavar="FILE",
        help="ask the questions of this bank file too (default: the banks in data/)",
    )
    p.add_argument("--no-banks", action="store_true", help="only questions made by the engine")
    p.add_argument("--store", metavar="FILE", help="progress database (default: the user data directory)")
    p.add_argument("--no-save", action="store_true", help="do not record the answers")
    p.add_argument("--user", default="default", help="whose progress (default 'default')")
    p.add_argument("--review", action="store_true", help="review my mistakes instead of new questions")
    p.add_argument("--summary", action="store_true", help="print the progress summary and stop")
    p.add_argument("--list-topics", action="store_true", help="list the topics and stop")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..model.errors import ProgressError
    from ..quiz import TOPICS, ProgressStore, QuizSession, bundled_banks, review_mistakes
    from ..quiz.progress import save_problem
    from ..text.i18n import check_language
    from ..text.i18n import translate as _t

    lang = check_language(args.lang)
    out = sys.stdout
    if args.list_topics:
        from ..quiz.core import TOPIC_GROUPS

        for topic, about in TOPICS.items():
            print(f"{topic:20} {_t(about, lang)}", file=out)
        for group, topics in TOPIC_GROUPS.items():
            print(f"{group:20} = {', '.join(topics)}", file=out)
        return 0
    try:
        store = None if args.no_save else ProgressStore(args.store)
    except ProgressError as e:
        if args.summary or args.review:  # nothing to show without the store
            raise
        print(save_problem(e, lang), file=sys.stderr)  # the quiz goes on, unsaved
        store = None
    if args.summary:
        if store is None:
            print(_t("Nothing is saved with --no-save.", lang), file=out)
            return 0
        df = store.summary(args.user)
        print(df.to_string(index=False) if len(df) else _t("No answers yet.", lang), file=out)
        return 0
    from ..quiz.core import TOPIC_GROUPS, expand_topics

    unknown = [t for t in expand_topics(args.topic) or [] if t not in TOPICS]
    if unknown:  # said in the learner's language, as the app says it
        print(
            "bridgelab quiz: "
            + _t(
                "unknown topic {topics}: known topics are {known} (or the groups {groups})",
                lang,
                topics=", ".join(map(repr, unknown)),
                known=", ".join(TOPICS),
                groups=", ".join(TOPIC_GROUPS),
            ),
            file=sys.stderr,
        )
        return 2
    if args.review:
        session = review_mistakes(store, args.user, lang, args.topic)
    else:
        banks = [] if args.no_banks else (args.bank if args.bank else bundled_banks())
        session = QuizSession(
            topics=args.topic,
            level=args.level,
            lang=lang,
            seed=args.seed,
            store=store,
            user=args.user,
            banks=banks,
            length=args.length,
            on_save_error="keep",
        )
    number = 0
    q = session.current
    while q is not None:
        number += 1
        print(f"\n{number}. {q}", file=out)
        while True:
            print("> ", end="", file=out, flush=True)
            line = sys.stdin.readline()
            if not line:  # end of input: stop here, every answer so far is saved
                print(file=out)
                print(session.summary(), file=out)
                return 0
            told = session.save_error
            fb = session.answer(line.strip())
            if session.save_error is not None and told is None:  # said once, until it saves again
                print(save_problem(session.save_error, lang), file=sys.stderr)
            if fb.understood:
                break
            print(fb.explanation, file=out)
        if fb.correct:
            print(_t("Right!", lang), file=out)
        else:
            print(_t("Not quite: the answer is {answer}.", lang, answer=fb.expected), file=out)
        print(fb.explanation, file=out)
        q = session.next()
    print(file=out)
    print(session.summary(), file=out)
    return 0
