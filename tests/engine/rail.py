"""Railroad positions for the §13 tests: ``rail(3, hands={"South": "c5 c6"}, ...)``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from canasta.engine import GameState, RuleSet, cards_text, full_deck, parse_cards, preset
from canasta.engine.documents import rules_dict
from canasta.engine.position import Position

#: Canastas of every kind, as a position writes them (for a player who may go out).
RED = "9: c9 d9 h9 s9 c9 d9 h9"
BLACK = "10: c10 d10 h10 s10 c10 d2 h2"
WILD = "0: jk jk c2 s2 d2 h2 jk"
SEVENS = "7: c7 d7 h7 s7 c7 d7 h7"


def rail(
    players: int = 3,
    *,
    hands: Mapping[str, str],
    pile: str = "",
    melds: Mapping[str, Sequence[str]] | None = None,
    kitties: Mapping[str, str] | None = None,
    kitty_taken: Sequence[bool] | None = None,
    phase: str = "draw",
    turn: str = "South",
    stock: str | None = None,
    melded: Sequence[bool] | None = None,
    scores: Sequence[int] | None = None,
    pile_frozen: bool | None = None,
    turn_value: int = 0,
) -> GameState:
    """The railroad state with those cards; the rest are the stock (shuffled) unless
    ``stock`` is given, when they go to the last seat's hand."""
    rules = preset("railroad", players)
    hands = dict(hands)
    if stock is not None:
        hands[rules.seat_names[-1]] = (
            hands.get(rules.seat_names[-1], "")
            + " "
            + _rest(
                rules, hands=hands, pile=pile, melds=melds or {}, kitties=kitties or {}, stock=stock
            )
        )
    return Position(
        rules=rules_dict(rules),
        phase=phase,  # type: ignore[arg-type]
        turn=turn,
        hands=hands,
        stock=stock,
        pile=pile,
        pile_frozen=pile_frozen,
        melds={name: list(texts) for name, texts in (melds or {}).items()},
        kitties=dict(kitties or {}),
        kitty_taken=list(kitty_taken) if kitty_taken is not None else None,
        melded=list(melded) if melded is not None else None,
        scores=list(scores) if scores is not None else None,
        current={"turn_value": turn_value},  # type: ignore[arg-type]
    ).to_state()


def _rest(
    rules: RuleSet,
    *,
    hands: Mapping[str, str],
    pile: str,
    melds: Mapping[str, Sequence[str]],
    kitties: Mapping[str, str],
    stock: str,
) -> str:
    """Every card of the deck not named elsewhere."""
    placed = Counter(parse_cards(pile)) + Counter(parse_cards(stock))
    for text in (*hands.values(), *kitties.values()):
        placed += Counter(parse_cards(text))
    for texts in melds.values():
        for text in texts:
            placed += Counter(parse_cards(text.partition(":")[2]))
    deck = Counter(full_deck(decks=rules.decks, jokers=rules.jokers))
    return cards_text(sorted((deck - placed).elements()))
