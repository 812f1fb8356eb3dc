"""The game flow, without Textual: whose move it is and who makes it, which engine actions a
selection of cards becomes, what the last move touched, and the sentences of the log and the
dialogs that follow from a move.

The app asks these functions and draws their answers; every one of them is a plain function
of the session (or the state) and is tested without a running app.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from canasta.engine import (
    Action,
    AskPartner,
    Card,
    Discard,
    DrawStock,
    GameState,
    IllegalActionError,
    LayOff,
    Meld,
    Phase,
    RuleSet,
    TakePile,
    cards_value,
    is_legal,
    is_red_three,
    is_wild,
    rank_of,
)
from canasta.engine.cards import THREE
from canasta.engine.events import (
    CardsLaidOff,
    Event,
    Melded,
    PartnerAnswered,
    PileTaken,
    RoundDealt,
    UpCardTurned,
)
from canasta.engine.narrate import YOU, describe_event, with_verb
from canasta.session import Session
from canasta.tui.cards import CardStyle
from canasta.tui.seats import shown_names, team_label

__all__ = [
    "BotMoves",
    "CurtainFalls",
    "KeyboardMoves",
    "Touched",
    "curtain_for",
    "deal_lines",
    "keyboard_leaves",
    "lay_off_ranks",
    "meld_plan",
    "next_mover",
    "partner_reply",
    "sheet_title",
    "smallest_take",
    "touched_by",
]

#: Each team's meld ranks a move changed (highlighted on the table).
Touched = tuple[frozenset[int], ...]


@dataclass(frozen=True, slots=True)
class BotMoves:
    """A bot plays ``seat`` now."""

    seat: int


@dataclass(frozen=True, slots=True)
class CurtainFalls:
    """A person who is not at the keyboard plays ``seat`` now: hide the table first."""

    seat: int


@dataclass(frozen=True, slots=True)
class KeyboardMoves:
    """The person at the keyboard plays ``seat`` now."""

    seat: int


def next_mover(
    session: Session, *, viewer: int, hand_hidden: bool
) -> BotMoves | CurtainFalls | KeyboardMoves | None:
    """Who makes the next move, and how (``None``: nobody, the round or game is over)."""
    mover = session.state.to_move
    if mover is None:
        return None
    if not session.is_human(mover):
        return BotMoves(mover)
    if mover != viewer or hand_hidden:
        return CurtainFalls(mover)
    return KeyboardMoves(mover)


def keyboard_leaves(session: Session, *, viewer: int, hand_hidden: bool) -> bool:
    """With two humans or more: whether the hand at the keyboard must be hidden now.

    It is when the turn leaves the one at the keyboard (a bot partner answering that
    player's question keeps it) and when the round ends (everybody looks at the score sheet,
    then at the next deal).
    """
    state = session.state
    mover = state.to_move
    if len(session.humans) < 2 or hand_hidden or mover == viewer:
        return False
    return not (mover is not None and not session.is_human(mover) and state.turn == viewer)


def curtain_for(session: Session, seat: int, happened: Sequence[Event]) -> tuple[str, str]:
    """The curtain's title and detail before ``seat``'s player takes the keyboard: the
    question to answer, partner's answer just given, or only the turn."""
    names = session.names
    name = names[seat]
    label = session.state.rules.seat_name(seat)
    who = label if name == label else f"{name} ({label})"
    look = f"Press Enter when only {name} is looking."
    if session.state.phase is Phase.ANSWER:
        return f"{name}: {names[session.state.turn]} asks whether they may go out.", look
    answers = [event for event in happened if isinstance(event, PartnerAnswered)]
    if answers and answers[-1].seat == session.state.rules.partner(seat):
        told = (
            f"Yes: {name} must go out this turn."
            if answers[-1].yes
            else f"No: {name} may not go out this turn."
        )
        return f"Pass back to {who}.", f"{names[answers[-1].seat]} answered {told} {look}"
    return f"Pass to {who}.", look


