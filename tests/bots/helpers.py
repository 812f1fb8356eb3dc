"""Shared helpers for the bot tests: seeded games, bots by level, hidden-card shuffles."""

from __future__ import annotations

import random
from collections.abc import Iterator

from canasta.bots import Bot, Effort, HardBot, make_bot
from canasta.engine import (
    GameState,
    NextRound,
    Phase,
    RuleSet,
    apply,
    classic,
    is_red_three,
    legal_actions,
    new_game,
    view,
)


def bot(level: str) -> Bot:
    """A bot of ``level``; the hard one samples few deals and looks a few turns ahead
    (repeatable, fast)."""
    if level == "hard":
        return HardBot(Effort(playouts=3, cap=None), horizon=3)
    return make_bot(level)


def play(
    seats: tuple[str, ...], *, seed: int, rounds: int, rules: RuleSet = classic
) -> Iterator[GameState]:
    """Every decision state of a seeded game of ``rules`` between ``seats`` (a level per
    seat), for ``rounds`` rounds.

    Asserts on the way that each bot chose one of the legal actions.
    """
    bots = [bot(level) for level in seats]
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(seats))]
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            if len(state.history) >= rounds:
                return
            state = apply(state, NextRound()).state
            continue
        seat = state.to_move
        assert seat is not None
        legal = legal_actions(state)
        yield state
        action = bots[seat].decide(view(state, seat), legal, rngs[seat]).action
        assert action in legal, f"{seats[seat]} chose {action}, not one of {legal}"
        state = apply(state, action).state


def shuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with every card hidden from ``seat`` dealt anew: the other hands' cards
    that are not publicly known, the kitties it may not look at (railroad: every other
    seat's, and its own until it may take it) and the stock. Hand sizes, kitty sizes and
    known cards stay."""
    from canasta.engine.kitty import kitty_statuses

    players = range(state.rules.players)
    pool = list(state.stock)
    unknown_counts = []
    for other in players:
        if other == seat:
            unknown_counts.append(0)
            continue
        rest = list(state.hands[other])
        for card in state.known[other]:
            rest.remove(card)
        pool.extend(rest)
        unknown_counts.append(len(rest))
    hidden_kitties = [
        other
        for other, status in zip(players, kitty_statuses(state), strict=True)
        if other != seat or status != "may_take"
    ]
    for other in hidden_kitties:
        pool.extend(state.kitties[other])
    rng.shuffle(pool)
    hands = []
    for other in players:
        if other == seat:
            hands.append(state.hands[other])
            continue
        count = unknown_counts[other]
        hands.append(tuple(sorted((*state.known[other], *pool[:count]))))
        del pool[:count]
    kitties = list(state.kitties)
    for other in hidden_kitties:
        count = len(kitties[other])
        kitties[other] = tuple(sorted(pool[:count]))
        del pool[:count]
    return state.evolve(hands=tuple(hands), kitties=tuple(kitties), stock=tuple(pool))


def position(
    south: str,
    *,
    sizes: tuple[int, int, int] = (11, 11, 11),
    melds: dict[str, list[str]] | None = None,
    pile: str = "",
    **fields: object,
) -> GameState:
    """A position where South holds ``south`` and West, North and East hold ``sizes``
    cards taken from the rest of the deck (the bots never see them)."""
    from canasta.engine import Position, full_deck, parse_cards
    from canasta.engine.cards import cards_text

    melds = melds or {}
    rest = list(full_deck())
    used = [*parse_cards(south), *parse_cards(pile)]
    for team_melds in melds.values():
        for text in team_melds:
            used.extend(parse_cards(text.partition(":")[2]))
    for card in used:
        rest.remove(card)
    rest = [card for card in rest if not is_red_three(card)]
    random.Random(0).shuffle(rest)
    hands = {"South": south}
    for name, size in zip(("West", "North", "East"), sizes, strict=True):
        hands[name] = cards_text(rest[:size])
        del rest[:size]
    data = {"hands": hands, "melds": melds, "pile": pile, **fields}
    return Position.model_validate(data).to_state()
