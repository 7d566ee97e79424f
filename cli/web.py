"""``cardkit serve --web``: the full-screen table in a browser, from a link, with no install.

A browser that opens a seat's link (``http://HOST:PORT/TABLE#TOKEN``) gets a page holding a
terminal (textual-serve's xterm.js, served from this machine); the page opens a WebSocket back
here, and for it this server runs ``cardkit join`` for that seat (``cardkit watch`` for the
watch link) in a process of its own, on Textual's web driver, drawn in the page. So the browser
seat is the terminal table itself: the same moves, short forms, cards picked with the keys or
the mouse, hint, rules, log and refusals, and the same protocol to the table as any ``join``.

The seat's secret token stays in the link's fragment, which a browser never sends in a page
request; the page hands it to the WebSocket, and a process starts only for a token that opens
a seat of this match (or for a spectator, a bounded number of them).
"""

from __future__ import annotations

import asyncio
import html
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

if TYPE_CHECKING:
    from aiohttp import web

    from cardkit.frontends.net.server import Server

__all__ = ["PAGE", "WebTables"]

#: Browser sessions a table may run at once beyond one a seat (spectators, reloaded pages).
SPECTATORS = 8

#: The page of a seat or of the watch link: the terminal, and where its WebSocket goes (the
#: token read from the fragment, which never leaves the browser in a page request).
PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<link rel="stylesheet" href="/static/css/xterm.css">
<script src="/static/js/textual.js"></script>
<style>
@font-face {{ font-family: "Roboto Mono";
  src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }}
body {{ background: #0c181f; margin: 0; color: #e8e8e8;
  font-family: "Roboto Mono", monospace; }}
.note {{ position: absolute; inset: 0; display: flex; align-items: center;
  justify-content: center; font-size: 18px; }}
