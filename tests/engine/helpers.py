"""Build positions that read like the rules, and assert on what the engine says.

``position(south="c6 c6 h7 d8", pile="s4 d6", ns_melds=["9: c9 d9 h9"], ns_score=1100,
phase="draw")`` is the state with those cards; every other card of the 108 is in the stock
(shuffled by ``seed``), or in the hand named by ``rest_to`` when the stock is given exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from canasta.engine import (
    Action,
    GameState,
    IllegalActionError,
    Reason,
    apply,
    cards_text,
    check,
    full_deck,
    is_legal,
    is_wild,
    legal_actions,
    parse_action,
    parse_cards,
    rank_of,
)
from canasta.engine.events import Event
from canasta.engine.record import Position

SEATS = ("South", "West", "North", "East")


def position(
    *,
    south: str = "",
    west: str = "",
    north: str = "",
    east: str = "",
    pile: str = "",
    ns_melds: Sequence[str] = (),
    ew_melds: Sequence[str] = (),
    ns_red: str = "",
    ew_red: str = "",
    ns_score: int = 0,
    ew_score: int = 0,
    phase: str = "draw",
    turn: str = "South",
    dealer: str = "East",
    melded: tuple[bool, bool] | None = None,
    pile_frozen: bool | None = None,
    stock: str | None = None,
    rest_to: str | None = None,
    played: bool = False,
    turn_value: int = 0,
    pending: str = "",
    asked: bool = False,
    permission: bool | None = None,
    has_played: tuple[bool, bool, bool, bool] | None = None,
    known: dict[str, str] | None = None,
    seed: int = 0,
) -> GameState:
    """A state built from notation (see the module docstring).

    ``stock`` given: exactly those cards are the stock (top first), and the cards not
    placed anywhere go to the hand of ``rest_to`` (default: ``East``, or ``West`` when East
    is the player whose turn it is).
    """
    hands = {"South": south, "West": west, "North": north, "East": east}
    if stock is not None:
        placed = [
            *parse_cards(south),
            *parse_cards(west),
            *parse_cards(north),
            *parse_cards(east),
            *parse_cards(pile),
            *parse_cards(stock),
            *parse_cards(pending),
            *parse_cards(ns_red),
            *parse_cards(ew_red),
        ]
        for meld in (*ns_melds, *ew_melds):
            placed.extend(parse_cards(meld.partition(":")[2] if ":" in meld else meld))
        rest = list(full_deck())
        for card in placed:
            rest.remove(card)
        sink = rest_to or ("West" if turn == "East" else "East")
        hands[sink] = f"{hands[sink]} {cards_text(rest)}".strip()
    data = Position(
        seed=seed,
        phase=phase,  # type: ignore[arg-type]
        turn=turn,  # type: ignore[arg-type]
        dealer=dealer,  # type: ignore[arg-type]
        hands=hands,  # type: ignore[arg-type]
        stock=stock,
        pile=pile,
        pile_frozen=pile_frozen,
        melds={"North-South": list(ns_melds), "East-West": list(ew_melds)},
        red_threes={"North-South": ns_red, "East-West": ew_red},
        melded=melded,
        scores=(ns_score, ew_score),
        current={  # type: ignore[arg-type]
            "played": played,
            "turn_value": turn_value,
            "pending": pending,
            "asked": asked,
            "permission": permission,
        },
        has_played=has_played,
        known=known or {},  # type: ignore[arg-type]
    )
    return data.to_state()


def act(state: GameState, *texts: str) -> GameState:
    """Apply each action text in turn and return the final state."""
    for text in texts:
        state = apply(state, parse_action(text)).state
    return state


def events_of(state: GameState, text: str) -> tuple[GameState, tuple[Event, ...]]:
    """Apply one action text; the new state and its events."""
    step = apply(state, parse_action(text))
    return step.state, step.events


def listed(state: GameState) -> set[Action]:
    """Every action ``legal_actions`` lists."""
    return set(legal_actions(state))


def A(text: str) -> Action:
    """The action written ``text``."""
    return parse_action(text)


def acts(*texts: str) -> set[Action]:
    """The actions written ``texts``."""
    return {parse_action(text) for text in texts}


def refused(
    state: GameState, text: str | Action, reason: Reason | None = None, rule: str | None = None
) -> IllegalActionError:
    """Assert the action is illegal (with ``reason`` and ``rule`` if given) and changes
    nothing; return the error."""
    action = parse_action(text) if isinstance(text, str) else text
    before = state
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action)
    with pytest.raises(IllegalActionError):
        check(state, action)
    assert not is_legal(state, action)
    assert state == before
    error = caught.value
    if reason is not None:
        assert error.reason is reason, f"{error.reason} ({error})"
    if rule is not None:
        assert error.rule == rule, f"rule {error.rule} ({error})"
    assert error.sentence.strip()
    return error


def cards(text: str) -> tuple:  # type: ignore[type-arg]
    """Sorted cards from notation."""
    return tuple(sorted(parse_cards(text)))


def meld_texts(state: GameState, team: int) -> list[str]:
    """The team's melds as ``"RANK: cards"`` strings."""
    return [str(meld) for meld in state.melds[team]]


