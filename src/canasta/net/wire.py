"""The shared table's messages (``docs/protocol.md``, "The table over WebSocket").

One protocol, two transports: a seat's view, its events and its legal actions are the
outside-bot protocol's own models (:mod:`canasta.protocol.messages`), sent here as WebSocket
text frames, one JSON object each, instead of lines on a pipe. What the table adds is who
sits where (:class:`SeatStatus`), joining with a secret token, and the answers a person
needs (a refusal, an error) that a bot never gets.

A client sends :class:`Join` first, then any of :class:`Act`, :class:`Undo` and
:class:`Ready`; the server answers a join with :class:`Welcome` (or :class:`Refused`, and
closes), and sends :class:`Update` whenever the table changes, :class:`Error` for a message
it could not take (the table is unchanged) and :class:`TableStatus` when only the seats'
presence changed. Every message a client receives carries ``seq``: one more than the last,
so a lost or repeated message shows.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal
from urllib.parse import SplitResult, urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from canasta.engine import CanastaError
from canasta.protocol.messages import PROTOCOL_VERSION, Question, ViewMessage

__all__ = [
    "MAX_MESSAGE_BYTES",
    "TABLE_PROTOCOL",
    "TAKEN_OVER",
    "Act",
    "ClientMessage",
    "Error",
    "Join",
    "JoinLink",
    "Ready",
    "Refused",
    "SeatStatus",
    "ServerMessage",
    "TableStatus",
    "Undo",
    "Update",
    "Welcome",
    "parse_client_message",
    "parse_server_message",
    "public_base",
]

#: The table protocol's version: the bot protocol's, which it extends.
TABLE_PROTOCOL = PROTOCOL_VERSION

#: The largest frame a client may send; a larger one is answered with a ``malformed``
#: :class:`Error` and dropped (the server closes a connection only past a far larger cap).
MAX_MESSAGE_BYTES = 4096

#: The WebSocket close code of a connection whose seat the same device has joined again (a
#: reconnection, or a second ``canasta join`` of the same link on one machine): the client
#: stops there, with the close's reason as its sentence, rather than join again and take the
#: seat back (the two would hand it to and fro for ever).
TAKEN_OVER = 4001


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ---------------------------------------------------------------- client to server


class Join(_Message):
    """The first message on a connection: the seat's secret token from its join link."""

    type: Literal["join"] = "join"
    protocol: int = TABLE_PROTOCOL
    token: str = Field(min_length=1, max_length=128)
    #: The client's name for itself (``canasta join`` keeps one per installation,
    #: :func:`canasta.persist.device_name`): the same device may take its seat over again
    #: at once (a reconnect, a restart), another device is refused while this one is there.
    device: str = Field(min_length=1, max_length=64)


class Act(_Message):
    """An action of the joined seat, in the project's action notation (``draw``,
    ``meld h13 d13 s13``, ``yes``, ...): checked by the server's engine."""

    type: Literal["act"] = "act"
    action: str = Field(max_length=1024)


class Undo(_Message):
    """Take back the seat's last meld or lay-off made since its draw."""

    type: Literal["undo"] = "undo"


class Ready(_Message):
    """The seat has read the score sheet: deal the next round (or, after the game, start a
    new one at the same table) once every human seat present is ready."""

    type: Literal["ready"] = "ready"


ClientMessage = Annotated[Join | Act | Undo | Ready, Field(discriminator="type")]


# ---------------------------------------------------------------- server to client


class SeatStatus(_Message):
    """Who plays one seat, and whether they are there."""

    seat: int
    name: str
    #: ``human`` (a person joined with a token), ``bot`` (a level seated by the host) or
    #: ``outside`` (a program seated by the host, ``cmd:``).
    kind: Literal["human", "bot", "outside"]
    #: A human seat has a device connected (bots are always there).
    connected: bool
    #: A human seat that is away: seconds until a bot plays it (``0`` once a bot does);
    #: ``null`` while the person is there.
    away: float | None = None
    #: A bot plays this human seat until the person comes back.
    bot_playing: bool = False


class Welcome(_Message):
    """The answer to a good :class:`Join`: the seat and the table. An :class:`Update`
    with the seat's view follows at once."""

    type: Literal["welcome"] = "welcome"
    seq: int
    protocol: int = TABLE_PROTOCOL
    table: str
    seat: int
    #: Every field of the rule set (``docs/rules.md`` §11), as in the bot protocol's hello.
    rules: dict[str, Any]
    seats: list[SeatStatus]
    #: Seconds a human seat may be away before a bot plays it (``null``: the table waits).
    away_timeout: float | None


class Update(_Message):
    """The table changed: what happened, as this seat may hear it, and the seat's view."""

    type: Literal["update"] = "update"
    seq: int
    #: Events since the last update, each as the bot protocol tells it to this seat.
    events: list[dict[str, Any]]
    view: ViewMessage
    #: The seat's legal actions in notation; empty unless the seat must act now.
    legal: list[str]
    #: Partner asks this seat "may I go out?" (only the partner ever gets it).
    question: Question | None = None
    #: A meld or lay-off of this turn can be taken back (:class:`Undo`).
    can_undo: bool = False
    #: After an undo: the meld or lay-off taken back, in notation (the seat whose turn it
    #: is took it back); ``null`` otherwise.
    undone: str | None = None
    seats: list[SeatStatus]
    #: Between rounds: the human seats that are ready for the next deal.
    ready: list[int] = []