def partner_reply(session: Session, happened: Sequence[Event]) -> tuple[str, str] | None:
    """The title and text telling the player a bot partner's answer, if one just came."""
    answered = [event for event in happened if isinstance(event, PartnerAnswered)]
    if not answered or session.is_human(answered[-1].seat):
        return None
    answer = answered[-1]
    text = "Yes: you must go out this turn." if answer.yes else "No: you may not go out this turn."
    return f"{session.names[answer.seat]} answers", text


def touched_by(happened: Sequence[Event], *, rules: RuleSet) -> Touched:
    """Each team's meld ranks that ``happened`` melded, laid off on, or took the pile to."""
    touched: list[set[int]] = [set() for _ in range(rules.teams)]
    for event in happened:
        if isinstance(event, (Melded, CardsLaidOff)):
            touched[rules.team_of(event.seat)].add(event.rank)
        elif isinstance(event, PileTaken):
            touched[rules.team_of(event.seat)].add(rank_of(event.top))
    return tuple(frozenset(ranks) for ranks in touched)


def meld_plan(session: Session, cards: Sequence[Card], *, seat: int) -> list[Action]:
    """The melds for ``cards``: one per natural rank, the wild cards placed where the engine
    accepts the whole plan (or, if nowhere, with the first rank, so the engine can say why)."""
    naturals: dict[int, list[Card]] = {}
    wilds: list[Card] = []
    for card in cards:
        if is_wild(card):
            wilds.append(card)
        else:
            naturals.setdefault(rank_of(card), []).append(card)
    groups = sorted(naturals.values(), key=lambda group: -cards_value(group))
    if len(groups) <= 1:
        return [Meld(tuple(cards))]
    seen: set[tuple[tuple[int, Card], ...]] = set()
    for owners in itertools.product(range(len(groups)), repeat=len(wilds)):
        key = tuple(sorted(zip(owners, wilds, strict=True)))
        if key in seen:
            continue
        seen.add(key)
        melds = [
            Meld(tuple(group) + tuple(w for o, w in zip(owners, wilds, strict=True) if o == i))
            for i, group in enumerate(groups)
        ]
        # Where each meld must leave the minimum reachable (railroad), the richest goes first.
        richest = sorted(melds, key=lambda meld: -cards_value(meld.cards))
        for order in (melds, richest):
            plan: list[Action] = list(order)
            if session.try_all(plan, seat=seat):
                return plan
    return [Meld(tuple(groups[0]) + tuple(wilds)), *(Meld(tuple(g)) for g in groups[1:])]


def runs_refusal(state: GameState, plan: Sequence[Action], *, seat: int) -> str | None:
    """Why a selection of three ranks or more, each too few cards for a meld, does not
    meld: Canasta melds by rank, not in runs (a player who knows rummy selects 4 5 6).
    ``None`` where the engine's own sentence says more: one or two ranks (a selection being
    made), a rank with enough cards, threes (section 5.5), a rank ``seat``'s team has melded
    (a lay-off)."""
    melds = [action for action in plan if isinstance(action, Meld)]
    least = state.rules.meld_min_size
    laid = {meld.rank for meld in state.melds[state.rules.team_of(seat)]} | {THREE}
    ranks = [{rank_of(card) for card in meld.cards if not is_wild(card)} for meld in melds]
    if len(melds) < 3 or any(
        len(meld.cards) >= least or rank & laid for meld, rank in zip(melds, ranks, strict=True)
    ):
        return None
    return (
        f"These cards are {len(melds)} ranks, and Canasta has no runs: a meld is {least} or "
        f"more cards of one rank, each rank a meld of its own."
    )


@dataclass(frozen=True)
class Refusal:
    """Why a key's move is not made: ``title`` "Not allowed" for a rule's refusal."""

    sentence: str
    title: str = ""


