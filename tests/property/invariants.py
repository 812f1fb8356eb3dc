"""The soak run: its invariants, checked after every action, and the games it plays
(issue 11, item 6).

Each check takes a state and returns the list of its breaks, one line each (empty: it
holds), so that the benchmark counts breaks where a test asserts there are none. This
module needs no pytest or Hypothesis: ``benchmarks/soak.py`` imports it as
``tests.property.invariants`` (it puts the repository root on ``sys.path``), the property
tests as ``.invariants``, and both play through :func:`soak`.

Seat and team counts come from the state (``len(state.hands)``, ``len(state.melds)``),
never from a literal, so the checks stay right when the rule set gains ``players``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from canasta.bots import make_bot
from canasta.engine import (
    Action,
    GameState,
    NextRound,
    Phase,
    RuleSet,
    apply,
    classic,
    legal_actions,
    new_game,
    view,
)
from canasta.engine.cards import Card, cards_text, full_deck
from canasta.engine.kinds import canasta_kind, kinds_of
from canasta.engine.record import load_position, position_of

__all__ = [
    "CHECKS",
    "MODES",
    "NOT_IN_POSITION",
    "STEP_CHECKS",
    "Tally",
    "all_cards",
    "allowed_view",
    "conservation",
    "hidden_cards",
    "knowledge_is_public",
    "round_trip",
    "score_parts",
    "soak",
    "view_leaks",
]

#: State fields a position does not carry: the record's business (the stacked decks and
#: the deck as dealt) and who went out of the last round (the score sheet says it).
NOT_IN_POSITION = frozenset({"stacked", "deck", "went_out"})


def all_cards(state: GameState) -> list[Card]:
    """Every physical card in the state, sorted: stock, pile, cards pending from a taken
    pile, every hand and kitty, every team's red threes and melds."""
    out: list[Card] = [*state.stock, *state.pile, *state.pending]
    for hand in (*state.hands, *state.kitties):
        out.extend(hand)
    for team in range(len(state.melds)):
        out.extend(state.red_threes[team])
        for meld in state.melds[team]:
            out.extend(meld.cards)
    return sorted(out)


def conservation(state: GameState) -> list[str]:
    """The state holds exactly the rule set's deck, as a multiset."""
    rules = state.rules
    held = Counter(all_cards(state))
    deck = Counter(full_deck(decks=rules.decks, jokers=rules.jokers))
    if held == deck:
        return []
    extra = cards_text(sorted((held - deck).elements()))
    missing = cards_text(sorted((deck - held).elements()))
    return [f"cards not conserved: missing {missing or 'none'}, extra {extra or 'none'}"]


def allowed_view(state: GameState, seat: int) -> dict[str, Any]:
    """Every field a view of ``seat`` may have, with the value the rules allow it (§2 of the
    design): the seat's own hand; of the other hands, their sizes and the cards publicly
    known to be in them (taken with the pile, not played since); the stock's size, not its
    cards; the whole pile (every card in it was seen face up); and the public facts of the
    table and the turn. Of the kitties (railroad), each one's size and status, and the
    seat's own cards only once it may look at them (§13.6); nobody else's; and whether
    sevens are locked: no seat lacks a sevens canasta while the rule set locks them."""
    seats = range(len(state.hands))
    rules = state.rules
    statuses = tuple(
        "none"
        if not rules.kitty_size
        else "taken"
        if state.kitty_taken[s]
        else "may_take"
        if state.kitties[s] and bool(kinds_of(state.melds[s], rules) - {"black"})
        else "untouched"
        for s in seats
    )
    return {
        "seat": seat,
        "rules": state.rules,
        "round_no": state.round_no,
        "dealer": state.dealer,
        "phase": state.phase,
        "turn": state.turn,
        "to_move": state.to_move,
        "hand": state.hands[seat],
        "hand_sizes": tuple(len(state.hands[s]) for s in seats),
        "known": tuple(() if s == seat else state.known[s] for s in seats),
        "melds": state.melds,
        "red_threes": state.red_threes,
        "pile": state.pile,
        "pile_frozen": state.pile_frozen,
        "pile_blocked": state.pile_blocked,
        "stock_size": len(state.stock),
        "melded": state.melded,
        "minimums": state.minimums,
        "scores": state.scores,
        "history": state.history,
        "played": state.played,
        "turn_value": state.turn_value,
        "placed": state.placed,
        "pending": state.pending,
        "asked": state.asked,
        "permission": state.permission,
        "has_played": state.has_played,
        "winner": state.winner,
        "kitty_sizes": tuple(len(state.kitties[s]) for s in seats),
        "kitty_status": statuses,
        "kitty": state.kitties[seat] if statuses[seat] == "may_take" else (),
        "sevens_locked": rules.sevens_locked
        and not all(
            any(canasta_kind(meld, rules) == "sevens" for meld in melds) for melds in state.melds
        ),
    }


