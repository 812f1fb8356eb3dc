"""The protocol's messages (``docs/protocol.md``): pydantic models, one JSON object a line.

The game writes :class:`Hello`, :class:`Decide` and :class:`End`; the bot answers a hello
with a :class:`HelloReply` and a decision with an :class:`ActionReply`. A seat's view is
built from :func:`canasta.engine.view` alone (:func:`view_message`), and each event is told
as that seat may hear it (:func:`event_message`), so nothing here can show a hidden card.
Seats and teams are numbers (seat 0 is South, the next seat is to its left, as in the
engine); every list is sized by the rule set, so any table the rules allow is written the
same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from canasta.engine import Action, Card, Phase, PlayerView, RoundScore, RuleSet, card_text
from canasta.engine.events import (
    CARD_FIELDS,
    CanastaCompleted,
    CardsLaidOff,
    Discarded,
    Event,
    GameWon,
    KittyTaken,
    Melded,
    PartnerAnswered,
    PartnerAsked,
    PileTaken,
    RedThreeLaid,
    RoundDealt,
    RoundScored,
    StockDrawn,
    StockExhausted,
    Stuck,
    UpCardTurned,
    WentOut,
)
from canasta.engine.kitty import KittyStatus

__all__ = [
    "EVENT_TYPES",
    "PROTOCOL_VERSION",
    "ActionReply",
    "Decide",
    "End",
    "Hello",
    "HelloReply",
    "Question",
    "ViewMessage",
    "decide_message",
    "event_message",
    "hello_message",
    "view_message",
]

#: The version this game speaks; a bot's hello names the one it speaks.
PROTOCOL_VERSION = 1

#: Every kind of event and its name on the wire. Each one is public as it stands except
#: :class:`StockDrawn`, whose card only the drawer sees (:func:`event_message`).
EVENT_TYPES: dict[type[Any], str] = {
    RoundDealt: "round_dealt",
    UpCardTurned: "up_card_turned",
    RedThreeLaid: "red_three_laid",
    StockDrawn: "stock_drawn",
    PileTaken: "pile_taken",
    Melded: "melded",
    CardsLaidOff: "cards_laid_off",
    CanastaCompleted: "canasta_completed",
    Discarded: "discarded",
    PartnerAsked: "partner_asked",
    PartnerAnswered: "partner_answered",
    WentOut: "went_out",
    StockExhausted: "stock_exhausted",
    KittyTaken: "kitty_taken",
    Stuck: "stuck",
    RoundScored: "round_scored",
    GameWon: "game_won",
}


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MeldMessage(_Message):
    """A meld on the table."""

    rank: int
    cards: list[str]
    naturals: int
    wilds: int
    canasta: bool
    #: It went down whole (§9.2): a concealed canasta, which scores its own bonus where
    #: the rule set gives one.
    concealed: bool = False


class SeatMessage(_Message):
    """What everyone knows of one seat."""

    seat: int
    team: int
    hand_size: int
    #: Cards known to be in that hand (taken with the pile, not played since); ``[]`` for
    #: the viewer's own seat, whose whole hand is in ``hand``.
    known: list[str]
    #: The seat has melded or laid off earlier this round.
    has_played: bool
    #: Railroad (rules §13.6): the cards in the seat's kitty while it lies untaken (``0``
    #: once taken, and at a table without kitties).
    kitty_size: int
    #: ``none`` (the table has no kitties), ``untouched`` (face down, not yet earned),
    #: ``may_take`` (its owner completed a canasta that is not black, may look at it and
    #: takes it with this turn's discard) or ``taken``.
    kitty_status: KittyStatus


class TeamMessage(_Message):
    """A team (a partnership, or a player alone): its table and its score."""

    team: int
    seats: list[int]
    melds: list[MeldMessage]
    red_threes: list[str]
    #: The team has made its initial meld this round.
    melded: bool
    #: The team's initial-meld minimum this round.
    minimum: int
    #: The game score after the rounds in ``history``.
    score: int


class TurnMessage(_Message):
    """The turn in progress (reset when the next turn starts)."""

    #: The player has melded or laid off this turn.
    played: bool
    #: Card values placed this turn toward an unmet initial minimum.
    value: int
    #: ``[rank, card]`` for each card placed this turn.
    placed: list[tuple[int, str]]
    #: The rest of a pile taken for an initial meld, waiting until the minimum is met.
    pending: list[str]
    asked: bool
    #: Partner's answer: ``true`` must go out, ``false`` may not, ``null`` not asked.
    permission: bool | None


class ViewMessage(_Message):
    """Everything one seat may know of the game, and nothing more."""

    seat: int
    team: int
    #: Whom the seat asks "may I go out?" (``null`` for a player alone).
    partner: int | None
    players: int
    round: int
    dealer: int
    phase: Literal["draw", "play", "answer", "round_over", "game_over"]
    #: Whose turn it is, and who must act now (the partner, while a question waits).
    turn: int
    to_move: int | None
    #: The seat's own hand, sorted.
    hand: list[str]
    seats: list[SeatMessage]
    teams: list[TeamMessage]
    #: The whole discard pile, bottom first (every card in it was seen face up).
    pile: list[str]
    pile_frozen: bool
    #: The top card is a three or a wild card: nobody may take the pile.
    pile_blocked: bool
    stock_size: int
    #: The seat's own kitty once it may look at it (its status ``may_take``), else ``[]``:
    #: nobody sees an untouched kitty, not even its owner.
    kitty: list[str]
    #: Railroad (rules §13.8): no seven may be discarded now.
    sevens_locked: bool
    turn_state: TurnMessage
    #: Each round played: one score sheet per team (every part and the ``total``).
    history: list[list[dict[str, int]]]
    winner: int | None


class Question(_Message):
    """Partner asks the seat "may I go out?": the answer is ``yes`` or ``no``."""

    asker: int
    text: str = "May I go out?"


class Hello(_Message):
    """The first line a bot reads: the protocol's version, its seat and the rules."""

    type: Literal["hello"] = "hello"
    protocol: int = PROTOCOL_VERSION
    seat: int
    players: int
    #: Every field of the rule set (``docs/rules.md`` §11).
    rules: dict[str, Any]
    #: Seconds the game waits for each answer.
    timeout: float


