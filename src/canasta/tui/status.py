"""The status line's sentence, without Textual: what the player must do next, and why a move
is unavailable.

When the engine refuses a move, its sentence already says what and why ("To take the pile,
the pile is frozen: you need two natural kings ..."): it reaches the player unchanged, with
no preamble of ours in front of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine import (
    Action,
    Card,
    Discard,
    GameState,
    IllegalActionError,
    Phase,
    Reason,
    RuleSet,
    TakePile,
    apply,
    check,
    rank_of,
)
from canasta.engine.events import Melded
from canasta.engine.kinds import sevens_locked
from canasta.engine.narrate import meld_name
from canasta.engine.words import your_side
from canasta.session import Session
from canasta.tui.cards import CardStyle
from canasta.tui.flow import meld_plan, runs_refusal
from canasta.tui.seats import shown_names, team_label

__all__ = ["status_sentence"]


def status_sentence(
    session: Session,
    *,
    viewer: int,
    hand_hidden: bool,
    legal: Sequence[Action],
    chosen: Sequence[Card],
    style: CardStyle,
) -> str:
    """What the player at the keyboard (``viewer``) must do next, given the ``legal``
    actions and the ``chosen`` cards of the hand."""
    state = session.state
    mover = state.to_move
    names = session.names
    if state.phase is Phase.GAME_OVER:
        assert state.winner is not None
        shown = shown_names(names, None if hand_hidden else viewer)
        return (
            f"Game over: {team_label(state.rules, state.winner, shown)} won. Press n for the "
            "score sheet and a new game, q to quit."
        )
    if state.phase is Phase.ROUND_OVER:
        return "The round is over: press n for the score sheet and the next round."
    assert mover is not None
    if not session.is_human(mover):
        dots = "..." if style.ascii else "…"
        if state.phase is Phase.ANSWER:
            asker = state.turn
            whose = "your" if asker == viewer and not hand_hidden else f"{names[asker]}'s"
            return f"{names[mover]} is thinking about {whose} question{dots}"
        return f"{names[mover]} is thinking{dots}"
    if mover != viewer or hand_hidden:
        return f"Waiting for {names[mover]} to take the keyboard."
    if state.phase is Phase.ANSWER and len(session.humans) > 1:
        who = names[state.turn]
        return (
            f"{who} asks whether they may go out. y: yes, {who} must go out this turn. "
            f"n: no, {who} may not go out this turn."
        )
    if state.phase is Phase.ANSWER:
        return f"{names[state.turn]} asks whether they may go out: answer yes or no."
    if state.phase is Phase.DRAW:
        return "Your turn: " + _draw_sentence(state, viewer=viewer, legal=legal)
    return _play_sentence(session, viewer=viewer, chosen=chosen, style=style)


def _draws(rules: RuleSet) -> str:
    """What ``d`` does: ``d draws from the stock``, ``d draws 2 from the stock``."""
    count = "" if rules.draw_count == 1 else f" {rules.draw_count}"
    return f"d draws{count} from the stock"


def _draw_sentence(state: GameState, *, viewer: int, legal: Sequence[Action]) -> str:
    draws = _draws(state.rules)
    if any(isinstance(item, TakePile) for item in legal):
        return f"{draws}; t takes the pile (select the cards to meld with it)."
    top = state.pile_top
    mine = tuple(
        card for card in state.hands[viewer] if top is not None and rank_of(card) == rank_of(top)
    )
    if state.rules.several_melds:  # a take with exactly two naturals, or onto the open meld
        mine = mine[:2] if len(mine) >= 2 else ()
    attempt = TakePile(mine)
    try:
        check(state, attempt)
    except IllegalActionError as error:
        return f"{draws}. {error.sentence}"
    return f"{draws}."


def _play_sentence(
    session: Session, *, viewer: int, chosen: Sequence[Card], style: CardStyle
) -> str:
    state = session.state
    lead = ""
    team = state.rules.team_of(viewer)
    minimum = state.minimums[team]
    if state.pending:
        lead = (
            f"Meld to reach your minimum ({state.turn_value} of {minimum}); "
            "then the rest of the pile is yours. "
        )
    elif state.turn_value and not state.melded[team]:
        # Part of an initial meld is down: no discard until the rest is.
        lead = f"Meld more to reach your minimum ({state.turn_value} of {minimum}). "
    elif state.permission is True:
        lead = "Partner said yes: you must go out this turn. "
    elif state.permission is False:
        lead = "Partner said no: you may not go out this turn. "
    # Below the minimum with part of it down, there is no discard to offer.
    short = bool(state.pending) or bool(state.turn_value and not state.melded[team])
    locked = sevens_locked(state.melds, state.rules)
    if not chosen:
        select = "Select cards (arrows and space, or click) to meld (m) or lay off (l)"
        if short:
            return lead + select + "."
        return (
            lead
            + select
            + "; x discards the card under the cursor to end your turn."
            + (" Sevens are locked: no 7 may be discarded." if locked else "")
        )
    labels = style.labels(chosen)
    if len(chosen) == 1:
        if short:
            return lead + f"{labels}: l lays it off; select more to meld."
        try:
            check(state, Discard(chosen[0]))
        except IllegalActionError as error:
            if error.reason is Reason.SEVENS_LOCKED:
                return lead + f"{labels}: {error.sentence} l lays it off; select more to meld."
        return lead + f"{labels}: x discards it, l lays it off; select more to meld."
    plan = meld_plan(session, chosen, seat=viewer)
    merged: list[int] = []  # the ranks whose melds the plan adds to
    try:
        trial = state
        for action in plan:
            step = apply(trial, action, seat=viewer)
            trial = step.state
            merged.extend(e.rank for e in step.events if isinstance(e, Melded) and e.merged)
    except IllegalActionError as error:
        runs = runs_refusal(state, plan, seat=viewer)
        return lead + f"{labels}: {error.sentence if runs is None else runs}"
    return lead + f"{labels}: {_meld_key(state.rules, viewer, melds=len(plan), merged=merged)}."


def _meld_key(rules: RuleSet, viewer: int, *, melds: int, merged: Sequence[int]) -> str:
    """What ``m`` does with the selection: melds it, or adds (part of) it to the melds of
    the ``merged`` ranks already on the table (as the engine does)."""
    if not merged:
        return "m melds them"
    whose = your_side(rules, viewer).whose
    names = " and ".join(meld_name(rank) for rank in merged)
    if len(merged) > 1:
        return f"m melds them (the {names} join {whose} melds of those ranks)"
    if melds == 1:
        return f"m adds them to {whose} meld of {names}"
    return f"m melds them (the {names} join {whose} meld of {names})"
