"""What ``hard`` does for its own seat at a railroad table (docs/rules.md §13) beyond the
railroad plan of :mod:`canasta.bots.railroad`, which goes out as soon as a canasta of each
kind allows it: it does not go out when that ends the game with another player on top.

A railroad game ends after the round in which a player reaches the target (20,000), and the
highest total wins (§13.12). Going out ends the round: when the totals it would leave put
another player on top, and one of them reaches the target, going out loses the game for
certain, where playing on leaves the round, and the game, open.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.bots.railroad import Readiness
from canasta.engine import Action, LayOff, Meld, PlayerView
from canasta.engine.kinds import kinds_missing
from canasta.engine.scoring import score_team

__all__ = ["READINESS", "going_out_loses_the_game", "hold_back", "round_total"]

#: How ``hard`` weighs its hand's outlook against a discard's cost once every kind is down
#: (:data:`canasta.bots.railroad.Readiness`): 500 points for the chance to go out with the
#: next draw, 30 a card kept after it.
READINESS: Readiness = (500.0, 30.0)

#: What a card in hand, and a card of an untaken kitty, is reckoned to cost its holder at
#: the round's end: about the points of an average card.
_HAND_CARD = 10.0
_KITTY_CARD = 12.0


def round_total(seen: PlayerView, team: int, *, out: bool) -> float:
    """``team``'s round total were the round to end now, ``out`` if it goes out (its hand
    then empty): the table's points less its hand and its untaken kitty, reckoned by card."""
    rules = seen.rules
    total = float(
        score_team(
            rules,
            team=team,
            melds=seen.melds[team],
            red_threes=len(seen.red_threes[team]),
            hands=(),
            went_out=out,
            concealed=False,
        ).total
    )
    (seat,) = rules.partnerships[team]
    if seen.kitty_status[seat] != "taken":
        total -= _KITTY_CARD * seen.kitty_sizes[seat]
    if not out:
        total -= _HAND_CARD * seen.hand_sizes[seat]
    return total


def going_out_loses_the_game(seen: PlayerView) -> bool:
    """Whether the player's going out now would end the game (a total reaching the target)
    with another player's total at least its own."""
    rules = seen.rules
    team = rules.team_of(seen.seat)
    totals = [seen.scores[t] + round_total(seen, t, out=t == team) for t in range(rules.teams)]
    if max(totals) < rules.target_score:
        return False
    return max(total for t, total in enumerate(totals) if t != team) >= totals[team]


def hold_back(seen: PlayerView, legal: Sequence[Action]) -> Sequence[Action]:
    """``legal``, less the plays that would leave one card in hand, whose discard goes out,
    when every kind of canasta is down and going out loses the game
    (:func:`going_out_loses_the_game`); ``legal`` itself if nothing else is left."""
    rules = seen.rules
    if (
        len(seen.hand) < 2
        or kinds_missing(seen.melds[rules.team_of(seen.seat)], rules)
        or not going_out_loses_the_game(seen)
    ):
        return legal
    kept = [
        action
        for action in legal
        if not (isinstance(action, (Meld, LayOff)) and len(seen.hand) - len(action.cards) < 2)
    ]
    return kept or legal