def view_leaks(state: GameState, seat: int, seen: Any) -> list[str]:
    """How the view ``seen`` (a :class:`PlayerView`, or any named tuple or mapping) of
    ``seat`` differs from what ``seat`` may know: a field the rules do not vet, or a vetted
    field holding another value."""
    fields: Mapping[str, Any] = seen if isinstance(seen, Mapping) else seen._asdict()
    allowed = allowed_view(state, seat)
    out = [
        f"seat {seat}'s view has a field no rule vets: {name}" for name in fields.keys() - allowed
    ]
    out.extend(f"seat {seat}'s view lacks {name}" for name in allowed.keys() - fields.keys())
    out.extend(
        f"seat {seat}'s view shows {name}={fields[name]!r}, the rules allow {value!r}"
        for name, value in allowed.items()
        if name in fields and fields[name] != value
    )
    return out


def hidden_cards(state: GameState) -> list[str]:
    """No seat's view shows a card hidden from it, and every card the table knows to be in
    a hand is there."""
    out = [
        f"seat {seat}'s known cards {cards_text(cards)} are not all in its hand"
        for seat, cards in enumerate(state.known)
        if Counter(cards) - Counter(state.hands[seat])
    ]
    for seat in range(len(state.hands)):
        out.extend(view_leaks(state, seat, view(state, seat)))
    return out


def score_parts(state: GameState) -> list[str]:
    """Every round score's parts sum to its total; the game scores sum the rounds'."""
    out = []
    for round_no, pair in enumerate(state.history, start=1):
        for score in pair:
            parts = sum(points for _, points in score.parts())
            if parts != score.total:
                out.append(
                    f"round {round_no}, team {score.team}: parts sum to {parts}, "
                    f"total {score.total}"
                )
    teams = range(len(state.scores))
    summed = tuple(sum(pair[team].total for pair in state.history) for team in teams)
    if summed != tuple(state.scores):
        out.append(f"scores {state.scores} are not the rounds' sum {summed}")
    return out


def round_trip(state: GameState) -> list[str]:
    """The state survives its position's JSON: every field a position carries comes back
    equal, and so does the listing of legal actions."""
    back = load_position(position_of(state).to_json()).to_state()
    out = [
        f"{name} comes back as {getattr(back, name)!r}, was {getattr(state, name)!r}"
        for name in GameState._fields
        if name not in NOT_IN_POSITION and getattr(back, name) != getattr(state, name)
    ]
    if legal_actions(back) != legal_actions(state):
        out.append("the legal actions differ after the round trip")
    return out


def knowledge_is_public(before: GameState, after: GameState) -> list[str]:
    """What a step may teach the table about a hand (``known``, which views show): a new
    deal starts from nothing; a seat's known cards grow only by the pile (or the cards
    pending from it) that this seat took, and shrink by the cards that left its hand.

    Per card kind, a seat may be known to hold at most its known cards before, less those
    its hand lost, plus those of the pile if it was the one acting.
    """
    if after.round_no != before.round_no:
        return [
            f"seat {seat} starts round {after.round_no} with known cards {cards}"
            for seat, cards in enumerate(after.known)
            if cards
        ]
    out = []
    for seat, cards in enumerate(after.known):
        source = Counter((*before.pile, *before.pending) if seat == before.turn else ())
        left = Counter(before.hands[seat]) - Counter(after.hands[seat])
        still = Counter(before.known[seat]) - left
        beyond = Counter(cards) - (still + source)
        if beyond:
            out.append(f"seat {seat} became known to hold {cards_text(sorted(beyond.elements()))}")
    return out


