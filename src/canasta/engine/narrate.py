"""Events and positions told in full English sentences, for logs and ``canasta analyze``.

Private cards (what a player drew from the stock) are told only to the seat that may see
them: pass ``viewer`` to describe an event as that seat would hear it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from canasta.engine.cards import THREE, WILD_RANK, Card, card_label, is_wild, rank_name, rank_of
from canasta.engine.events import (
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
from canasta.engine.rules import RuleSet, classic
from canasta.engine.words import counted, listed

__all__ = [
    "YOU",
    "CardLabel",
    "describe_event",
    "describe_events",
    "letter_label",
    "meld_name",
    "plain_cards",
    "with_verb",
]

_NUMBERS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
)


CardLabel = Callable[[Card], str]


def letter_label(card: Card) -> str:
    """The default card label: rank and suit letter (``KH``, ``10D``, ``JK``)."""
    return card_label(card)


def plain_cards(cards: Iterable[Card], label: CardLabel = letter_label) -> str:
    """Cards as labels a player reads (``7D 7C``, or as ``label`` writes each card)."""
    return " ".join(label(card) for card in cards)


def meld_name(rank: int) -> str:
    """What the meld of ``rank`` holds, as in "the meld of kings": the plural of the rank,
    or ``wild cards`` for railroad's meld of wild cards alone (§13.4)."""
    return "wild cards" if rank == WILD_RANK else rank_name(rank, plural=True)


def _count(n: int) -> str:
    return _NUMBERS[n] if n < len(_NUMBERS) else str(n)


#: The word for the player at the keyboard, as the table names them.
YOU = "You"


#: Third-person verbs whose other persons are not the verb without its ``s``.
_IRREGULAR = {"has": "have", "is": "are", "was": "were"}


def with_verb(subject: str, verb: str) -> str:
    """``subject`` and ``verb`` (given in the third person present, ``holds``), the verb
    agreeing: ``West holds``, ``You hold``."""
    if subject != YOU:
        return f"{subject} {verb}"
    return f"{subject} {_IRREGULAR.get(verb, verb.removesuffix('s'))}"


class _Telling(NamedTuple):
    """Who hears the sentence, how cards are written, and what the players and the teams
    are called (``you``: the seat told as "You")."""

    viewer: int | None
    label: CardLabel
    names: Sequence[str]
    rules: RuleSet
    you: int | None

    def who(self, seat: int) -> str:
        """``seat``'s player as the subject of a sentence."""
        return YOU if seat == self.you else self.names[seat]

    def does(self, seat: int, verb: str) -> str:
        """``seat``'s player and ``verb`` (see :func:`with_verb`)."""
        return with_verb(self.who(seat), verb)

    def team(self, team: int) -> str:
        """``team`` as a subject: a player alone by :meth:`who`, a partnership by its name."""
        seats = self.rules.partnerships[team]
        return self.who(seats[0]) if len(seats) == 1 else self.rules.team_name(team)


def _meld_words(rank: int, cards: tuple[Card, ...]) -> str:
    wilds = sum(1 for card in cards if is_wild(card))
    naturals = len(cards) - wilds
    if rank == THREE:
        return f"{_count(naturals)} black threes"
    parts = []
    if naturals:
        parts.append(f"{_count(naturals)} {rank_name(rank, plural=naturals != 1)}")
    if wilds:
        parts.append(f"{_count(wilds)} wild card{'s' if wilds != 1 else ''}")
    return " and ".join(parts)


def describe_event(
    event: Event,
    *,
    viewer: int | None = None,
    label: CardLabel = letter_label,
    names: Sequence[str] | None = None,
    rules: RuleSet = classic,
    you: int | None = None,
) -> str:
    """One sentence for ``event``; private cards shown only when ``viewer`` may see them.

    ``label`` writes one card (``KH`` by default; a screen passes its own, e.g. ``K♥``);
    ``names`` are the players' names by seat (by default the seats' of ``rules``: South,
    West, ...); a partnership is named as ``rules`` names it, a player alone by name.
    ``you`` is the seat of the player at the keyboard, told as "You" (``You hold``), as
    the table shows them.
    """
    describe = _DESCRIBERS[type(event)]
    return describe(event, _Telling(viewer, label, names or rules.seat_names, rules, you))