class Decide(_Message):
    """A decision for the seat: one :class:`ActionReply` line is expected back."""

    type: Literal["decide"] = "decide"
    #: What happened since the last message, as the seat may hear it.
    events: list[dict[str, Any]]
    view: ViewMessage
    #: Every legal action, in the project's action notation (``docs/notation.md``).
    legal: list[str]
    question: Question | None = None


class End(_Message):
    """The last line: the game is over or the seat is closed; no answer is expected."""

    type: Literal["end"] = "end"
    events: list[dict[str, Any]]
    reason: str


class HelloReply(BaseModel):
    """The bot's answer to :class:`Hello`: the protocol version it speaks, and a name."""

    model_config = ConfigDict(frozen=True)

    protocol: int
    name: str | None = None


class ActionReply(BaseModel):
    """The bot's answer to :class:`Decide`: one of the legal actions, as text."""

    model_config = ConfigDict(frozen=True)

    action: str


def _cards(cards: Iterable[Card]) -> list[str]:
    return [card_text(card) for card in cards]


def _score(score: RoundScore) -> dict[str, int]:
    """A team's round score as an object; the concealed canastas only where the rule set
    scores them (as in positions, ``docs/notation.md``)."""
    parts = {name: value for name, value in score._asdict().items() if value is not None}
    return {**parts, "total": score.total}


def _plain(value: Any) -> Any:
    """An event field that holds no card as JSON: score sheets as objects, tuples as lists."""
    if isinstance(value, RoundScore):
        return _score(value)
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def event_message(event: Event, seat: int) -> dict[str, Any]:
    """``event`` as ``seat`` may hear it: a card drawn by another seat is ``null``."""
    told: dict[str, Any] = {"type": EVENT_TYPES[type(event)]}
    card_fields = CARD_FIELDS[type(event)]
    values: tuple[Any, ...] = tuple(event)
    for name, value in zip(event._fields, values, strict=True):
        if name not in card_fields:
            told[name] = _plain(value)
        else:
            told[name] = _cards(value) if card_fields[name] else card_text(value)
    if isinstance(event, StockDrawn) and event.seat != seat:
        told["card"] = None
    return told


def view_message(seen: PlayerView) -> ViewMessage:
    """The wire form of a seat's view (see :class:`ViewMessage`)."""
    rules = seen.rules
    return ViewMessage(
        seat=seen.seat,
        team=seen.team,
        partner=seen.partner,
        players=rules.players,
        round=seen.round_no,
        dealer=seen.dealer,
        phase=seen.phase.value,
        turn=seen.turn,
        to_move=seen.to_move,
        hand=_cards(seen.hand),
        seats=[
            SeatMessage(
                seat=seat,
                team=rules.team_of(seat),
                hand_size=seen.hand_sizes[seat],
                known=_cards(seen.known[seat]),
                has_played=seen.has_played[seat],
                kitty_size=seen.kitty_sizes[seat],
                kitty_status=seen.kitty_status[seat],
            )
            for seat in range(rules.players)
        ],
        teams=[
            TeamMessage(
                team=team,
                seats=list(seats),
                melds=[
                    MeldMessage(
                        rank=meld.rank,
                        cards=_cards(meld.cards),
                        naturals=meld.naturals,
                        wilds=meld.wilds,
                        canasta=meld.is_canasta(rules),
                        concealed=meld.concealed,
                    )
                    for meld in seen.melds[team]
                ],
                red_threes=_cards(seen.red_threes[team]),
                melded=seen.melded[team],
                minimum=seen.minimums[team],
                score=seen.scores[team],
            )
            for team, seats in enumerate(rules.partnerships)
        ],
        pile=_cards(seen.pile),
        pile_frozen=seen.pile_frozen,
        pile_blocked=seen.pile_blocked,
        stock_size=seen.stock_size,
        kitty=_cards(seen.kitty),
        sevens_locked=seen.sevens_locked,
        turn_state=TurnMessage(
            played=seen.played,
            value=seen.turn_value,
            placed=[(rank, card_text(card)) for rank, card in seen.placed],
            pending=_cards(seen.pending),
            asked=seen.asked,
            permission=seen.permission,
        ),
        history=[[_score(score) for score in scores] for scores in seen.history],
        winner=seen.winner,
    )


def hello_message(*, seat: int, rules: RuleSet, timeout: float) -> Hello:
    """The hello for ``seat`` at a table of ``rules``."""
    return Hello(
        seat=seat,
        players=rules.players,
        rules=rules._asdict(),
        timeout=timeout,
    )


def decide_message(
    seen: PlayerView, legal: Sequence[Action], events: Sequence[dict[str, Any]]
) -> Decide:
    """The decision ``seen.seat`` faces, after ``events`` (already told as it may hear them)."""
    question = None
    if seen.phase is Phase.ANSWER:
        question = Question(asker=seen.turn)
    return Decide(
        events=list(events),
        view=view_message(seen),
        legal=[str(action) for action in legal],
        question=question,
    )
