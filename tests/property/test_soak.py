"""A small sample of the soak run (``benchmarks/soak.py``), and proof that each of its
checks can fail."""

from __future__ import annotations

import pytest

from canasta.engine import (
    PLAYER_COUNTS,
    GameState,
    Phase,
    apply,
    card_text,
    legal_actions,
    new_game,
    preset,
    view,
)

from .invariants import (
    CHECKS,
    Tally,
    conservation,
    hidden_cards,
    knowledge_is_public,
    round_trip,
    score_parts,
    soak,
    view_leaks,
)


@pytest.mark.parametrize(("mode", "hands"), [("random", 3), ("normal", 1)])
def test_a_short_soak_finds_no_break(mode: str, hands: int) -> None:
    tally = Tally()
    soak(mode, hands, seed=11, tally=tally)
    assert tally.states > 50 * hands
    assert tally.breaks == dict.fromkeys(CHECKS, 0), tally.shown


@pytest.mark.slow
@pytest.mark.parametrize(
    ("system", "players"),
    [(system, players) for system, counts in PLAYER_COUNTS.items() for players in counts],
)
def test_every_rule_system_and_table_soaks_without_a_break(system: str, players: int) -> None:
    tally = Tally()
    rules = preset(system, players)
    finished = soak("random", 1, seed=3, tally=tally, rules=rules)
    assert finished == 0
    assert tally.states > 50
    assert tally.breaks == dict.fromkeys(CHECKS, 0), tally.shown
    tally = Tally()
    assert soak("normal", 100, seed=3, tally=tally, rules=rules, games=1) == 1
    assert tally.breaks == dict.fromkeys(CHECKS, 0), tally.shown


def _mid_round() -> GameState:
    """A position after some random-looking but fixed play: cards in hands, pile and melds."""
    state = new_game(seed=5)
    for step in range(60):
        if state.phase is not Phase.DRAW and state.phase is not Phase.PLAY:
            break
        actions = legal_actions(state)
        state = apply(state, actions[step % len(actions)]).state
    return state


def test_conservation_reports_a_card_dropped_from_a_hand() -> None:
    state = _mid_round()
    dropped = state.hands[1][0]
    hands = (state.hands[0], state.hands[1][1:], *state.hands[2:])
    [problem] = conservation(state.evolve(hands=hands))
    assert f"missing {card_text(dropped)}," in problem
    assert "extra none" in problem


def test_conservation_reports_a_card_counted_twice() -> None:
    state = _mid_round()
    doubled = state.stock[0]
    [problem] = conservation(state.evolve(pile=(*state.pile, doubled)))
    assert problem.endswith(f"extra {card_text(doubled)}")


def test_the_view_check_reports_another_seat_s_hand_shown() -> None:
    state = _mid_round()
    fake = view(state, 0)._replace(known=state.hands)
    problems = view_leaks(state, 0, fake)
    assert any(p.startswith("seat 0's view shows known=") for p in problems)
    assert view_leaks(state, 0, view(state, 0)) == []


def test_the_view_check_reports_a_field_no_rule_allows() -> None:
    state = _mid_round()
    fake = {**view(state, 2)._asdict(), "stock": state.stock}
    assert view_leaks(state, 2, fake) == ["seat 2's view has a field no rule vets: stock"]


def test_the_hidden_cards_check_reports_known_cards_not_in_their_hand() -> None:
    state = _mid_round()
    absent = next(card for card in state.stock if card not in state.hands[3])
    lying = state.evolve(known=(*state.known[:3], (absent,)))
    assert hidden_cards(lying) == [
        f"seat 3's known cards {card_text(absent)} are not all in its hand"
    ]


def test_score_parts_reports_game_scores_that_are_not_the_rounds_sum() -> None:
    state = _mid_round()
    assert score_parts(state) == []
    [problem] = score_parts(state.evolve(scores=(120, 0)))
    assert problem == "scores (120, 0) are not the rounds' sum (0, 0)"


def test_the_round_trip_reports_a_field_the_position_does_not_keep() -> None:
    state = _mid_round()
    unsorted = tuple(reversed(state.hands[0]))
    problems = round_trip(state.evolve(hands=(unsorted, *state.hands[1:])))
    assert problems and problems[0].startswith("hands comes back as")


def test_the_knowledge_check_reports_a_drawn_card_made_known() -> None:
    before = new_game(seed=5)
    after = apply(before, legal_actions(before)[0]).state
    drawn = next(iter(set(after.hands[before.turn]) - set(before.hands[before.turn])))
    leaking = after.evolve(
        known=(*after.known[: before.turn], (drawn,), *after.known[before.turn + 1 :])
    )
    assert knowledge_is_public(before, after) == []
    assert knowledge_is_public(before, leaking) == [
        f"seat {before.turn} became known to hold {card_text(drawn)}"
    ]