def describe_events(
    events: Iterable[Event],
    *,
    viewer: int | None = None,
    label: CardLabel = letter_label,
    names: Sequence[str] | None = None,
    rules: RuleSet = classic,
    you: int | None = None,
) -> list[str]:
    """A sentence for each of ``events``, as :func:`describe_event` tells it, but one for
    a run of one player's draws from the stock (railroad draws two, §13.2), such as
    ``West drew two cards from the stock.``, one for the red threes a player lays out at
    once (``South laid out the red threes 3♥ and 3♦ and drew replacements.``), and a red
    three drawn from the stock with its replacement (``You laid out the red three 3♦ and
    drew 7♠ in its place.``), not a second draw."""
    told = _Telling(viewer, label, names or rules.seat_names, rules, you)
    told_events = list(events)
    lines: list[str] = []
    run: list[Event] = []
    replacement: StockDrawn | None = None
    for index, event in enumerate(told_events):
        if event is replacement:
            continue  # told with the red three it replaced
        if run and _run_key(event) != _run_key(run[0]):
            lines.append(_RUNS[type(run[0])](run, told))
            run = []
        replacement = _replacement(told_events, index)
        if isinstance(event, RedThreeLaid) and replacement is not None:
            lines.append(_replaced(event, replacement, told))
        elif type(event) in _RUNS:
            run.append(event)
        else:
            lines.append(_DESCRIBERS[type(event)](event, told))
    if run:
        lines.append(_RUNS[type(run[0])](run, told))
    return lines


def _replacement(events: Sequence[Event], index: int) -> StockDrawn | None:
    """The card drawn to replace a red three drawn from the stock at ``events[index]``
    (the draw of the red three, its laying out, then the replacement's draw), if it is one:
    the red three's line tells it."""
    event = events[index]
    if not (isinstance(event, RedThreeLaid) and event.replaced and 0 < index < len(events) - 1):
        return None
    before, after = events[index - 1], events[index + 1]
    if before != StockDrawn(event.seat, event.card) or not isinstance(after, StockDrawn):
        return None
    return after if after.seat == event.seat else None


def _replaced(event: RedThreeLaid, replacement: StockDrawn, told: _Telling) -> str:
    """A red three drawn from the stock, laid out and replaced (the card named to its
    player only)."""
    if told.viewer != event.seat:
        return _red_three(event, told)
    card, new = told.label(event.card), told.label(replacement.card)
    return f"{told.who(event.seat)} laid out the red three {card} and drew {new} in its place."


def _run_key(event: Event) -> tuple[object, ...]:
    """What the events of one run share: their kind and player (and, for red threes,
    whether each was replaced)."""
    if isinstance(event, StockDrawn):
        return (StockDrawn, event.seat)
    if isinstance(event, RedThreeLaid):
        return (RedThreeLaid, event.seat, event.replaced)
    return (type(event),)


def _dealt(event: RoundDealt, told: _Telling) -> str:
    first = told.does((event.dealer + 1) % len(told.names), "plays")  # the dealer's left
    return f"Round {event.round_no}: {told.who(event.dealer)} dealt; {first} first."


def _up_card(event: UpCardTurned, told: _Telling) -> str:
    if event.frozen:
        return f"The up-card {told.label(event.card)} stays in the pile and freezes it."
    if event.covered:
        return f"The up-card {told.label(event.card)} stays in the pile; another is turned."
    return f"The up-card is {told.label(event.card)}."


def _red_three(event: RedThreeLaid, told: _Telling) -> str:
    return _red_threes((event,), told)


def _red_threes(events: Sequence[RedThreeLaid], told: _Telling) -> str:
    """One player's red threes laid out at once, each replaced from the stock or none."""
    cards = listed([told.label(event.card) for event in events])
    if len(events) == 1:
        tail = " and drew a replacement" if events[0].replaced else ""
        return f"{told.who(events[0].seat)} laid out the red three {cards}{tail}."
    tail = " and drew replacements" if events[0].replaced else ""
    return f"{told.who(events[0].seat)} laid out the red threes {cards}{tail}."


def _drawn(event: StockDrawn, told: _Telling) -> str:
    return _draws((event,), told)


def _draws(events: Sequence[StockDrawn], told: _Telling) -> str:
    """One player's draw of ``events``' cards from the stock, in one go."""
    seat = events[0].seat
    if told.viewer == seat:
        cards = listed([told.label(event.card) for event in events])
        return f"{told.who(seat)} drew {cards} from the stock."
    if len(events) == 1:
        return f"{told.who(seat)} drew from the stock."
    return f"{told.who(seat)} drew {_count(len(events))} cards from the stock."


def _taken(event: PileTaken, told: _Telling) -> str:
    rank = rank_of(event.top)
    if event.cards:
        how = (
            f"with {plain_cards(event.cards, told.label)} and melded "
            f"{_meld_words(rank, (*event.cards, event.top))}"
        )
    else:
        how = f"by laying {told.label(event.top)} on the meld of {meld_name(rank)}"
    return f"{told.who(event.seat)} took the pile ({counted(event.size, 'card')}) {how}."


