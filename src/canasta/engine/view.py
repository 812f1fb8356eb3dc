"""What one seat may know: :func:`view` and, for bots that look ahead, :func:`determinize`."""

# No ``from __future__ import annotations``: a NamedTuple compiles each string annotation.

from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from canasta.engine.cards import Card, full_deck
from canasta.engine.kinds import sevens_locked
from canasta.engine.kitty import KittyStatus, kitty_statuses
from canasta.engine.melds import Meld
from canasta.engine.rules import RuleSet
from canasta.engine.scoring import RoundScore
from canasta.engine.state import GameState, Phase
from canasta.engine.tuples import make

if TYPE_CHECKING:
    import random

__all__ = ["PlayerView", "determinize", "view"]


class PlayerView(NamedTuple):
    """A position as ``seat`` sees it: no card that seat may not know.

    The whole discard pile is public (every card in it was seen face up); so are the cards
    another player took with a pile and has not played since (``known``).
    """

    seat: int
    rules: RuleSet
    round_no: int
    dealer: int
    phase: Phase
    turn: int
    to_move: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    red_threes: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]
    pile_frozen: bool
    pile_blocked: bool
    stock_size: int
    melded: tuple[bool, ...]
    minimums: tuple[int, ...]
    scores: tuple[int, ...]
    history: tuple[tuple[RoundScore, ...], ...]
    played: bool
    turn_value: int
    placed: tuple[tuple[int, Card], ...]
    pending: tuple[Card, ...]
    asked: bool
    permission: bool | None
    has_played: tuple[bool, ...]
    winner: int | None
    #: Railroad (§13.6): the cards in each seat's untaken kitty, by seat (0 once taken),
    #: each kitty's status, and the viewer's own kitty once it may look at it (else empty:
    #: nobody sees an untouched kitty, not even its owner).
    kitty_sizes: tuple[int, ...]
    kitty_status: tuple[KittyStatus, ...]
    kitty: tuple[Card, ...]
    #: Railroad (§13.8): sevens may not be discarded now.
    sevens_locked: bool

    @property
    def team(self) -> int:
        """The viewer's team."""
        return self.rules.team_of(self.seat)

    @property
    def partner(self) -> int | None:
        """Whom the viewer asks "may I go out?" (``None`` for a player on their own)."""
        return self.rules.partner(self.seat)

    @property
    def pile_top(self) -> Card | None:
        """The top card of the pile, if any."""
        return self.pile[-1] if self.pile else None

    def is_frozen_for(self, team: int) -> bool:
        """The pile is frozen for ``team`` (a wild or red three inside, or no initial meld)."""
        return self.pile_frozen or not self.melded[team]


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may know of ``state``.

    Between rounds (and after the game) every hand is open, so the view of a finished round
    still holds only the seat's own hand: the score sheet says the rest.
    """
    hands = state.hands
    status = kitty_statuses(state)
    rules = state.rules
    # Built positionally (``make``): a bot's every decision asks for a view. The fields in
    # :class:`PlayerView`'s order.
    return make(
        PlayerView,
        (
            seat,
            rules,
            state.round_no,
            state.dealer,
            state.phase,
            state.turn,
            state.to_move,
            hands[seat],
            tuple([len(hand) for hand in hands]),
            tuple([() if s == seat else known for s, known in enumerate(state.known)]),
            state.melds,
            state.red_threes,
            state.pile,
            state.pile_frozen,
            state.pile_blocked,
            len(state.stock),
            state.melded,
            state.minimums,
            state.scores,
            state.history,
            state.played,
            state.turn_value,
            state.placed,
            state.pending,
            state.asked,
            state.permission,
            state.has_played,
            state.winner,
            tuple([len(kitty) for kitty in state.kitties]),
            status,
            # The owner may look at the kitty once it may take it (§13.6); nobody else ever.
            state.kitties[seat] if status[seat] == "may_take" else (),
            rules.sevens_locked and sevens_locked(state.melds, rules),
        ),
    )


def unseen_cards(seen: PlayerView) -> list[Card]:
    """The cards ``seen.seat`` cannot see: other hands (less known cards) and the stock."""
    deck = full_deck(decks=seen.rules.decks, jokers=seen.rules.jokers)
    visible: list[Card] = [*seen.hand, *seen.pile, *seen.pending, *seen.kitty]
    for red, melds in zip(seen.red_threes, seen.melds, strict=True):
        visible.extend(red)
        for meld in melds:
            visible.extend(meld.cards)
    for cards in seen.known:
        visible.extend(cards)
    # The deck less the first copies of each card seen, as removing them one by one
    # would leave it, counted in one pass instead of a search of the deck per card.
    drop = Counter(visible)
    pool = []
    for card in deck:
        if drop[card]:
            drop[card] -= 1
        else:
            pool.append(card)
    return pool


def determinize(seen: PlayerView, rng: "random.Random") -> GameState:
    """A full state consistent with ``seen``: hidden cards dealt at random.

    Bots that look ahead sample positions with this and play them out with
    :func:`canasta.engine.apply`. The sampled state's record fields (seed, deck) are
    placeholders: it is for exploring, not for replay.
    """
    pool = unseen_cards(seen)
    rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = []
    for seat in range(seen.rules.players):
        if seat == seen.seat:
            hands.append(seen.hand)
            continue
        known = seen.known[seat]
        missing = seen.hand_sizes[seat] - len(known)
        hands.append(tuple(sorted((*known, *pool[:missing]))))
        del pool[:missing]
    kitties: list[tuple[Card, ...]] = []
    for seat, size in enumerate(seen.kitty_sizes):
        if seat == seen.seat and seen.kitty:
            kitties.append(seen.kitty)
            continue
        kitties.append(tuple(sorted(pool[:size])))
        del pool[:size]
    stock = tuple(pool)
    return GameState(
        rules=seen.rules,
        seed=0,
        stacked=(),
        round_no=seen.round_no,
        dealer=seen.dealer,
        deck=(),
        stock=stock,
        hands=tuple(hands),
        pile=seen.pile,
        pile_frozen=seen.pile_frozen,
        melds=seen.melds,
        red_threes=seen.red_threes,
        melded=seen.melded,
        minimums=seen.minimums,
        scores=seen.scores,
        history=seen.history,
        phase=seen.phase,
        turn=seen.turn,
        played=seen.played,
        turn_value=seen.turn_value,
        placed=seen.placed,
        pending=seen.pending,
        asked=seen.asked,
        permission=seen.permission,
        has_played=seen.has_played,
        known=tuple(seen.hand if s == seen.seat else known for s, known in enumerate(seen.known)),
        went_out=None,
        winner=seen.winner,
        kitties=tuple(kitties),
        kitty_taken=tuple(status == "taken" for status in seen.kitty_status),
    )
