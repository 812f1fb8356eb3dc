"""textual-serve's page and websocket, with a save per browser session and join links.

The index page gives a browser without one a random session cookie; each websocket (one
per tab) starts its game with that session's own state directory, so the tabs of one
browser share their autosave and two browsers never do. ``/?join=LINK`` checks the link
and hands it, base64url-encoded in the websocket's path, to the tab, which then runs
``canasta join LINK``; the websocket checks it again, since anyone can ask for any path.
"""

from __future__ import annotations

import base64
import binascii
import contextvars
import inspect
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.server import Server

from canasta.engine import CanastaError
from canasta.net.wire import JoinLink
from canasta.persist import Paths
from canasta.serve import (
    game_command,
    join_command,
    new_session_id,
    session_state_dir,
    valid_session_id,
)

__all__ = ["SESSION_COOKIE", "TabServer", "decode_link", "encode_link"]

#: The cookie that names a browser session.
SESSION_COOKIE = "canasta_session"

# Browsers keep a cookie at most 400 days: a person's save outlives a closed browser.
_COOKIE_SECONDS = 400 * 24 * 3600

# textual-serve's own index handler before its template decorator: the page's context.
_index_context: Callable[[Server, web.Request], Awaitable[dict[str, Any]]] = inspect.unwrap(
    Server.handle_index
)

# The command of the tab whose websocket this task serves. textual-serve starts a tab's game
# with ``self.command``; each connection is served by its own asyncio task, whose context
# holds its own value, so tabs starting at once never see each other's command.
_tab_command: contextvars.ContextVar[str] = contextvars.ContextVar("canasta_tab_command")


def encode_link(link: JoinLink) -> str:
    """``link`` as one URL path segment (base64url, no padding)."""
    return base64.urlsafe_b64encode(str(link).encode()).rstrip(b"=").decode("ascii")


def decode_link(segment: str) -> JoinLink:
    """The join link :func:`encode_link` made ``segment`` of.

    Raises:
        CanastaError: ``segment`` does not hold a join link.
    """
    try:
        text = base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)).decode()
    except (binascii.Error, ValueError):  # UnicodeDecodeError is a ValueError
        raise CanastaError("The page's address holds no join link.") from None
    return JoinLink.parse(text)


class TabServer(Server):
    """``canasta serve``'s web server: each tab plays ``canasta GAME_ARGS`` or joins a
    table, with its browser session's state directory.

    Args:
        game_args: the play options given after ``--``.
        host: the address to listen on.
        port: the port to listen on.
        state_dir: where the sessions' directories go (``web/SESSION`` below it; default:
            the platform's state directory).
    """

    def __init__(
        self,
        game_args: Sequence[str],
        *,
        host: str,
        port: int,
        state_dir: Path | None = None,
    ) -> None:
        super().__init__(game_command(game_args), host=host, port=port, title="Canasta")
        self.game_args = list(game_args)
        self.state_dir = Paths.from_environment().state_dir if state_dir is None else state_dir

    @property
    def command(self) -> str:
        """The command that starts the game of the tab being served (textual-serve reads
        it when a websocket opens; elsewhere the plain game's, with no session)."""
        return _tab_command.get(self._plain_command)

    @command.setter
    def command(self, value: str) -> None:
        self._plain_command = value

    def tab_command(self, request: web.Request) -> str:
        """The command for the tab whose websocket ``request`` opens.

        Raises:
            CanastaError: the websocket's path holds a bad join link.
        """
        # No cookie (a cross-site page's websocket, cookies off): a game of its own.
        session = valid_session_id(request.cookies.get(SESSION_COOKIE)) or new_session_id()
        state = session_state_dir(self.state_dir, session)
        segment = request.match_info.get("link")
        if segment is None:
            return game_command(self.game_args, state_dir=state)
        return join_command(decode_link(segment), state_dir=state)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.router.add_get("/ws/join/{link}", self.handle_websocket, name="join_websocket")
        return app

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """textual-serve's page (its websocket joining the table of ``?join=LINK``), with
        a session cookie when the browser has none; a bad link gets one sentence."""
        join = request.query.get("join")
        link = None
        if join is not None:
            try:
                link = JoinLink.parse(join)
            except CanastaError as error:
                return web.Response(
                    status=400,
                    text=f"canasta serve: {error} In the address, the link follows ?join= "
                    "URL-encoded ('#' written %23).\n",
                )
        context = await _index_context(self, request)
        if link is not None:
            # The page appends ?width=...&height=... to this URL: the link goes in the path.
            context["app_websocket_url"] += f"/join/{encode_link(link)}"
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        if valid_session_id(request.cookies.get(SESSION_COOKIE)) is None:
            response.set_cookie(
                SESSION_COOKIE,
                new_session_id(),
                max_age=_COOKIE_SECONDS,
                httponly=True,
                samesite="Lax",  # sent when a link from elsewhere opens the page
            )
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's websocket, starting the tab's own command (:meth:`tab_command`)."""
        try:
            command = self.tab_command(request)
        except CanastaError as error:
            raise web.HTTPBadRequest(text=f"canasta serve: {error}\n") from None
        token = _tab_command.set(command)
        try:
            return await super().handle_websocket(request)
        finally:
            _tab_command.reset(token)
