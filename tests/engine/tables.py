"""Positions and stacked decks for any rule system and table (``helpers`` builds the classic
four-player ones): ``table_position(preset("classic", 2), hands={"South": "c5 c5"}, ...)``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from canasta.engine import (
    Card,
    GameState,
    RuleSet,
    cards_text,
    full_deck,
    is_wild,
    parse_cards,
    rank_of,
)
from canasta.engine.documents import rules_dict
from canasta.engine.position import Position


def table_position(
    rules: RuleSet,
    *,
    hands: Mapping[str, str],
    pile: str = "",
    melds: Mapping[str, Sequence[str]] | None = None,
    phase: str = "draw",
    turn: str = "South",
    stock: str | None = None,
    melded: Sequence[bool] | None = None,
    scores: Sequence[int] | None = None,
    permission: bool | None = None,
    concealed: Mapping[str, Sequence[int]] | None = None,
) -> GameState:
    """The state of ``rules``'s table with those cards (seats and teams named as the rule
    set names them); the other cards are the stock, or, when ``stock`` is given, go to the
    hand of the last seat."""
    hands = dict(hands)
    if stock is not None:
        placed = [*parse_cards(pile), *parse_cards(stock)]
        for text in hands.values():
            placed.extend(parse_cards(text))
        for team_melds in (melds or {}).values():
            for meld in team_melds:
                placed.extend(parse_cards(meld.partition(":")[2]))
        rest = list(full_deck(decks=rules.decks, jokers=rules.jokers))
        for card in placed:
            rest.remove(card)
        sink = rules.seat_names[-1]
        hands[sink] = f"{hands.get(sink, '')} {cards_text(rest)}".strip()
    return Position(
        rules=rules_dict(rules),
        phase=phase,  # type: ignore[arg-type]
        turn=turn,
        hands=hands,
        stock=stock,
        pile=pile,
        melds={name: list(texts) for name, texts in (melds or {}).items()},
        concealed={name: list(ranks) for name, ranks in concealed.items()} if concealed else None,
        melded=list(melded) if melded is not None else None,
        scores=list(scores) if scores is not None else None,
        current={"permission": permission},  # type: ignore[arg-type]
    ).to_state()


def table_deck(
    rules: RuleSet, *, hands: Mapping[int, str] | None = None, up: str = "", stock: str = ""
) -> tuple[Card, ...]:
    """A deck for ``new_game(rules, deck=...)`` dealing the named cards to those seats
    (the first round's dealer is the last seat, so seat 0 is dealt first); other hands get
    plain naturals (no three, no wild card), then come ``up`` and the top of the stock."""
    named = hands or {}
    rest = list(full_deck(decks=rules.decks, jokers=rules.jokers))
    for text in (*named.values(), up, stock):
        for card in parse_cards(text):
            rest.remove(card)
    plain = [c for c in rest if not is_wild(c) and rank_of(c) != 3]
    special = [c for c in rest if not (not is_wild(c) and rank_of(c) != 3)]
    random.Random(0).shuffle(plain)
    dealt = []
    for seat in range(rules.players):
        hand = list(parse_cards(named.get(seat, "")))
        while len(hand) < rules.hand_size:
            hand.append(plain.pop())
        dealt.append(hand)
    deck = [dealt[seat][index] for index in range(rules.hand_size) for seat in range(rules.players)]
    deck.extend(parse_cards(up) or [plain.pop()])
    deck.extend(parse_cards(stock))
    deck.extend(plain)
    deck.extend(special)
    return tuple(deck)
