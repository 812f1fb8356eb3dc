"""A new game and each round's deal (§2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from canasta.engine.cards import BLACK_THREES, RED_THREES, WILD_CARDS, Card, cards_text, full_deck
from canasta.engine.errors import CanastaError
from canasta.engine.events import Event, RedThreeLaid, RoundDealt, UpCardTurned
from canasta.engine.kitty import deal_kitties
from canasta.engine.rules import RuleSet, classic
from canasta.engine.state import GameState, Phase, Step
from canasta.engine.turns import start_turn

__all__ = ["deal_round", "new_game", "shuffled_deck", "start_game"]

#: Up-cards that another up-card covers (§2.3): a black three too when the rules say so.
_COVERED: frozenset[Card] = WILD_CARDS | RED_THREES
_COVERED_WITH_BLACK_THREES: frozenset[Card] = _COVERED | BLACK_THREES


def covered_up_cards(rules: RuleSet) -> frozenset[Card]:
    """The up-cards that stay in the pile while another is turned onto them (§2.3; none
    where the first up-card stays alone, railroad §13.2)."""
    if not rules.up_cards_covered:
        return frozenset()
    return _COVERED_WITH_BLACK_THREES if rules.black_three_up_card_covered else _COVERED


def freezing_up_cards(rules: RuleSet) -> frozenset[Card]:
    """The up-cards that freeze the pile once covered (§2.3, §4.3): wild cards, and red
    threes unless the rules say otherwise."""
    return RED_THREES | WILD_CARDS if rules.red_three_up_card_freezes else WILD_CARDS


def shuffled_deck(rules: RuleSet, seed: int, round_no: int) -> tuple[Card, ...]:
    """The deck that ``seed`` deals in round ``round_no`` (when no deck is stacked)."""
    import random  # the first deal loads it, so that ``import canasta.engine`` stays fast

    deck = list(full_deck(decks=rules.decks, jokers=rules.jokers))
    getrandbits = random.Random(f"canasta:{seed}:{round_no}").getrandbits
    # ``Random.shuffle``, inlined: the same swaps from the same draws of the generator (each
    # ``j`` below ``i + 1`` by rejection, as ``Random._randbelow`` draws it), without two
    # Python calls per card; a test holds it to ``shuffle``.
    for i, bits in _swaps(len(deck)):
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def _swaps(size: int) -> tuple[tuple[int, int], ...]:
    """The positions a shuffle of ``size`` cards fills, last first, each with the bits of
    the draw that picks its card (``(i + 1).bit_length()``), tabled per deck size."""
    swaps = _SWAPS.get(size)
    if swaps is None:
        swaps = _SWAPS[size] = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    return swaps


#: :func:`_swaps` by deck size (one entry per rule system's deck: ints only).
_SWAPS: dict[int, tuple[tuple[int, int], ...]] = {}


def _validate_deck(rules: RuleSet, deck: Sequence[Card]) -> tuple[Card, ...]:
    cards = tuple(deck)
    expected = full_deck(decks=rules.decks, jokers=rules.jokers)
    if tuple(sorted(cards)) != expected:
        have, want = Counter(cards), Counter(expected)
        extra = cards_text(sorted((have - want).elements()))
        lacking = cards_text(sorted((want - have).elements()))
        problems = [f"it has {len(cards)}"]
        if extra:
            problems.append(f"too many {extra}")
        if lacking:
            problems.append(f"no {lacking}")
        raise CanastaError(
            f"A stacked deck must hold exactly the {len(expected)} cards of the game: "
            + ", ".join(problems)
            + "."
        )
    return cards


def start_game(
    rules: RuleSet = classic,
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    decks: Sequence[Sequence[Card]] = (),
    dealer: int | None = None,
) -> Step:
    """Deal the first round of a new game: the state, and the deal's events (the up-cards
    turned, red threes laid out before the first draw).

    Args:
        rules: the rule set.
        seed: shuffles every round that has no stacked deck.
        deck: a stacked deck for the first round (index 0 is dealt first, to the dealer's
            left; after the hands come the up-card and then the stock, top first).
        decks: stacked decks for the first rounds (``deck`` is short for one).
        dealer: who deals the first round (default: the last seat, East with four
            players, so South plays first).
    """
    if dealer is None:
        dealer = rules.players - 1
    stacked = tuple(_validate_deck(rules, d) for d in ([deck] if deck is not None else decks))
    seats = rules.players
    teams = rules.teams
    blank = GameState(
        rules=rules,
        seed=seed,
        stacked=stacked,
        round_no=0,
        # The deal passes the deal to the left, so the seat before ``dealer`` "dealt" last.
        dealer=(dealer - 1) % seats,
        deck=(),
        stock=(),
        hands=((),) * seats,
        pile=(),
        pile_frozen=False,
        melds=((),) * teams,
        red_threes=((),) * teams,
        melded=(False,) * teams,
        minimums=(rules.minimum_for(0),) * teams,
        scores=(0,) * teams,
        history=(),
        phase=Phase.ROUND_OVER,
        turn=0,
        played=False,
        turn_value=0,
        placed=(),
        pending=(),
        asked=False,
        permission=None,
        has_played=(False,) * seats,
        known=((),) * seats,
        went_out=None,
        winner=None,
        kitties=((),) * seats,
        kitty_taken=(False,) * seats,
    )
    events: list[Event] = []
    state = deal_round(blank, events)
    return Step(state, tuple(events))


def new_game(
    rules: RuleSet = classic,
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    decks: Sequence[Sequence[Card]] = (),
    dealer: int | None = None,
) -> GameState:
    """The state of :func:`start_game`, without the deal's events."""
    return start_game(rules, seed=seed, deck=deck, decks=decks, dealer=dealer).state


