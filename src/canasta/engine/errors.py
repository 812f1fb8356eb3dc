"""The engine's exceptions: every one names what was wrong and what to do."""

from __future__ import annotations

from enum import Enum

__all__ = ["CanastaError", "IllegalActionError", "NotationError", "Reason", "raise_refusal"]


class CanastaError(ValueError):
    """Base of every error the engine raises for bad input."""


class NotationError(CanastaError):
    """Text that is not a card, an action, a record or a position."""


class Reason(Enum):
    """Why an action is illegal (the machine-readable part of :class:`IllegalActionError`)."""

    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    STOCK_EMPTY = "stock_empty"
    PILE_EMPTY = "pile_empty"
    PILE_BLOCKED = "pile_blocked"
    PILE_FROZEN = "pile_frozen"
    PILE_TOP_UNUSABLE = "pile_top_unusable"
    NOT_IN_HAND = "not_in_hand"
    MIXED_RANKS = "mixed_ranks"
    NO_NATURALS = "no_naturals"
    TOO_FEW_CARDS = "too_few_cards"
    TOO_MANY_CARDS = "too_many_cards"
    TOO_FEW_NATURALS = "too_few_naturals"
    TOO_MANY_WILDS = "too_many_wilds"
    RED_THREE = "red_three"
    BLACK_THREES = "black_threes"
    NO_SUCH_MELD = "no_such_meld"
    BELOW_MINIMUM = "below_minimum"
    MINIMUM_UNREACHABLE = "minimum_unreachable"
    HAND_TOO_SMALL = "hand_too_small"
    NO_CANASTA = "no_canasta"
    MUST_GO_OUT = "must_go_out"
    GOING_OUT_FORBIDDEN = "going_out_forbidden"
    CANNOT_ASK = "cannot_ask"
    SEVENS_LOCKED = "sevens_locked"
    ROUND_NOT_OVER = "round_not_over"
    GAME_OVER = "game_over"


class IllegalActionError(CanastaError):
    """An action the rules forbid in this position.

    Attributes:
        reason: the machine-readable reason.
        rule: the section of ``docs/rules.md`` that forbids it (``"4.2"``).
        sentence: one sentence a player understands.
    """

    def __init__(self, reason: Reason, sentence: str, rule: str) -> None:
        super().__init__(sentence)
        self.reason = reason
        self.rule = rule
        self.sentence = sentence

    def __str__(self) -> str:
        return f"{self.sentence} (rules §{self.rule})"


def raise_refusal(error: IllegalActionError | None) -> None:
    """Raise ``error``, if there is one, from a frame that lets go of it.

    A frame that holds the error it raises (``error = ...; raise error``) makes a cycle: the
    error, its traceback, that frame. Only the garbage collector frees it, with every frame
    of the call and all they hold, and a listing that catches refusals makes thousands of
    them. So a refusal held in a variable is raised here, passed straight from the call
    that finds it (``raise_refusal(discard_error(...))``), and no caller's frame holds it.
    """
    if error is not None:
        try:
            raise error
        finally:
            del error