def refused_move(
    session: Session, move: str, cards: Sequence[Card], *, seat: int
) -> Refusal | None:
    """Why ``seat`` may not make ``move`` in its turn (a game key's: ``draw``, ``take``,
    ``meld``, ``lay_off``, ``discard``, ``ask``) with ``cards`` (a discard's: one card), in
    the engine's words, or what to do first; ``None`` if it may, or if it is not the seat's
    turn (the status line says whose it is). Nothing is played."""
    state = session.state
    if state.to_move != seat or state.phase not in (Phase.DRAW, Phase.PLAY):
        return None
    drawing = move in ("draw", "take")
    if state.phase is Phase.DRAW and not drawing:
        return Refusal("Draw first: from the stock (d), or take the pile (t).")
    melds = state.melds[state.rules.team_of(seat)]
    ranks = sorted({rank_of(card) for card in cards if not is_wild(card)}) or [
        meld.rank for meld in melds
    ]
    if state.phase is Phase.PLAY:
        if drawing:
            return Refusal("You have drawn this turn: meld, lay off or discard.")
        if move == "lay_off" and not ranks:
            return Refusal("Your side has no meld on the table yet to lay off on.")
        if move in ("meld", "lay_off") and not cards:
            what = "meld" if move == "meld" else "lay off"
            return Refusal(f"Select the cards to {what} first (arrows and space, or click).")
        if move == "discard" and len(cards) > 1:
            return Refusal("Select just one card to discard.")
    tried: list[Action]
    if move == "meld":
        tried = meld_plan(session, cards, seat=seat)
    elif move == "lay_off":
        tried = [LayOff(ranks[0], tuple(cards))]
    elif move == "take":
        tried = [TakePile(tuple(cards))]
    elif move == "discard":
        tried = [Discard(cards[0])]
    else:
        tried = [DrawStock() if move == "draw" else AskPartner()]
    try:
        session.check_all(tried, seat=seat)
    except IllegalActionError as error:
        return Refusal(error.sentence, "Not allowed")
    return None


def smallest_take(legal: Sequence[Action]) -> TakePile:
    """The legal way to take the pile with the fewest cards from the hand (none legal: a
    plain take, so that the engine says why not)."""
    takes = sorted(
        (item for item in legal if isinstance(item, TakePile)), key=lambda item: len(item.cards)
    )
    return takes[0] if takes else TakePile()


def lay_off_ranks(state: GameState, cards: Sequence[Card], *, seat: int) -> list[int]:
    """The ranks of ``seat``'s team's melds that ``cards`` may be laid off on now (each
    rank once: where a rank has several melds, the lay-off goes to its open one)."""
    chosen = tuple(cards)
    ranks = dict.fromkeys(meld.rank for meld in state.melds[state.rules.team_of(seat)])
    return [rank for rank in ranks if is_legal(state, LayOff(rank, chosen))]


def deal_lines(
    state: GameState, *, you: int | None, names: Sequence[str], style: CardStyle
) -> list[str]:
    """The log's first lines for a game that starts from a given position (a new game tells
    its deal's own events): the deal, the pile's cards, the red threes on the table; the
    player at the keyboard (seat ``you``) is "You"."""
    rules = state.rules
    dealt = RoundDealt(state.round_no, state.dealer)
    lines = [describe_event(dealt, names=names, rules=rules, you=you)]
    shown = shown_names(names, you)
    lines.extend(
        describe_event(
            UpCardTurned(card, frozen=is_wild(card) or is_red_three(card)), label=style.label
        )
        for card in state.pile
    )
    lines.extend(
        f"{with_verb(team_label(rules, team, shown), 'has')} red threes laid out: "
        f"{style.labels(cards)}."
        for team, cards in enumerate(state.red_threes)
        if cards
    )
    return lines


def sheet_title(state: GameState, *, viewer: int, humans: int, names: Sequence[str]) -> str:
    """The score sheet's title: the winner at the game's end (and, for one human, whether
    they won, unless the winner's name already says so), the round just over, or the round
    in play; ``names`` as the table shows them."""
    if state.phase is Phase.GAME_OVER and state.winner is not None:
        totals = " to ".join(str(score) for score in sorted(state.scores, reverse=True))
        winner = team_label(state.rules, state.winner, names)
        title = f"Game over: {winner} won, {totals}."
        if humans == 1 and winner != YOU:
            title += " You won!" if state.rules.team_of(viewer) == state.winner else " You lost."
        return title
    if state.phase is Phase.ROUND_OVER:
        return f"Round {state.round_no} is over."
    return f"Score sheet (round {state.round_no} in play)"
