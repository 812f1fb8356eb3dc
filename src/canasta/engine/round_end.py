"""The end of a round (§9) and of the game (§10)."""

from __future__ import annotations

from canasta.engine.cards import RED_THREES
from canasta.engine.events import Event, GameWon, RoundScored
from canasta.engine.scoring import score_team
from canasta.engine.state import GameState, Phase, without_cards

__all__ = ["end_round"]


def end_round(
    state: GameState, went_out: int | None, events: list[Event], *, concealed: bool = False
) -> GameState:
    """Score the round (``went_out`` is who went out, if anyone) and see if the game is won."""
    rules = state.rules
    red_threes = list(state.red_threes)
    hands = list(state.hands)
    # A red three still in a hand (its holder had no turn since it was dealt) is laid out
    # for scoring (docs/rules.md §9.4).
    for seat, hand in enumerate(hands):
        held = [card for card in hand if card in RED_THREES]
        if held:
            team = rules.team_of(seat)
            red_threes[team] = (*red_threes[team], *held)
            hands[seat] = without_cards(hand, held) or ()
    out_team = None if went_out is None else rules.team_of(went_out)
    scores = tuple(
        score_team(
            rules,
            team=team,
            melds=state.melds[team],
            red_threes=len(red_threes[team]),
            hands=[card for seat in seats for card in hands[seat]],
            went_out=out_team == team,
            concealed=concealed,
            kitty=[card for seat in seats for card in state.kitties[seat]],
        )
        for team, seats in enumerate(rules.partnerships)
    )
    totals = tuple(total + score.total for total, score in zip(state.scores, scores, strict=True))
    events.append(RoundScored(state.round_no, scores, totals))
    winner = None
    best = max(totals)
    if best >= rules.target_score and totals.count(best) == 1:
        winner = totals.index(best)
        events.append(GameWon(winner, totals))
    return state.evolve(
        hands=tuple(hands),
        red_threes=tuple(red_threes),
        scores=totals,
        history=(*state.history, scores),
        phase=Phase.GAME_OVER if winner is not None else Phase.ROUND_OVER,
        went_out=went_out,
        winner=winner,
    )