#: Every check by name, in the order the soak run prints them.
CHECKS: dict[str, Callable[[GameState], list[str]]] = {
    "conservation": conservation,
    "hidden cards": hidden_cards,
    "score parts": score_parts,
    "position round trip": round_trip,
}


#: Checks of a step (the state before and after an action), counted with the state check
#: of the same name.
STEP_CHECKS: dict[str, Callable[[GameState, GameState], list[str]]] = {
    "hidden cards": knowledge_is_public,
}

#: Breaks printed per check; the rest are only counted.
SHOWN = 5

Chooser = Callable[[GameState, list[Action]], Action]


def random_chooser(start: GameState) -> Chooser:
    """Uniform over the legal actions, seeded by the game's deal seed."""
    rng = random.Random(f"soak:random:{start.seed}")
    return lambda state, legal: rng.choice(legal)


def normal_chooser(start: GameState) -> Chooser:
    """A ``normal`` bot at every seat, each deciding from its seat's view with its own rng."""
    seats = range(len(start.hands))
    bots = [make_bot("normal") for _ in seats]
    rngs = [random.Random(f"soak:normal:{start.seed}:{seat}") for seat in seats]

    def choose(state: GameState, legal: list[Action]) -> Action:
        seat = state.to_move
        assert seat is not None
        return bots[seat].decide(view(state, seat), legal, rngs[seat]).action

    return choose


class Tally:
    """States checked, and per check the states it found broken (with the first few, each
    with its first line of detail)."""

    def __init__(self) -> None:
        self.states = 0
        self.breaks: dict[str, int] = dict.fromkeys(CHECKS, 0)
        self.shown: dict[str, list[str]] = {name: [] for name in CHECKS}

    def check(self, state: GameState, where: str, before: GameState | None = None) -> None:
        """Run every check on ``state`` (and the step checks when it follows ``before``);
        ``where`` names it in a break's line."""
        self.states += 1
        for name, check in CHECKS.items():
            found = check(state)
            if before is not None and name in STEP_CHECKS:
                found.extend(STEP_CHECKS[name](before, state))
            if not found:
                continue
            self.breaks[name] += 1
            if len(self.shown[name]) < SHOWN:
                self.shown[name].append(f"{where}: {found[0]}")


#: The kinds of play of a soak run, by name: each makes a game's chooser from its deal.
MODES: dict[str, Callable[[GameState], Chooser]] = {
    "random": random_chooser,
    "normal": normal_chooser,
}


def soak(
    mode: str,
    hands: int,
    seed: int,
    tally: Tally,
    on_hand: Callable[[int], None] | None = None,
    *,
    rules: RuleSet = classic,
    games: int | None = None,
) -> int:
    """Play ``hands`` hands (rounds) of ``rules`` with the chooser of ``mode``, game after
    game (at most ``games`` games), and check the deal and the state after every action
    into ``tally``; ``on_hand`` hears the count of hands played after each one. Returns
    how many games were played to their end."""
    make_chooser = MODES[mode]
    played = 0
    game = 0
    finished = 0
    while played < hands and (games is None or game < games):
        deal_seed = seed * 100_003 + game
        game += 1
        state = new_game(rules, seed=deal_seed)
        choose = make_chooser(state)
        index = 0
        tally.check(state, f"{mode} deal seed {deal_seed}, round 1, action 0")
        while played < hands:
            if state.phase is Phase.GAME_OVER:
                break
            if state.phase is Phase.ROUND_OVER:
                action: Action = NextRound()
            else:
                action = choose(state, legal_actions(state))
            before, state = state, apply(state, action).state
            index += 1
            where = f"{mode} deal seed {deal_seed}, round {state.round_no}, action {index}"
            tally.check(state, where, before)
            if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
                played += 1
                if on_hand is not None:
                    on_hand(played)
        finished += state.phase is Phase.GAME_OVER
    return finished