def _melded(event: Melded, told: _Telling) -> str:
    words = _meld_words(event.rank, event.cards)
    if told.rules.partner(event.seat) is None:  # a player alone has no team: the meld is theirs
        meld = f"the meld of {meld_name(event.rank)}"
    elif event.rank == WILD_RANK:
        meld = "the team's meld of wild cards"
    else:
        meld = f"the team's {meld_name(event.rank)}"
    tail = f" onto {meld}" if event.merged else ""
    return f"{told.who(event.seat)} melded {words} ({plain_cards(event.cards, told.label)}){tail}."


def _laid_off(event: CardsLaidOff, told: _Telling) -> str:
    return (
        f"{told.who(event.seat)} laid off {plain_cards(event.cards, told.label)} on the meld of "
        f"{meld_name(event.rank)}."
    )


def _canasta(event: CanastaCompleted, told: _Telling) -> str:
    if event.kind in ("wild", "sevens"):  # the kind names its cards: "a sevens canasta"
        return f"{told.team(event.team)} completed a {event.kind} canasta."
    kind = event.kind or (
        ("concealed " if event.concealed else "") + ("natural" if event.natural else "mixed")
    )
    ranks = rank_name(event.rank, plural=True)
    return f"{told.team(event.team)} completed a {kind} canasta of {ranks}."


def _kitty(event: KittyTaken, told: _Telling) -> str:
    return f"{told.who(event.seat)} took the kitty of {event.size} cards."


def _stuck(event: Stuck, told: _Telling) -> str:
    return f"{told.does(event.seat, 'holds')} only sevens, which are locked: the round ends."


def _discarded(event: Discarded, told: _Telling) -> str:
    return f"{told.who(event.seat)} discarded {told.label(event.card)}."


def _asked(event: PartnerAsked, told: _Telling) -> str:
    return f'{told.who(event.seat)} asked partner: "May I go out?"'


def _answered(event: PartnerAnswered, told: _Telling) -> str:
    return f'{told.who(event.seat)} answered "{"Yes" if event.yes else "No"}".'


def _went_out(event: WentOut, told: _Telling) -> str:
    return f"{told.who(event.seat)} went out{' concealed' if event.concealed else ''}."


def _exhausted(event: StockExhausted, told: _Telling) -> str:
    return "The stock is exhausted: the round ends."


def _scored(event: RoundScored, told: _Telling) -> str:
    parts = ", ".join(f"{told.team(score.team)} {score.total:+d}" for score in event.scores)
    return f"Round {event.round_no} scored: {parts}; totals {_totals(event.totals)}."


def _totals(totals: Sequence[int]) -> str:
    """``5100 to 4200``, or ``5100, 4200 and 3000`` with more than two."""
    if len(totals) == 2:
        return f"{totals[0]} to {totals[1]}"
    return listed([str(total) for total in totals])


def _won(event: GameWon, told: _Telling) -> str:
    others = sorted((t for i, t in enumerate(event.totals) if i != event.team), reverse=True)
    return (
        f"{told.team(event.team)} won the game, {event.totals[event.team]} to "
        f"{_totals(others) if len(others) > 1 else others[0]}."
    )


_DESCRIBERS: dict[type, Callable[[object, _Telling], str]] = {
    RoundDealt: _dealt,  # type: ignore[dict-item]
    UpCardTurned: _up_card,  # type: ignore[dict-item]
    RedThreeLaid: _red_three,  # type: ignore[dict-item]
    StockDrawn: _drawn,  # type: ignore[dict-item]
    PileTaken: _taken,  # type: ignore[dict-item]
    Melded: _melded,  # type: ignore[dict-item]
    CardsLaidOff: _laid_off,  # type: ignore[dict-item]
    CanastaCompleted: _canasta,  # type: ignore[dict-item]
    Discarded: _discarded,  # type: ignore[dict-item]
    PartnerAsked: _asked,  # type: ignore[dict-item]
    PartnerAnswered: _answered,  # type: ignore[dict-item]
    WentOut: _went_out,  # type: ignore[dict-item]
    StockExhausted: _exhausted,  # type: ignore[dict-item]
    KittyTaken: _kitty,  # type: ignore[dict-item]
    Stuck: _stuck,  # type: ignore[dict-item]
    RoundScored: _scored,  # type: ignore[dict-item]
    GameWon: _won,  # type: ignore[dict-item]
}

#: The events told as one sentence for a run of them (:func:`describe_events`).
_RUNS: dict[type, Callable[[Sequence[Any], _Telling], str]] = {
    StockDrawn: _draws,
    RedThreeLaid: _red_threes,
}
