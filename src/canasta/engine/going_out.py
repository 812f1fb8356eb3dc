"""Going out (§6) and asking partner "may I go out?" (§8)."""

from __future__ import annotations

from canasta.engine.cards import THREE, WILD_CARDS, Card
from canasta.engine.counts import hand_counts
from canasta.engine.errors import IllegalActionError, Reason, raise_refusal
from canasta.engine.events import Event, PartnerAnswered, PartnerAsked, WentOut
from canasta.engine.melds import meld_error
from canasta.engine.round_end import end_round
from canasta.engine.rules import RuleSet
from canasta.engine.solver import TableCounts, can_go_out, two_stranded
from canasta.engine.state import GameState, Phase

__all__ = [
    "answer",
    "ask",
    "ask_error",
    "ask_refusal",
    "canastas_needed",
    "go_out",
    "is_concealed",
    "validate_ask",
]

#: Counts in words, for sentences ("two canastas").
_WORDS = ("no", "a", "two", "three", "four", "five", "six", "seven", "eight")


def canastas_needed(rules: RuleSet, seat: int) -> str:
    """``your team needs a canasta to go out`` (``you need two canastas`` for a player on
    their own, §6.1)."""
    count = rules.canastas_to_go_out
    what = f"{_WORDS[count]} canasta{'s' if count > 1 else ''}"
    who = "you need" if rules.partner(seat) is None else "your team needs"
    return f"{who} {what} to go out"


def go_out(new: GameState, before: GameState, events: list[Event]) -> GameState:
    """The player in ``new`` has no cards left (``before`` is the state before the last
    play): the round ends and is scored."""
    concealed = is_concealed(before, new)
    events.append(WentOut(new.turn, concealed))
    return end_round(new, new.turn, events, concealed=concealed)


def is_concealed(before: GameState, after: GameState) -> bool:
    """§6.2 with the seed's leniency: the player had not melded earlier this round, and the
    cards placed this turn, alone, form legal melds including a canasta."""
    if before.has_played[before.turn] or not after.placed:
        return False
    rules = before.rules
    groups: dict[int, list[Card]] = {}
    for rank, card in after.placed:
        groups.setdefault(rank, []).append(card)
    canasta = False
    for rank, cards in groups.items():
        wilds = sum(1 for card in cards if card in WILD_CARDS)
        naturals = len(cards) - wilds
        if meld_error(naturals, wilds, rank=rank, rules=rules, black_threes=rank == THREE):
            return False
        canasta = canasta or len(cards) >= rules.canasta_size
    return canasta


#: Why "may I go out?" is refused (§8.1), one sentence per reason.
NO_PARTNER = "You play on your own: there is no partner to ask."
ALREADY_ASKED = "You have already asked this turn."
ALREADY_PLAYED = "Ask partner before you meld or lay off anything this turn."
ONE_CARD = "With one card left your only play is to discard it and go out: there is nothing to ask."
CANNOT_GO_OUT = "You can only ask partner when you could go out this turn, and you cannot."


def ask_refusal(state: GameState, table: TableCounts | None = None) -> str | None:
    """Why "may I go out?" is refused now, or ``None``: the player must be able to go out
    this turn (§8.1). ``table`` is the team's melds as counts, when the caller has them.

    The listing asks this at every play of a turn, so no error is built here.
    """
    rules = state.rules
    seat = state.turn
    team = rules.team_of(seat)
    if len(rules.partnerships[team]) == 1:  # no partner (RuleSet.partner)
        return NO_PARTNER
    if state.asked:
        return ALREADY_ASKED
    if state.played or state.pending:
        return ALREADY_PLAYED
    hand = state.hands[seat]
    if len(hand) < 2:
        return ONE_CARD
    if table is None:
        table = {meld.rank: (meld.naturals, meld.wilds) for meld in state.melds[team]}
    if two_stranded(hand, table, rules) or not can_go_out(
        hand_counts(hand),
        table,
        rules,
        need=0 if state.melded[team] else state.minimums[team] - state.turn_value,
    ):
        return CANNOT_GO_OUT
    return None


def ask_error(state: GameState, table: TableCounts | None = None) -> IllegalActionError | None:
    """The refusal of "may I go out?" now as an error (:func:`ask_refusal`), or ``None``."""
    refusal = ask_refusal(state, table)
    return None if refusal is None else IllegalActionError(Reason.CANNOT_ASK, refusal, "8.1")


def validate_ask(state: GameState) -> None:
    """Refuse "may I go out?" unless the player could go out this turn (§8.1)."""
    raise_refusal(ask_error(state))


def ask(state: GameState, events: list[Event]) -> GameState:
    """The player asks; the partner must answer."""
    events.append(PartnerAsked(state.turn))
    return state.evolve(phase=Phase.ANSWER, asked=True)


def answer(state: GameState, yes: bool, events: list[Event]) -> GameState:
    """The partner's answer, which binds the player for the rest of the turn (§8.2)."""
    mate = state.rules.partner(state.turn)
    assert mate is not None
    events.append(PartnerAnswered(mate, yes))
    return state.evolve(phase=Phase.PLAY, permission=yes)
