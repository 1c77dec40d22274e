"""The class server: one process (uvicorn + Solara) serving the quiz to a whole class.

    python -m bridgelab.app --class 4b [--roster roster.csv] [--port 8866] [--host 0.0.0.0]

Solara runs every student's page as a light session in this one process (no kernel per page:
see ``benchmarks/README.md`` for the measurements that chose it over Voilà). Around Solara's
ASGI app this module adds the pages it writes itself:

- ``/join``: the name (or roster-code) prompt in the student's language; on success it sets the
  signed cookie (``Classroom.cookie_for``) and sends them to ``/``.
- ``/``: the quiz and the "Play a hand" tab (``student.Page``); without a valid cookie, a
  redirect to ``/join``. The page comes with ``<html lang>`` and ``<title>`` in the student's
  language.
- ``/teacher?token=...``: the teacher's page (the token is printed at start-up; it sets a
  cookie, so later visits need no token); ``/teacher/answers.csv``; ``/teacher/day`` (POST).

A closed tab's session ends at once (the page's unload beacon) or after ``CULL_TIMEOUT``; its
objects are collected and the freed heap handed back (``release_soon``), the threads the pages
ran in end (``_end_idle_threads``), and the C allocator keeps few arenas (``limit_arenas``), so
a class leaving does not leave the process swollen.

Thirty pages opening at once share two cores: a click must not wait behind the others' work.
Widget messages are written from each page's own thread (``SOLARA_SERVER_SYNC_WS_WRITE``, with
uvicorn's ``websockets`` protocol), the class file is written off the event loop, and Python's
turns between threads are short (``quick_turns``). ``benchmarks/bench_app.py`` measures it.
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import ctypes.util
import gc
import html
import os
import re
import sys
import threading
from typing import Any
from urllib.parse import parse_qs, quote, urlencode

from ..model.errors import BridgeError
from ..text.i18n import LANGUAGES
from .classroom import COOKIE, TEACHER_COOKIE, Classroom, JoinRefused
from .pages import join_page, page_title, teacher_page

__all__ = ["CLASSROOM", "make_app", "main", "language_of", "release_memory", "release_soon"]

CLASSROOM: "Classroom | None" = None
"""The class this process serves (set by ``make_app``; read by the Solara page)."""

YEAR = 365 * 24 * 3600
CULL_TIMEOUT = "2m"
"""How long a closed tab's session is kept (for a reconnect) before its memory is freed."""


RELEASE_DELAY = 5.0
"""Seconds after the last closed session before its freed memory is handed back (one release
for a whole class leaving together)."""

_release_lock = threading.Lock()
_release_timer: "threading.Timer | None" = None


def _libc() -> "ctypes.CDLL | None":
    """glibc, for ``malloc_trim`` and ``mallopt`` (None on other C libraries: nothing to do)."""
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        lib.malloc_trim, lib.mallopt  # noqa: B018 (glibc only)
        return lib
    except (OSError, AttributeError):
        return None


def limit_arenas(n: int = 2) -> None:
    """Let the C allocator keep at most ``n`` arenas. Solara serves each page from its own
    thread, and glibc gives threads arenas of their own (up to 8 per core) whose freed memory
    stays with the arena; a few shared arenas keep a closed page's memory returnable."""
    lib = _libc()
    if lib is not None:
        lib.mallopt(-8, n)  # M_ARENA_MAX


SWITCH_INTERVAL = 0.001
"""Seconds a thread may hold Python's lock while others wait for it (Python's default: 0.005)."""


def quick_turns() -> None:
    """Let a student's click wait less behind other students' page builds. Each page runs in
    its own thread; an answer is a few milliseconds of Python but lets go of the interpreter
    lock many times (each of its ten or so widget messages written, each SQLite call), and
    each time waits for a busy thread's turn to end: up to ``sys.getswitchinterval()``."""
    sys.setswitchinterval(SWITCH_INTERVAL)


_loop: "asyncio.AbstractEventLoop | None" = None
"""The server's event loop (noted by the first request), where idle page threads are ended."""