body.-first-byte .opening, .closed {{ display: none; }}
body.-closed .closed {{ display: flex; background: #0c181fe0; z-index: 10; }}
.textual-terminal {{ opacity: 0; }}
body.-first-byte .textual-terminal {{ opacity: 1; }}
</style>
</head>
<body>
<div class="note opening">opening the table {table_text} …</div>
<div class="note closed">the table closed this page: open the link again to come back</div>
<div id="terminal" class="textual-terminal" data-font-size="16"></div>
<script>
  const table = {table_json};
  const token = decodeURIComponent(location.hash.slice(1));
  const name = new URLSearchParams(location.search).get("name");
  let path = "/ws/" + encodeURIComponent(table);
  if (token) {{
    path += "/" + encodeURIComponent(token);
    if (name) path += "/" + encodeURIComponent(name);
  }}
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  document.getElementById("terminal").dataset.sessionWebsocketUrl = scheme + location.host + path;
</script>
</body>
</html>
"""


class WebTables:
    """The browser seats of the tables ``server`` hosts, on ``host:port`` (0: any free port):
    one page a table, one process a browser session. Call :meth:`start` inside the server's
    event loop, :meth:`close` when the match is over."""

    def __init__(self, server: Server, host: str = "127.0.0.1", port: int = 0, *,
                 pace: float = 0.6) -> None:
        self.server = server
        self.host = host
        self.port = port
        self.pace = pace
        self.sessions: dict[str, int] = {}  # table -> browser sessions running
        self.processes: set[asyncio.subprocess.Process] = set()
        self._runner: web.AppRunner | None = None

    # ----- addresses --------------------------------------------------------------------------

    def watch_link(self, table: str) -> str:
        """The page that follows ``table`` as a spectator."""
        host = self.host if self.host not in ("", "0.0.0.0", "::") else _hostname()
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}/{quote(table)}"

    def seat_link(self, table: str, seat: int) -> str:
        """The secret page of a person's seat (its token in the fragment)."""
        token = self.server.tables[table].seats[seat].token
        if token is None:
            raise ValueError(f"seat {seat} is a bot's")
        return f"{self.watch_link(table)}#{token}"

    # ----- running ----------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen (``self.port`` is then the real port)."""
        import textual_serve
        from aiohttp import web

        static = Path(textual_serve.__file__).parent / "static"
        app = web.Application()
        app.add_routes([
            web.static("/static", static),
            web.get("/ws/{table}", self._websocket),
            web.get("/ws/{table}/{token}", self._websocket),
            web.get("/ws/{table}/{token}/{name}", self._websocket),
            web.get("/favicon.ico", self._no_icon),
            web.get("/{table}", self._page),
        ])
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self._runner.addresses:
            self.port = self._runner.addresses[0][1]

    async def close(self) -> None:
        """Stop listening; the browser sessions still open end."""
        for process in list(self.processes):
            if process.returncode is None:
                process.terminate()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _no_icon(self, request: web.Request) -> web.Response:
        from aiohttp import web

        return web.Response(status=204)

    async def _page(self, request: web.Request) -> web.Response:
        from aiohttp import web

        table = request.match_info["table"]
        if table not in self.server.tables:
            raise web.HTTPNotFound(text=f"no table {table!r} here")
        page = PAGE.format(title=html.escape(f"cardkit · {table}"),
                           table_text=html.escape(table), table_json=json.dumps(table))
        return web.Response(text=page, content_type="text/html",
                            headers={"Cache-Control": "no-store",
                                     "Referrer-Policy": "no-referrer"})

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        from aiohttp import web

        info = request.match_info
        table = self.server.tables.get(info["table"])
        if table is None:
            raise web.HTTPNotFound(text="no such table")
        token = info.get("token")
        if token is not None and table.seating.find(token) is None:
            raise web.HTTPForbidden(text="wrong token for this table")
        running = self.sessions.get(table.name, 0)
        if running >= len(table.seats) + SPECTATORS:
            raise web.HTTPServiceUnavailable(text="too many browser sessions at this table")
        command = self._command(table.name, token, info.get("name"))
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        self.sessions[table.name] = running + 1
        try:
            await self._drive(websocket, request, command)
        finally:
            self.sessions[table.name] -= 1
        return websocket

    def _command(self, table: str, token: str | None, name: str | None) -> list[str]:
        """``cardkit join`` for a seat, ``cardkit watch`` for a spectator, to this server."""
        host = self.server.host if self.server.host not in ("", "0.0.0.0", "::") \
            else "127.0.0.1"
        if ":" in host:
            host = f"[{host}]"
        url = f"ws://{host}:{self.server.port}/{table}"
        base = [sys.executable, "-m", "cardkit_cli"]
        pace = ["--pace", f"{self.pace:g}"]
        if token is None:
            return [*base, "watch", url, *pace]
        named = ["--name", name[:40]] if name else []
        return [*base, "join", f"{url}#{token}", *named, *pace]

    async def _drive(self, websocket: web.WebSocketResponse, request: web.Request,
                     command: list[str]) -> None:
        """Run ``command`` on Textual's web driver for this page until either side ends."""
        from aiohttp import WSMsgType

        service = _ProcessService(command, write_bytes=websocket.send_bytes,
                                  write_str=websocket.send_str, close=websocket.close,
                                  download_manager=DownloadManager())
        width = _bounded(request.query.get("width"), 80, 20, 400)
        height = _bounded(request.query.get("height"), 24, 8, 200)
        await service.start(width, height)
        if service.process is not None:
            self.processes.add(service.process)
        try:
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    kind, *data = json.loads(message.data)
                except (ValueError, TypeError):
                    continue
                if kind == "stdin" and data and isinstance(data[0], str):
                    await service.send_bytes(data[0].encode("utf-8"))
                elif kind == "resize" and data and isinstance(data[0], dict):
                    await service.set_terminal_size(_bounded(data[0].get("width"), 80, 20, 400),
                                                    _bounded(data[0].get("height"), 24, 8, 200))
                elif kind == "ping" and data:
                    await websocket.send_json(["pong", data[0]])
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()
        finally:
            await service.stop_process()
            if service.process is not None:
                self.processes.discard(service.process)


class _ProcessService(AppService):
    """textual-serve's app service, with the command run as a list of arguments (never
    through a shell: a name typed in a link is only ever one argument)."""

    def __init__(self, command: list[str], **options: Any) -> None:
        super().__init__(" ".join(command), **options)
        self.argv = command
        self.process: asyncio.subprocess.Process | None = None

    async def _open_app_process(self, width: int = 80,
                                height: int = 24) -> asyncio.subprocess.Process:
        environment = self._build_environment(width=width, height=height)
        self._process = self.process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=environment)
        assert self.process.stdin is not None
        self._stdin = self.process.stdin
        return self.process

    async def stop_process(self) -> None:
        """Ask the table to quit; end the process if it has not within 5 s."""
        if self._task is None:
            return
        await self.send_meta({"type": "quit"})
        try:
            await asyncio.wait_for(asyncio.shield(self._task), 5)
        except TimeoutError:
            if self.process is not None and self.process.returncode is None:
                self.process.kill()
            await self._task
        self._task = None


def _bounded(value: Any, default: int, low: int, high: int) -> int:
    """A terminal size from the page: an integer within ``low``..``high``, else ``default``."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return min(high, max(low, number))


def _hostname() -> str:
    import socket

    return socket.gethostname()
