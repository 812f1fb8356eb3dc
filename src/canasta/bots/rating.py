"""How ``hard`` rates the position a playout reaches: after the round, by its scores (and the
game, if the round ended it); during it, by what each team's melds and cards are likely
still worth (in railroad, by :func:`~canasta.bots.railroad_value.railroad_value`)."""

from __future__ import annotations

from canasta.bots.railroad_value import railroad_value
from canasta.engine import GameState, Phase, cards_value
from canasta.engine.counts import count_hand
from canasta.engine.scoring import table_score
from canasta.engine.solver import max_meld_value

__all__ = ["evaluate"]

#: What winning (or losing) the game is worth beyond the round's points: ending a round that
#: hands the opponents the game is never worth its points.
_GAME = 3000.0


def evaluate(state: GameState, team: int) -> float:
    """How much better ``team`` stands than its strongest rival in this round, in points.

    After the round, the round's scores (and :data:`_GAME` more or less if it ended the
    game); during it, the score if the round ended now plus what the cards are likely still
    worth (half-built canastas, meldable cards in hand); in railroad, the round total the
    position can expect (:func:`~canasta.bots.railroad_value.railroad_value`).
    """
    teams = range(state.rules.teams)
    if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        scores = state.history[-1]
        value = float(scores[team].total - max(scores[t].total for t in teams if t != team))
        if state.phase is Phase.GAME_OVER:
            value += _GAME if state.winner == team else -_GAME
        return value
    rival = max(_team_value(state, t) for t in teams if t != team)
    return _team_value(state, team) - rival


def _team_value(state: GameState, team: int) -> float:
    rules = state.rules
    if rules.has_kinds:
        return railroad_value(state, team)
    size = rules.canasta_size
    # The round's score if it ended now, without the cards in hand, which are valued below.
    value = float(
        table_score(
            rules,
            team=team,
            melds=state.melds[team],
            red_threes=len(state.red_threes[team]),
            went_out=False,
        )
    )
    table: dict[int, tuple[int, int]] = {}
    for meld in state.melds[team]:
        table[meld.rank] = (meld.naturals, meld.wilds)
        if size - 3 <= len(meld.cards) < size:
            value += 40.0 * (len(meld.cards) - (size - 4))
    for seat in rules.partnerships[team]:
        hand = state.hands[seat]
        points = cards_value(hand)
        meldable, _ = max_meld_value(count_hand(hand), table, rules)
        value += 0.5 * meldable - (points - min(points, meldable)) + 4.0 * len(hand)
    return value