def release_memory() -> None:
    """Collect the closed sessions' objects and give the freed heap back to the system; then,
    on the server's event loop, end the page threads left idle (``_end_idle_threads``)."""
    gc.collect()
    lib = _libc()
    if lib is not None:
        lib.malloc_trim(0)
    if _loop is not None and not _loop.is_closed():
        asyncio.run_coroutine_threadsafe(_end_idle_threads(), _loop)


async def _end_idle_threads() -> None:
    """End the worker threads the closed pages ran in. Each page runs in a thread of anyio's
    pool, which stops a thread idle for ``MAX_IDLE_TIME`` only when it next hands out work; a
    class leaving together leaves a thread per page waiting (with the objects it holds), so
    hand out one trivial job once they have been idle that long, then collect again."""
    import anyio.to_thread

    try:
        from anyio._backends._asyncio import WorkerThread

        idle = float(WorkerThread.MAX_IDLE_TIME)
    except (ImportError, AttributeError):  # another anyio: its pool's idle time, as of 4.x
        idle = 10.0
    await asyncio.sleep(idle + 1)
    await anyio.to_thread.run_sync(gc.collect)
    lib = _libc()
    if lib is not None:
        lib.malloc_trim(0)


def release_soon() -> None:
    """Schedule ``release_memory`` ``RELEASE_DELAY`` seconds from now (called when a student's
    session closes; a class closing its tabs together makes one release)."""
    global _release_timer
    with _release_lock:
        if _release_timer is not None:
            _release_timer.cancel()
        _release_timer = threading.Timer(RELEASE_DELAY, release_memory)
        _release_timer.daemon = True
        _release_timer.start()


def language_of(query_lang: "str | None", accept: "str | None", cookie: "str | None" = None) -> str:
    """The page's language: the address's ``lang=``, else a remembered choice, else the
    browser's Accept-Language, else English."""
    for cand in (query_lang, cookie):
        if cand and cand.lower() in LANGUAGES:
            return cand.lower()
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


async def _form(request) -> dict[str, list[str]]:
    """An url-encoded form's fields (what our two forms send), without python-multipart."""
    return parse_qs((await request.body()).decode("utf-8", errors="replace"), keep_blank_values=True)


def _cookie(name: str, value: str, max_age: int = YEAR) -> str:
    return f"{name}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax"


def _solara_settings() -> None:
    """Solara's settings that must be in place before it is imported."""
    os.environ["SOLARA_APP"] = "bridgelab.app.student:Page"
    os.environ.setdefault("SOLARA_KERNEL_CULL_TIMEOUT", CULL_TIMEOUT)
    os.environ.setdefault("SOLARA_THEME_LOADER", "plain")
    os.environ.setdefault("SOLARA_THEME_SHOW_BANNER", "False")
    os.environ.setdefault("SOLARA_TELEMETRY_MIXPANEL_ENABLE", "False")
    # each widget message written from the session's own thread, not handed to the event loop
    # one by one (a feedback is about ten messages; with 30 pages opening, every hand-over waits
    # for the loop, which is busy serving the other pages' files and first renders)
    os.environ.setdefault("SOLARA_SERVER_SYNC_WS_WRITE", "True")


