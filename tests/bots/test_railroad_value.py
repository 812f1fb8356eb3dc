"""How ``hard`` rates a railroad position (docs/rules.md §13) at the end of a playout: by the
round total it can expect (:mod:`canasta.bots.railroad_value`), not by classic's measure,
which counted the cards in hand against the player and every open meld alike."""

from __future__ import annotations

from canasta.bots.rating import evaluate
from canasta.engine import GameState, TableMeld, new_game, parse_cards, preset
from canasta.engine.cards import SEVEN
from canasta.engine.state import replace_at

THREE_PLAYERS = preset("railroad", 3)


def _start() -> GameState:
    state = new_game(THREE_PLAYERS, seed=4)
    # Every player with the same melds, so that only the change made here counts.
    return state.evolve(melds=((), (), ()))


def _with_hand(state: GameState, seat: int, hand: tuple[int, ...]) -> GameState:
    return state.evolve(hands=replace_at(state.hands, seat, hand))


def _with_melds(state: GameState, seat: int, melds: tuple[TableMeld, ...]) -> GameState:
    return state.evolve(melds=replace_at(state.melds, seat, melds))


def test_cards_in_hand_are_material_for_canastas() -> None:
    # Classic's measure rated an eight, a ten and a jack that meld nothing (the hand holds
    # none of their ranks) as 18 points worse than not holding them; a railroad hand's
    # cards build canastas worth 300 to 1500.
    state = _start()
    more = _with_hand(state, 0, state.hands[0] + parse_cards("s8 c10 h11"))
    assert evaluate(more, 0) > evaluate(state, 0)


def test_an_open_meld_is_worth_what_its_kind_of_canasta_pays() -> None:
    # Six sevens go toward the sevens canasta (1500), four kings and two jokers toward a
    # black one (300): classic's measure rated both 120 and the kings' cards higher.
    state = _start()
    sevens = TableMeld.build(SEVEN, parse_cards("s7 s7 h7 h7 d7 c7"))
    kings = TableMeld.build(13, parse_cards("s13 h13 d13 c13 jk jk"))
    assert evaluate(_with_melds(state, 0, (sevens,)), 0) > evaluate(
        _with_melds(state, 0, (kings,)), 0
    )
