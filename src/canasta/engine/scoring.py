"""Round scores, part by part (rules §9)."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["RoundScore"]


class RoundScore(NamedTuple):
    """One team's score for one round, with every part of the breakdown."""

    team: int
    #: Card values of every card in the team's melds.
    melds: int
    #: Minus the card values left in both partners' hands.
    hands: int
    natural_canastas: int
    natural_canasta_points: int
    mixed_canastas: int
    mixed_canasta_points: int
    red_threes: int
    #: Plus the red-three bonus, or minus it when the team melded nothing.
    red_three_points: int
    going_out: int
    concealed: int

    @property
    def total(self) -> int:
        """The round's score: the sum of the parts."""
        return (
            self.melds
            + self.hands
            + self.natural_canasta_points
            + self.mixed_canasta_points
            + self.red_three_points
            + self.going_out
            + self.concealed
        )

    def parts(self) -> tuple[tuple[str, int], ...]:
        """``(label, points)`` for the score sheet, in the rules' order."""
        return (
            ("Melds", self.melds),
            ("Cards left in hands", self.hands),
            (f"Natural canastas ({self.natural_canastas})", self.natural_canasta_points),
            (f"Mixed canastas ({self.mixed_canastas})", self.mixed_canasta_points),
            (f"Red threes ({self.red_threes})", self.red_three_points),
            ("Going out", self.going_out),
            ("Concealed", self.concealed),
        )