class TableStatus(_Message):
    """Only the seats' presence changed (someone left, came back, or a bot took over)."""

    type: Literal["status"] = "status"
    seq: int
    seats: list[SeatStatus]


class Error(_Message):
    """A message the server could not take; the table and the seat are unchanged.

    ``reason`` is ``illegal`` (the engine's refusal: ``rule`` names its section),
    ``notation`` (not an action), ``malformed`` (not a message), ``turn`` (not this seat's
    move), ``rate`` (too many messages) or ``state`` (nothing to undo, not between rounds).
    """

    type: Literal["error"] = "error"
    seq: int
    reason: Literal["illegal", "notation", "malformed", "turn", "rate", "state"]
    message: str
    rule: str | None = None


class Refused(_Message):
    """The join was refused (a wrong token, a seat taken by another device, a bad first
    message); the server closes the connection after it."""

    type: Literal["refused"] = "refused"
    seq: int = 0
    message: str


ServerMessage = Annotated[
    Welcome | Update | TableStatus | Error | Refused, Field(discriminator="type")
]

_CLIENT: TypeAdapter[Join | Act | Undo | Ready] = TypeAdapter(ClientMessage)
_SERVER: TypeAdapter[Welcome | Update | TableStatus | Error | Refused] = TypeAdapter(ServerMessage)


def _problem(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return f"{where}: {first['msg']}" if where else str(first["msg"])


def parse_client_message(text: str | bytes) -> Join | Act | Undo | Ready:
    """A client's frame as a message.

    Raises:
        CanastaError: one sentence naming what is wrong with it.
    """
    try:
        return _CLIENT.validate_json(text)
    except ValidationError as error:
        raise CanastaError(
            f"That is not a table message ({_problem(error)}): send one JSON object such as "
            '{"type": "act", "action": "draw"}.'
        ) from None


def parse_server_message(text: str | bytes) -> Welcome | Update | TableStatus | Error | Refused:
    """A server's frame as a message.

    Raises:
        CanastaError: the server sent something this client does not understand.
    """
    try:
        return _SERVER.validate_json(text)
    except ValidationError as error:
        raise CanastaError(
            f"The table sent a message this client cannot read ({_problem(error)}): the "
            "server may speak another version; update canasta on both sides."
        ) from None


def _websocket_address(text: str) -> SplitResult | None:
    """``text`` split as a URL, if it has a WebSocket scheme, a host and a numeric port
    (or none)."""
    try:
        parts = urlsplit(text.strip())
        _ = parts.port  # a port that is not a number raises here
    except ValueError:
        return None
    return parts if parts.scheme in ("ws", "wss") and parts.hostname else None


def public_base(url: str) -> str:
    """``url`` as the start of join links (``wss://cards.example.org``): a WebSocket scheme
    and an address, nothing after them.

    Raises:
        CanastaError: one sentence saying what such an address looks like.
    """
    parts = _websocket_address(url)
    if parts is None or parts.path not in ("", "/") or parts.query or parts.fragment:
        raise CanastaError(
            f"{url.strip()[:80]!r} is not a public address for the join links: give the "
            "scheme and the address people reach, such as wss://cards.example.org."
        )
    return f"{parts.scheme}://{parts.netloc.rsplit('@', 1)[-1]}"


class JoinLink(BaseModel):
    """A seat's join link: ``ws://HOST:PORT/table/TABLE#TOKEN`` (``wss://`` behind TLS).

    The token rides in the fragment, which no request line carries: the client sends it in
    its :class:`Join` message, so it never appears in a proxy's access log.
    """

    model_config = ConfigDict(frozen=True)

    url: str
    table: str
    token: str

    @classmethod
    def parse(cls, text: str) -> JoinLink:
        """Read a join link as the host printed it.

        Raises:
            CanastaError: one sentence saying what a link looks like.
        """
        example = "ws://192.168.1.20:8765/table/a1b2c3#TOKEN"
        parts = _websocket_address(text)
        if parts is None or not parts.path.startswith("/table/") or not parts.fragment:
            raise CanastaError(
                f"{text.strip()[:80]!r} is not a join link: copy the whole link the host "
                f"printed for your seat, such as {example}."
            )
        table = parts.path.removeprefix("/table/")
        if not table or "/" in table:
            raise CanastaError(
                f"{text.strip()[:80]!r} names no table: copy the whole link the host printed "
                f"for your seat, such as {example}."
            )
        # Any user name or password in the address is dropped: the token is the credential.
        url = urlunsplit((parts.scheme, parts.netloc.rsplit("@", 1)[-1], parts.path, "", ""))
        return cls(url=url, table=table, token=parts.fragment)

    def __str__(self) -> str:
        return f"{self.url}#{self.token}"