def deal_round(state: GameState, events: list[Event]) -> GameState:
    """Deal the next round: hands, the up-card, and the first player's turn."""
    rules = state.rules
    round_no = state.round_no + 1
    dealer = rules.next_seat(state.dealer)
    index = round_no - 1
    deck = (
        state.stacked[index]
        if index < len(state.stacked)
        else shuffled_deck(rules, state.seed, round_no)
    )
    # One card at a time from the dealer's left: the seat ``offset`` places after the
    # dealer gets every ``players``-th card from the deck's ``offset``.
    players = rules.players
    position = players * rules.hand_size
    hands: list[list[Card]] = [[] for _ in range(players)]
    seat = dealer
    for offset in range(players):
        seat = rules.next_seat(seat)
        hands[seat] = list(deck[offset:position:players])
    kitties, position = deal_kitties(rules, deck, position, dealer)
    events.append(RoundDealt(round_no, dealer))
    pile: list[Card] = []
    frozen = False
    covered = covered_up_cards(rules)
    freezing = freezing_up_cards(rules)
    while True:
        card = deck[position]
        position += 1
        pile.append(card)
        stays = card in covered
        # A lone up-card freezes the pile once it is covered (a red three, railroad §13.5).
        freezes = card in freezing
        frozen = frozen or (freezes and stays)
        events.append(UpCardTurned(card, freezes, stays))
        if not stays:
            break
    stock = deck[position:]
    red_threes: list[tuple[Card, ...]] = [() for _ in range(rules.teams)]
    if rules.red_threes_at_deal:
        stock = _lay_out_dealt_red_threes(
            rules, dealer=dealer, hands=hands, red_threes=red_threes, stock=stock, events=events
        )
    teams = rules.teams
    new = state.evolve(
        round_no=round_no,
        dealer=dealer,
        deck=deck,
        stock=stock,
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        pile=tuple(pile),
        pile_frozen=frozen,
        melds=((),) * teams,
        red_threes=tuple(red_threes),
        melded=(False,) * teams,
        minimums=tuple(rules.minimum_for(score) for score in state.scores),
        has_played=(False,) * rules.players,
        known=((),) * rules.players,
        went_out=None,
        kitties=kitties,
        kitty_taken=(False,) * rules.players,
    )
    return start_turn(new, rules.next_seat(dealer), events)


def _lay_out_dealt_red_threes(
    rules: RuleSet,
    *,
    dealer: int,
    hands: list[list[Card]],
    red_threes: list[tuple[Card, ...]],
    stock: tuple[Card, ...],
    events: list[Event],
) -> tuple[Card, ...]:
    """Lay out every dealt red three at once, seat by seat from the dealer's left, each
    replaced from the top of the stock (a red-three replacement too); return the stock."""
    seat = dealer
    for _ in range(rules.players):
        seat = rules.next_seat(seat)
        hand = hands[seat]
        team = rules.team_of(seat)
        while waiting := [card for card in hand if card in RED_THREES]:
            card = waiting[0]
            hand.remove(card)
            red_threes[team] = (*red_threes[team], card)
            replaced = rules.red_threes_replaced and bool(stock)
            events.append(RedThreeLaid(seat, card, replaced))
            if replaced:
                hand.append(stock[0])
                stock = stock[1:]
    return stock
