"""Events and positions told in full English sentences, for logs and ``canasta analyze``.

Private cards (what a player drew from the stock) are told only to the seat that may see
them: pass ``viewer`` to describe an event as that seat would hear it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from canasta.engine.cards import Card, rank_name
from canasta.engine.events import (
    CanastaCompleted,
    CardsLaidOff,
    Discarded,
    Event,
    GameWon,
    Melded,
    PartnerAnswered,
    PartnerAsked,
    PileTaken,
    RedThreeLaid,
    RoundDealt,
    RoundScored,
    StockDrawn,
    StockExhausted,
    UpCardTurned,
    WentOut,
)
from canasta.engine.state import TEAM_NAMES, Seat

__all__ = ["CardLabel", "describe_event", "letter_label", "plain_cards"]

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
    return card.label


def plain_cards(cards: Iterable[Card], label: CardLabel = letter_label) -> str:
    """Cards as labels a player reads (``7D 7C``, or as ``label`` writes each card)."""
    return " ".join(label(card) for card in cards)


def _count(n: int) -> str:
    return _NUMBERS[n] if n < len(_NUMBERS) else str(n)


def _who(seat: int) -> str:
    return Seat(seat).label


def _meld_words(rank: int, cards: tuple[Card, ...]) -> str:
    wilds = sum(1 for card in cards if card.is_wild)
    naturals = len(cards) - wilds
    if rank == 3:
        return f"{_count(naturals)} black threes"
    parts = []
    if naturals:
        parts.append(f"{_count(naturals)} {rank_name(rank, plural=naturals != 1)}")
    if wilds:
        parts.append(f"{_count(wilds)} wild card{'s' if wilds != 1 else ''}")
    return " and ".join(parts)


def describe_event(
    event: Event, *, viewer: int | None = None, label: CardLabel = letter_label
) -> str:
    """One sentence for ``event``; private cards shown only when ``viewer`` may see them.

    ``label`` writes one card (``KH`` by default; a screen passes its own, e.g. ``K♥``).
    """
    describe = _DESCRIBERS[type(event)]
    return describe(event, viewer, label)


def _dealt(event: RoundDealt, viewer: int | None, label: CardLabel) -> str:
    first = _who((event.dealer + 1) & 3)
    return f"Round {event.round_no}: {_who(event.dealer)} dealt; {first} plays first."


def _up_card(event: UpCardTurned, viewer: int | None, label: CardLabel) -> str:
    if event.frozen:
        return f"The up-card {label(event.card)} stays in the pile and freezes it."
    return f"The up-card is {label(event.card)}."


def _red_three(event: RedThreeLaid, viewer: int | None, label: CardLabel) -> str:
    tail = " and drew a replacement" if event.replaced else ""
    return f"{_who(event.seat)} laid out the red three {label(event.card)}{tail}."


def _drawn(event: StockDrawn, viewer: int | None, label: CardLabel) -> str:
    if viewer == event.seat:
        return f"{_who(event.seat)} drew {label(event.card)} from the stock."
    return f"{_who(event.seat)} drew from the stock."


def _taken(event: PileTaken, viewer: int | None, label: CardLabel) -> str:
    rank = event.top.rank
    if event.cards:
        how = (
            f"with {plain_cards(event.cards, label)} and melded "
            f"{_meld_words(rank, (*event.cards, event.top))}"
        )
    else:
        how = f"by laying {label(event.top)} on the meld of {rank_name(rank, plural=True)}"
    return f"{_who(event.seat)} took the pile ({event.size} cards) {how}."


def _melded(event: Melded, viewer: int | None, label: CardLabel) -> str:
    words = _meld_words(event.rank, event.cards)
    tail = f" onto the team's {rank_name(event.rank, plural=True)}" if event.merged else ""
    return f"{_who(event.seat)} melded {words} ({plain_cards(event.cards, label)}){tail}."


def _laid_off(event: CardsLaidOff, viewer: int | None, label: CardLabel) -> str:
    return (
        f"{_who(event.seat)} laid off {plain_cards(event.cards, label)} on the meld of "
        f"{rank_name(event.rank, plural=True)}."
    )


def _canasta(event: CanastaCompleted, viewer: int | None, label: CardLabel) -> str:
    kind = "natural" if event.natural else "mixed"
    ranks = rank_name(event.rank, plural=True)
    return f"{TEAM_NAMES[event.team]} completed a {kind} canasta of {ranks}."


def _discarded(event: Discarded, viewer: int | None, label: CardLabel) -> str:
    return f"{_who(event.seat)} discarded {label(event.card)}."


def _asked(event: PartnerAsked, viewer: int | None, label: CardLabel) -> str:
    return f'{_who(event.seat)} asked partner: "May I go out?"'


def _answered(event: PartnerAnswered, viewer: int | None, label: CardLabel) -> str:
    return f'{_who(event.seat)} answered "{"Yes" if event.yes else "No"}".'


def _went_out(event: WentOut, viewer: int | None, label: CardLabel) -> str:
    return f"{_who(event.seat)} went out{' concealed' if event.concealed else ''}."


def _exhausted(event: StockExhausted, viewer: int | None, label: CardLabel) -> str:
    return "The stock is exhausted: the round ends."


def _scored(event: RoundScored, viewer: int | None, label: CardLabel) -> str:
    parts = ", ".join(f"{TEAM_NAMES[score.team]} {score.total:+d}" for score in event.scores)
    return f"Round {event.round_no} scored: {parts}; totals {event.totals[0]} to {event.totals[1]}."


def _won(event: GameWon, viewer: int | None, label: CardLabel) -> str:
    return f"{TEAM_NAMES[event.team]} won the game, {max(event.totals)} to {min(event.totals)}."


_DESCRIBERS: dict[type, Callable[[object, int | None, CardLabel], str]] = {
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
    RoundScored: _scored,  # type: ignore[dict-item]
    GameWon: _won,  # type: ignore[dict-item]
}