def make_app(room: Classroom):
    """The ASGI app serving ``room``: our pages around Solara's."""
    global CLASSROOM
    CLASSROOM = room
    _solara_settings()
    import anyio.to_thread
    import solara.server.starlette as solara_starlette
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, RedirectResponse, Response
    from starlette.routing import Route, Router

    solara_app = solara_starlette.app
    _warm_up()

    def _lang(request: Request) -> str:
        return language_of(
            request.query_params.get("lang"),
            request.headers.get("accept-language"),
            request.cookies.get("bridgelab_lang"),
        )

    async def join(request: Request):
        if request.method == "POST":
            form = await _form(request)
            lang = language_of(form.get("lang", [""])[-1], request.headers.get("accept-language"))
            typed = form.get("name", [""])[-1]
            try:
                student = room.join(typed, lang)
            except JoinRefused as e:
                from ..text.i18n import translate

                msg = translate(e.msgid, lang, domain="app", **e.args_)
                return HTMLResponse(
                    join_page(room, lang, msg, typed, form.get("then", [""])[-1]), status_code=400
                )
            then = form.get("then", [""])[-1]  # the address they first opened: only its query
            response = RedirectResponse(
                "/" + (f"?{urlencode(parse_qs(then), doseq=True)}" if then else ""), status_code=303
            )
            response.headers.append("set-cookie", _cookie(COOKIE, room.cookie_for(student)))
            response.headers.append("set-cookie", _cookie("bridgelab_lang", student.lang))
            return response
        lang = _lang(request)
        response = HTMLResponse(join_page(room, lang, then=request.query_params.get("then", "")))
        response.headers.append("set-cookie", _cookie("bridgelab_lang", lang))
        return response

    def _teacher(request: Request) -> bool:
        return room.is_teacher(cookie=request.cookies.get(TEACHER_COOKIE))

    async def teacher(request: Request):
        token = request.query_params.get("token")
        if token is not None:
            if not room.is_teacher(token=token):
                return HTMLResponse("wrong token", status_code=403)
            lang = quote(_lang(request))
            response = RedirectResponse(f"/teacher?lang={lang}", status_code=303)
            response.headers.append("set-cookie", _cookie(TEACHER_COOKIE, room.teacher_cookie(), 12 * 3600))
            return response
        if not _teacher(request):
            return HTMLResponse(
                "The teacher's page needs the token printed when the app started: open /teacher?token=...",
                status_code=403,
            )
        return HTMLResponse(
            teacher_page(
                room, _lang(request), saved="saved" in request.query_params, url=str(request.base_url)
            )
        )

    async def teacher_day(request: Request):
        if not _teacher(request):
            return HTMLResponse("forbidden", status_code=403)
        form = await _form(request)
        topics = [t for t in form.get("topic", []) if t]
        level = form.get("level", ["0"])[-1]
        room.set_day(topics or None, int(level) if level in ("1", "2", "3") else None)
        lang = quote(language_of(form.get("lang", [""])[-1], None))
        return RedirectResponse(f"/teacher?lang={lang}&saved=1", status_code=303)

    async def teacher_csv(request: Request):
        if not _teacher(request):
            return HTMLResponse("forbidden", status_code=403)
        return Response(
            room.csv(),
            media_type="text/csv; charset=utf-8",
            headers={"content-disposition": f'attachment; filename="{room.slug}-answers.csv"'},
        )

    ours = Router(
        routes=[
            Route("/join", join, methods=["GET", "POST"]),
            Route("/teacher", teacher),
            Route("/teacher/day", teacher_day, methods=["POST"]),
            Route("/teacher/answers.csv", teacher_csv),
        ]
    )
    our_paths = {"/join", "/teacher", "/teacher/day", "/teacher/answers.csv"}

    async def app(scope, receive, send):
        global _loop
        _loop = _loop or asyncio.get_running_loop()
        if scope["type"] == "http" and scope["path"] in our_paths:
            return await ours(scope, receive, send)
        if scope["type"] == "http" and scope["path"] == "/" and scope["method"] == "GET":
            request = Request(scope)
            student = room.student_from_cookie(request.cookies.get(COOKIE))
            if student is None:
                then = scope.get("query_string", b"").decode("latin-1")
                target = f"/join?{urlencode({'lang': _lang(request), 'then': then})}"
                return await RedirectResponse(target, status_code=303)(scope, receive, send)
            # the class file's write (and its fsync) in a worker thread: on the event loop it
            # would hold up every other student's page, files and clicks meanwhile
            await anyio.to_thread.run_sync(room.touch, student)
            lang = request.query_params.get("lang") or student.lang
            lang = lang if lang in LANGUAGES else "en"
            return await _localised(solara_app, scope, receive, send, lang, page_title(room, lang))
        return await solara_app(scope, receive, send)

    return app


