"""Round scores, part by part (rules §9)."""

# No ``from __future__ import annotations``: a NamedTuple compiles each string annotation.

from collections.abc import Iterable
from typing import NamedTuple

from canasta.engine.cards import Card, cards_value
from canasta.engine.kinds import canasta_kind
from canasta.engine.melds import Meld
from canasta.engine.rules import RuleSet

__all__ = ["RoundScore", "score_team", "table_score"]


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
    #: Concealed canastas (§9.2), or ``None`` when the rule set gives them no bonus.
    concealed_canastas: int | None = None
    #: What the concealed canastas score beyond the ordinary canasta bonus.
    concealed_canasta_points: int = 0
    #: Railroad (§13.12): wild and sevens canastas (``None`` in other rule sets; there the
    #: natural and mixed canastas are railroad's red and black ones), and minus the cards
    #: of the player's untaken kitty.
    wild_canastas: int | None = None
    wild_canasta_points: int = 0
    sevens_canastas: int | None = None
    sevens_canasta_points: int = 0
    kitty: int | None = None

    @property
    def total(self) -> int:
        """The round's score: the sum of the parts."""
        return (
            self.melds
            + self.hands
            + self.natural_canasta_points
            + self.mixed_canasta_points
            + self.concealed_canasta_points
            + self.wild_canasta_points
            + self.sevens_canasta_points
            + (self.kitty or 0)
            + self.red_three_points
            + self.going_out
            + self.concealed
        )

    def parts(self) -> tuple[tuple[str, int], ...]:
        """``(label, points)`` for the score sheet, in the rules' order (the concealed
        canastas only where the rule set scores them, so every team has the same parts)."""
        concealed: tuple[tuple[str, int], ...] = ()
        if self.concealed_canastas is not None:
            label = f"Concealed canastas ({self.concealed_canastas})"
            concealed = ((label, self.concealed_canasta_points),)
        if self.wild_canastas is not None:
            return (
                ("Melds", self.melds),
                ("Cards left in hand", self.hands),
                ("Cards left in the kitty", self.kitty or 0),
                (f"Red canastas ({self.natural_canastas})", self.natural_canasta_points),
                (f"Black canastas ({self.mixed_canastas})", self.mixed_canasta_points),
                (f"Wild canastas ({self.wild_canastas})", self.wild_canasta_points),
                (f"Sevens canastas ({self.sevens_canastas})", self.sevens_canasta_points),
                (f"Red threes ({self.red_threes})", self.red_three_points),
                ("Going out", self.going_out),
            )
        return (
            ("Melds", self.melds),
            ("Cards left in hands", self.hands),
            (f"Natural canastas ({self.natural_canastas})", self.natural_canasta_points),
            (f"Mixed canastas ({self.mixed_canastas})", self.mixed_canasta_points),
            *concealed,
            (f"Red threes ({self.red_threes})", self.red_three_points),
            ("Going out", self.going_out),
            ("Concealed", self.concealed),
        )


def score_team(
    rules: RuleSet,
    *,
    team: int,
    melds: Iterable[Meld],
    red_threes: int,
    hands: Iterable[Card],
    went_out: bool,
    concealed: bool,
    kitty: Iterable[Card] = (),
) -> RoundScore:
    """``team``'s round score (§9): the one scoring formula, for the engine and the bots.

    Args:
        rules: the rule set.
        team: the team scored.
        melds: the team's melds.
        red_threes: how many red threes the team laid out.
        hands: the cards left in the team's hands.
        went_out: a player of the team went out.
        concealed: ... and went out concealed.
        kitty: railroad: the cards of the team's untaken kitty (§13.12).
    """
    melds = tuple(melds)
    if rules.several_melds:
        return _score_kinds(
            rules, team, melds, red_threes=red_threes, hands=hands, went_out=went_out, kitty=kitty
        )
    natural = mixed = hidden = extra = 0
    for meld in melds:
        if meld.is_canasta(rules):
            if meld.is_natural:
                natural += 1
            else:
                mixed += 1
            if meld.concealed:
                hidden += 1
                extra += (
                    rules.concealed_natural_canasta_bonus - rules.natural_canasta_bonus
                    if meld.is_natural
                    else rules.concealed_mixed_canasta_bonus - rules.mixed_canasta_bonus
                )
    red_points = rules.red_three_points(red_threes)
    if not melds and rules.red_threes_count_against_unmelded:
        red_points = -red_points
    return RoundScore(
        team=team,
        melds=sum(meld.value for meld in melds),
        hands=-cards_value(hands),
        natural_canastas=natural,
        natural_canasta_points=natural * rules.natural_canasta_bonus,
        mixed_canastas=mixed,
        mixed_canasta_points=mixed * rules.mixed_canasta_bonus,
        red_threes=red_threes,
        red_three_points=red_points,
        going_out=rules.going_out_bonus if went_out else 0,
        concealed=rules.concealed_bonus if went_out and concealed else 0,
        concealed_canastas=hidden if rules.has_concealed_canastas else None,
        concealed_canasta_points=extra,
    )


def table_score(
    rules: RuleSet, *, team: int, melds: Iterable[Meld], red_threes: int, went_out: bool
) -> int:
    """``team``'s round total from the table alone, as :func:`score_team` counts it with no
    cards in hand and no concealed bonus: what a position mid-round is worth so far, or
    (``went_out``) would be if the team went out now."""
    return score_team(
        rules,
        team=team,
        melds=melds,
        red_threes=red_threes,
        hands=(),
        went_out=went_out,
        concealed=False,
    ).total


def _score_kinds(
    rules: RuleSet,
    team: int,
    melds: tuple[Meld, ...],
    *,
    red_threes: int,
    hands: Iterable[Card],
    went_out: bool,
    kitty: Iterable[Card],
) -> RoundScore:
    """A railroad player's round score (§13.12): every melded card, each canasta's bonus by
    its kind, each red three laid out, minus the hand and the untaken kitty (a red three in
    it scores nothing), and going out."""
    count = dict.fromkeys(("red", "black", "wild", "sevens"), 0)
    for meld in melds:
        kind = canasta_kind(meld, rules)
        if kind is not None:
            count[kind] += 1
    return RoundScore(
        team=team,
        melds=sum(meld.value for meld in melds),
        hands=-cards_value(hands),
        natural_canastas=count["red"],
        natural_canasta_points=count["red"] * rules.natural_canasta_bonus,
        mixed_canastas=count["black"],
        mixed_canasta_points=count["black"] * rules.mixed_canasta_bonus,
        red_threes=red_threes,
        red_three_points=red_threes * rules.red_three_bonus,
        going_out=rules.going_out_bonus if went_out else 0,
        concealed=0,
        wild_canastas=count["wild"],
        wild_canasta_points=count["wild"] * rules.wild_canasta_bonus,
        sevens_canastas=count["sevens"],
        sevens_canasta_points=count["sevens"] * rules.sevens_canasta_bonus,
        kitty=-cards_value(kitty),
    )
