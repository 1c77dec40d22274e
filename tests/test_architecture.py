"""The shape of the package: public names, old module paths, layers and no import cycles."""

from __future__ import annotations

import importlib
import sys

import pytest

import bridgelab as bl

# Every name the first release documented (README, DESIGN.md's public surface), by hand: a
# name that stops resolving breaks someone's notebook.
PUBLIC = """SEATS STRAINS SUITS Card Rank Seat Side Strain ALL_BIDS DOUBLE PASS REDOUBLE Call Contract
Board Deal Vulnerability board Hand EVALUATORS register_evaluator register_point_count deal
BankError BridgeError ConstraintError IllegalCall IllegalCard InvalidDeal ParseError PBNError
Auction Play Trick trick_winner score score_breakdown ScoreBreakdown imps matchpoints
matchpoint_table RubberScoresheet ChicagoScoresheet deals deal_batch deal_frame iter_batches
DealBatch study Study hand_probability pattern_table hcp_table suit_split QuizSession
ProgressStore advise System PracticeTable parse_constraint Constraint parse_predeal DealRecord
read_deals Lesson make_lesson""".split()

OLD_MODULES = [
    "stats",
    "scoring",
    "rubber",
    "auction",
    "play",
    "lang",
    "pbn",
    "lesson",
    "handout",
    "dd",
    "plots",
    "display",
    "evaluate",
    "cards",
    "contract",
    "hand",
    "errors",
    "constraints",
    "teacher",
    "cli",
    "quiz",
    "system",
]


@pytest.mark.parametrize("name", sorted(set(PUBLIC) | set(bl.__all__)))
def test_every_public_name_resolves(name):
    assert getattr(bl, name) is not None


@pytest.mark.parametrize("name", OLD_MODULES)
def test_old_module_paths_import_the_moved_module(name):
    by_attribute = getattr(bl, name)
    by_import = importlib.import_module(f"bridgelab.{name}")
    assert by_import is by_attribute
    assert by_import.__name__.startswith("bridgelab.")
    # the module keeps its own name, so its relative imports and pickles still work
    assert by_import.__spec__.name == by_import.__name__


def test_old_widget_path_imports_the_widget_module():
    old = importlib.import_module("bridgelab.quiz.widgets")
    assert old is importlib.import_module("bridgelab.widgets.quiz")
    assert callable(old.quiz)


def test_deal_stays_the_function():
    importlib.import_module("bridgelab.model.deal")
    assert callable(bl.deal) and not isinstance(bl.deal, type(sys))
    assert isinstance(bl.deal(seed=1), bl.Deal)


def test_help_names_every_module_of_the_package():
    """``dir(bridgelab)`` offers the layers and the public names (tab completion in a notebook)."""
    listed = set(dir(bl))
    assert {"model", "rules", "render", "stats", "Auction", "score"} <= listed


def test_layers_are_kept():
    """import-linter's contracts (pyproject.toml): each layer imports nothing above it."""
    import subprocess

    lint = [
        sys.executable,
        "-c",
        "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())",
    ]
    run = subprocess.run(lint, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:]


def _cycles(graph) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), over every import the
    package makes, inside functions too (type-checking imports aside)."""
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        work = [(v, iter(sorted(graph.find_modules_directly_imported_by(v))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.find_modules_directly_imported_by(w)))))
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        group.append(w)
                        if w == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))

    for m in sorted(graph.modules):
        if m not in index:
            visit(m)
    return found


def test_no_import_cycles():
    import grimp

    graph = grimp.build_graph("bridgelab", exclude_type_checking_imports=True)
    assert _cycles(graph) == []
    # the check can fail: a made-up cycle is found
    graph.add_import(importer="bridgelab.model.cards", imported="bridgelab.quiz.core")
    graph.add_import(importer="bridgelab.quiz.core", imported="bridgelab.model.cards")
    assert any({"bridgelab.model.cards", "bridgelab.quiz.core"} <= set(g) for g in _cycles(graph))
