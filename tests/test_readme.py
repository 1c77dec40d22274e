"""The README's tour runs as written, and says what it shows."""

import re
from pathlib import Path

from bridgelab import EVALUATORS

README = Path(__file__).resolve().parents[1] / "README.md"


def test_tour_runs(capsys):
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    tour = blocks[0]
    assert "import bridgelab as bl" in tour
    namespace: dict = {}
    # the tour's one deliberate error is shown, not run
    error_line = 'bl.Auction.parse("1H", dealer="N").check("1D")'
    assert error_line in tour
    runnable = tour.replace(error_line, "")
    try:
        exec(compile(runnable, str(README), "exec"), namespace)
    finally:  # the tour registers a point count; leave the registry as it was
        EVALUATORS.pop("bergen", None)
    h, a = namespace["h"], namespace["a"]
    assert (h.hcp, h.shape, h.pattern) == (17, (4, 3, 3, 3), "4-3-3-3")
    assert str(a.contract) == "4♠ by S" and a.tricks_needed == 10
    bl = namespace["bl"]
    assert bl.score("4SX", tricks=8, vulnerable=True) == -500
    try:
        bl.Auction.parse("1H", dealer="N").check("1D")
    except bl.IllegalCall as e:
        assert str(e) == "1D is not higher than 1H: bid 1S, 1NT or higher, or 2D"
    else:  # pragma: no cover - the README promises an error here
        raise AssertionError("the README says check('1D') after 1H raises IllegalCall")