def _warm_up() -> None:
    """Import and register everything a student's page uses, and make one page's widgets (both
    tabs) once, so the first students of the day do not wait for it."""
    from ..quiz import ProgressStore
    from ..widgets.classpages import StudentPages

    # the play tab too: its first deal compiles the dealer and starts the double-dummy solver
    StudentPages(topics=None, seed=0, mode="play", store=ProgressStore(":memory:"), user="warm-up").close()


async def _localised(inner, scope, receive, send, lang: str, title: str) -> None:
    """Serve ``inner``'s HTML page with ``<html lang>`` and ``<title>`` in the learner's language."""
    headers = [(k, v) for k, v in scope["headers"] if k.lower() != b"accept-encoding"]
    scope = {**scope, "headers": headers}
    start: dict[str, Any] = {}
    body = bytearray()

    async def capture(message):
        if message["type"] == "http.response.start":
            start.update(message)
            return
        body.extend(message.get("body", b""))
        if message.get("more_body"):
            return
        text = body.decode("utf-8", errors="replace")
        text = re.sub(r"<html[^>]*>", f'<html lang="{lang}">', text, count=1)
        text = re.sub(
            r"<title>.*?</title>", f"<title>{html.escape(title)}</title>", text, count=1, flags=re.S
        )
        data = text.encode("utf-8")
        hdrs = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
        hdrs.append((b"content-length", str(len(data)).encode()))
        await send({**start, "headers": hdrs})
        await send({"type": "http.response.body", "body": data})

    await inner(scope, receive, capture)


def _ws_protocol() -> str:
    """uvicorn's websocket implementation: "websockets" (the one Solara's synchronous writes,
    ``SOLARA_SERVER_SYNC_WS_WRITE``, work with; uvicorn calls it deprecated, so its warning is
    silenced), else uvicorn's default, where Solara falls back to its usual send path."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # uvicorn's UvicornDeprecationWarning
        try:
            import uvicorn.protocols.websockets.websockets_impl  # noqa: F401
        except ImportError:
            return "auto"
    return "websockets"


def main(argv: "list[str] | None" = None) -> int:
    """``python -m bridgelab.app``: serve a class; print the students' and the teacher's address."""
    p = argparse.ArgumentParser(
        prog="python -m bridgelab.app",
        description=(
            "Serve the bridge quiz to a class: each student joins with their name (or a roster "
            "code) and keeps their own progress; the teacher's page shows the class."
        ),
    )
    p.add_argument(
        "--class",
        dest="klass",
        default=os.environ.get("BRIDGELAB_CLASS", "my-class"),
        help="the class's name (its progress is kept apart from other classes')",
    )
    p.add_argument("--roster", help="a CSV file of 'code,name' lines: students join with their code")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (0.0.0.0: every network of this machine, for a class)",
    )
    p.add_argument("--port", type=int, default=8866)
    p.add_argument(
        "--data",
        help="the folder for the class's files (default: bridgelab's data directory, or $BRIDGELAB_DATA_DIR)",
    )
    p.add_argument(
        "--teacher-token",
        default=os.environ.get("BRIDGELAB_TEACHER_TOKEN"),
        help="the teacher's token (default: a new random one, printed)",
    )
    args = p.parse_args(argv)
    try:
        folder = None
        if args.data:
            from .classroom import _slug

            folder = os.path.join(args.data, "classes", _slug(args.klass))
        room = Classroom(args.klass, folder=folder, roster=args.roster, teacher_token=args.teacher_token)
    except BridgeError as e:
        print(f"bridgelab app: {e}", file=sys.stderr)
        return 2
    limit_arenas()
    quick_turns()
    app = make_app(room)
    import uvicorn

    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    print(f"Class {room.name!r}: progress in {room.folder}", flush=True)
    print(f"Students open:   http://{shown}:{args.port}/", flush=True)
    print(f"Teacher's page:  http://{shown}:{args.port}/teacher?token={room.teacher_token}", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=2**24,
        ws=_ws_protocol(),
        # widget messages go uncompressed: compressing each one (permessage-deflate) was about a
        # sixth of a page's first render on the server's cores, for a class's local network
        ws_per_message_deflate=False,
    )
    return 0
