"""What the bots read off a view (:class:`Situation`), against the view itself."""

from __future__ import annotations

import random

import pytest

from canasta.bots import make_bot
from canasta.bots.situation import Situation
from canasta.engine import Phase, PlayerView, apply, legal_actions, new_game, view
from canasta.engine.cards import RANK_OF, WILD_CARDS
from canasta.engine.rules import preset
from canasta.engine.scoring import score_team


def _read_plainly(seen: PlayerView) -> dict[str, object]:
    """The situation's fields, counted straight off the view, card by card."""
    rules = seen.rules
    team = rules.team_of(seen.seat)
    size = rules.canasta_size
    opponents = [t for t in range(rules.teams) if t != team]
    visible = [0] * 14
    for card in (*seen.hand, *seen.pile, *(c for known in seen.known for c in known)):
        visible[RANK_OF[card]] += 1
    for melds in seen.melds:
        for meld in melds:
            for card in meld.cards:
                visible[RANK_OF[card]] += 1
    held: dict[int, int] = {}
    for card in seen.hand:
        if card not in WILD_CARDS:
            held[RANK_OF[card]] = held.get(RANK_OF[card], 0) + 1
    canastas = [sum(len(m.cards) >= size for m in melds) for melds in seen.melds]
    others = sum(n for s, n in enumerate(seen.hand_sizes) if s != seen.seat)
    unseen = others - sum(len(k) for k in seen.known) + seen.stock_size
    fewest = min(seen.hand_sizes[s] for t in opponents for s in rules.partnerships[t])
    going_out = score_team(
        rules,
        team=team,
        melds=seen.melds[team],
        red_threes=len(seen.red_threes[team]),
        hands=(),
        went_out=True,
        concealed=False,
    ).total
    ours = seen.scores[team] + going_out
    best_other = max(s for t, s in enumerate(seen.scores) if t != team)
    return {
        "mine": {m.rank: (m.naturals, m.wilds) for m in seen.melds[team]},
        "theirs": {
            m.rank: (m.naturals, m.wilds)
            for m in seen.melds[rules.team_of(rules.next_seat(seen.seat))]
        },
        "canastas": canastas[team],
        "opponent_canastas": max(canastas[t] for t in opponents),
        "held": held,
        "visible": visible,
        "unseen_total": max(1, unseen),
        "threat": (
            (max(canastas[t] for t in opponents) >= rules.canastas_to_go_out) and fewest <= 4
        )
        or seen.stock_size <= 10,
        "game_in_reach": bool(canastas[team])
        and ours >= rules.target_score
        and ours > best_other + 600,
    }


@pytest.mark.parametrize(("name", "players"), [("classic", 4), ("classic", 3), ("railroad", 3)])
def test_a_situation_reads_what_the_view_shows_though_games_interleave(
    name: str, players: int
) -> None:
    # Two games move in turn, and every seat reads each position: what is remembered of one
    # position's melds must never answer for another's.
    rules = preset(name, players)
    rng = random.Random(3)
    bots = [make_bot("normal") for _ in range(players)]
    states = [new_game(rules, seed=seed) for seed in (5, 6)]
    checked = 0
    while checked < 3000 and any(s.phase is not Phase.GAME_OVER for s in states):
        for index, state in enumerate(states):
            if state.phase is Phase.GAME_OVER:
                continue
            if state.phase is Phase.ROUND_OVER:
                states[index] = apply(state, legal_actions(state)[0]).state
                continue
            # The same position late in a game, where going out may win it.
            late = state.evolve(scores=tuple(4400 - 700 * t for t in range(rules.teams)))
            for seat in range(players):
                for seen in (view(state, seat), view(late, seat)):
                    read = Situation.of(seen)
                    got = {key: getattr(read, key) for key in _read_plainly(seen)}
                    assert got == _read_plainly(seen)
                    checked += 1
            mover = state.to_move
            assert mover is not None
            decision = bots[mover].decide(view(state, mover), legal_actions(state), rng)
            states[index] = apply(state, decision.action).state
    assert checked >= 3000