def count_all(state: GameState) -> list[int]:
    """Every card in the state, sorted (should be the 108-card deck)."""
    out: list[int] = [*state.stock, *state.pile, *state.pending]
    for hand in state.hands:
        out.extend(hand)
    for team in (0, 1):
        out.extend(state.red_threes[team])
        for meld in state.melds[team]:
            out.extend(meld.cards)
    return sorted(out)


def types_of(events: Iterable[Event]) -> list[str]:
    """Event class names, in order."""
    return [type(event).__name__ for event in events]


def stacked_deck(
    *,
    south: str = "",
    west: str = "",
    north: str = "",
    east: str = "",
    up: str = "",
    stock: str = "",
    dealer: int = 3,
) -> tuple:  # type: ignore[type-arg]
    """A deck for ``new_game(deck=...)`` that deals the named cards.

    Hands not fully named are filled with plain natural cards (never a three or a wild
    card); ``up`` is the up-card (or the up-cards, bottom first); ``stock`` is the top of the
    stock. Black threes, wild cards and red threes not named go to the bottom of the stock.
    """
    import random

    named = {"South": south, "West": west, "North": north, "East": east}
    rest = list(full_deck())
    for text in (south, west, north, east, up, stock):
        for card in parse_cards(text):
            rest.remove(card)
    plain = [c for c in rest if not is_wild(c) and rank_of(c) != 3]
    special = [c for c in rest if not (not is_wild(c) and rank_of(c) != 3)]
    random.Random(0).shuffle(plain)
    hands: dict[int, list] = {}  # type: ignore[type-arg]
    for index, name in enumerate(SEATS):
        hand = list(parse_cards(named[name]))
        while len(hand) < 11:
            hand.append(plain.pop())
        hands[index] = hand
    up_cards = list(parse_cards(up)) or [plain.pop()]
    deck = []
    for round_ in range(11):
        for offset in range(1, 5):
            deck.append(hands[(dealer + offset) & 3][round_])
    deck.extend(up_cards)
    deck.extend(parse_cards(stock))
    deck.extend(plain)
    deck.extend(special)
    return tuple(deck)


def random_play(seed: int, *, steps: int = 400, rounds: int = 1) -> list[GameState]:
    """Every state of a game played by uniformly random legal actions (``seed`` deals and
    chooses), until ``rounds`` rounds are over or ``steps`` actions were played."""
    import random

    from canasta.engine import Phase, new_game

    rng = random.Random(seed)
    state = new_game(seed=seed)
    states = [state]
    finished = 0
    for _ in range(steps):
        if state.phase is Phase.ROUND_OVER:
            finished += 1
            if finished >= rounds:
                break
        if state.phase is Phase.GAME_OVER:
            break
        state = apply(state, rng.choice(legal_actions(state))).state
        states.append(state)
    return states


def random_actions(seed: int, *, steps: int = 400, rounds: int = 1) -> tuple[GameState, list]:  # type: ignore[type-arg]
    """The initial state and the actions of :func:`random_play`."""
    import random

    from canasta.engine import Phase, new_game

    rng = random.Random(seed)
    initial = state = new_game(seed=seed)
    actions = []
    finished = 0
    for _ in range(steps):
        if state.phase is Phase.ROUND_OVER:
            finished += 1
            if finished >= rounds:
                break
        if state.phase is Phase.GAME_OVER:
            break
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action).state
    return initial, actions
