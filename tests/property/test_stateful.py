"""A stateful test: legal moves at random, and at every step illegal ones that must be
refused with a reason, a sentence and a rules section, leaving the state as it was."""

from __future__ import annotations

import copy

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from canasta.engine import (
    Action,
    GameState,
    IllegalActionError,
    NotationError,
    Phase,
    Reason,
    apply,
    card_text,
    check,
    full_deck,
    is_legal,
    new_game,
    parse_action,
)
from canasta.engine.actions import (
    Answer,
    AskPartner,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    NextRound,
    TakePile,
)
from canasta.engine.legality import canonical

from .support import assert_invariants, listed, rule_sections

kinds = sorted(set(full_deck()))
some_cards = st.lists(st.sampled_from(kinds), min_size=0, max_size=6).map(tuple)
any_action = st.one_of(
    st.just(DrawStock()),
    st.just(AskPartner()),
    st.just(NextRound()),
    st.builds(Answer, st.booleans()),
    st.builds(TakePile, some_cards),
    st.builds(Meld, some_cards.filter(bool)),
    st.builds(LayOff, st.sampled_from([1, *range(3, 14)]), some_cards.filter(bool)),
    st.builds(Discard, st.sampled_from(kinds)),
)
words = st.sampled_from(["draw", "take", "meld", "layoff", "discard", "ask", "yes", "no", "next"])
card_texts = st.one_of(
    st.sampled_from([card_text(card) for card in kinds]),
    st.text(alphabet="cdhsjkx0123456789:", min_size=1, max_size=4),
)


class PlayMachine(RuleBasedStateMachine):
    """One game: each step plays a legal action or tries an illegal one."""

    state: GameState

    @initialize(seed=st.integers(min_value=0, max_value=2**32 - 1))
    def deal(self, seed: int) -> None:
        self.state = new_game(seed=seed)

    def _refuse(self, action: Action) -> None:
        before = copy.deepcopy(self.state)
        try:
            apply(self.state, action)
        except IllegalActionError as error:
            assert isinstance(error.reason, Reason)
            assert error.sentence.strip()
            assert "\n" not in error.sentence
            assert error.rule in rule_sections(), f"rules §{error.rule} does not exist"
            assert f"§{error.rule}" in str(error)
        else:
            raise AssertionError(f"{action} was applied but is not in legal_actions")
        assert not is_legal(self.state, action)
        assert self.state == before

    def _advance(self, data: st.DataObject) -> None:
        """Play one legal action (every rule ends with one, so the game moves on)."""
        if self.state.phase is Phase.GAME_OVER:
            return
        actions = sorted(listed(self.state), key=str)
        action = data.draw(st.sampled_from(actions))
        check(self.state, action)
        self.state = apply(self.state, action).state

    def _try(self, action: Action) -> None:
        if canonical(self.state, action) in listed(self.state):
            assert is_legal(self.state, action)
            return
        self._refuse(action)

    @rule(data=st.data())
    def play_a_legal_action(self, data: st.DataObject) -> None:
        self._advance(data)

    @rule(action=any_action, data=st.data())
    def try_any_action(self, action: Action, data: st.DataObject) -> None:
        self._try(action)
        self._advance(data)

    @rule(data=st.data())
    def try_cards_from_the_hand(self, data: st.DataObject) -> None:
        """Illegal actions close to legal ones: real hand cards in wrong combinations."""
        hand = self.state.hands[self.state.turn]
        if hand:
            chosen = tuple(data.draw(st.lists(st.sampled_from(hand), max_size=5)))
            rank = data.draw(st.sampled_from([1, *range(3, 14)]))
            for action in (
                Meld(chosen) if chosen else DrawStock(),
                LayOff(rank, chosen) if chosen else AskPartner(),
                TakePile(chosen),
                Discard(chosen[0]) if chosen else NextRound(),
            ):
                self._try(action)
        self._advance(data)

    @rule(verb=words, cards=st.lists(card_texts, max_size=4), data=st.data())
    def try_any_text(self, verb: str, cards: list[str], data: st.DataObject) -> None:
        text = " ".join([verb, *cards]) if verb != "layoff" else f"layoff 9: {' '.join(cards)}"
        try:
            action = parse_action(text)
        except NotationError as error:
            assert str(error).strip()
        else:
            self._try(action)
        self._advance(data)

    @precondition(lambda self: self.state.to_move is not None)
    @rule(data=st.data())
    def try_out_of_turn(self, data: st.DataObject) -> None:
        actions = sorted(listed(self.state), key=str)
        action = data.draw(st.sampled_from(actions))
        mover = self.state.to_move
        assert mover is not None
        other = (mover + data.draw(st.integers(1, 3))) % 4
        before = self.state
        try:
            check(self.state, action, seat=other)
        except IllegalActionError as error:
            assert error.reason is Reason.NOT_YOUR_TURN
            assert error.rule in rule_sections()
        else:
            raise AssertionError("another seat acted out of turn")
        assert self.state == before
        self._advance(data)

    @invariant()
    def cards_and_melds_are_sound(self) -> None:
        if hasattr(self, "state"):
            assert_invariants(self.state)


PlayMachine.TestCase.settings = settings(PlayMachine.TestCase.settings, stateful_step_count=100)
test_play_machine = PlayMachine.TestCase
