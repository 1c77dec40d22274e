"""`make app` on a fresh clone: a new virtualenv with only the `app` extra serves a question.

This is what a teacher does on a new machine: clone, `make app CLASS=...`. The test clones the
repository's committed state, lets `make app` build its own virtualenv (only
`pip install -e '.[app]'`; pip's cache makes it quick when warm) and start the server, then
joins in chromium and sees a question. It catches an extra that lacks something the app needs
(as it once lacked a Jupyter kernel).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("BRIDGELAB_CHROMIUM", "/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


pytestmark = [pytest.mark.browser, pytest.mark.slow]

INSTALL_TIMEOUT = 900  # s: a cold pip cache downloads Solara and its friends


def test_make_app_on_a_fresh_clone_serves_a_question(tmp_path, chromium):
    if shutil.which("make") is None or shutil.which("git") is None:
        pytest.skip("needs make and git")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM}")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    port = _free_port()
    log = open(tmp_path / "make-app.log", "w+b")
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    proc = subprocess.Popen(
        [
            "make",
            "app",
            f"PYTHON=python{python}" if shutil.which(f"python{python}") else "PYTHON=python3",
            "CLASS=fresh",
            f"APP_ARGS=--port {port} --data {tmp_path / 'data'} --teacher-token t",
        ],
        cwd=clone,
        stdout=log,
        stderr=subprocess.STDOUT,
        env={
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": str(tmp_path),
            "LANG": "C.UTF-8",
            "PIP_CACHE_DIR": str(_pip_cache()),
        },
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + INSTALL_TIMEOUT
        while True:
            if proc.poll() is not None:
                log.seek(0)
                pytest.fail(
                    f"make app exited ({proc.returncode}):\n{log.read().decode(errors='replace')[-4000:]}"
                )
            try:
                with urllib.request.urlopen(url + "/join", timeout=2):
                    break
            except (urllib.error.URLError, OSError):
                if time.monotonic() > deadline:
                    log.seek(0)
                    pytest.fail(f"no app on {url}:\n{log.read().decode(errors='replace')[-4000:]}")
                time.sleep(1)
        # only the app extra: no Voila, no JupyterLab (Solara brings ipykernel as a library)
        venv_python = clone / ".venv" / "bin" / "python"
        missing = subprocess.run(
            [
                str(venv_python),
                "-c",
                "import importlib.util as u; print([m for m in ('voila', 'jupyterlab') if u.find_spec(m)])",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        assert missing == "[]"

        context = chromium.new_context()
        try:
            page = context.new_page()
            page.goto(f"{url}/?lang=cs&topic=hcp")
            page.fill("#name", "First Student")
            page.keyboard.press("Enter")
            page.locator(".bridgelab-question").wait_for(timeout=60_000)
            assert page.locator(".bridgelab-question").inner_text().strip()
            assert page.evaluate("document.documentElement.lang") == "cs"
        finally:
            context.close()
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)  # make and the server it started
            proc.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def _pip_cache():
    """The user's pip cache (warm from `make test`), shared with the fresh clone's pip."""
    out = subprocess.run([sys.executable, "-m", "pip", "cache", "dir"], capture_output=True, text=True)
    return (
        Path(out.stdout.strip())
        if out.returncode == 0 and out.stdout.strip()
        else Path.home() / ".cache" / "pip"
    )
