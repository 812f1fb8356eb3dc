"""``canasta analyze FILE``: a record or position (or the game of a shared table's file or a
saved game), its legal actions, one action applied.

A player attaches the file to a bug report or uses it to settle a rule question. User errors
(a missing file, bad JSON, an illegal action) print one line and exit with status 2; they
never show a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from canasta.engine import (
    CanastaError,
    GameState,
    IllegalActionError,
    Phase,
    PlayerView,
    RuleSet,
    TableMeld,
    apply,
    legal_actions,
    parse_action,
    view,
)
from canasta.engine.cards import card_text, cards_text
from canasta.engine.kinds import canasta_kind, kinds_missing, sevens_locked
from canasta.engine.kitty import kitty_statuses
from canasta.engine.narrate import describe_events
from canasta.engine.record import GameRecord, load_document, position_of, replay
from canasta.engine.words import counted
from canasta.persist import LoadError, held_record

USAGE_ERROR = 2


class _UserError(Exception):
    """A problem the user can fix; its message is printed as is."""


def load_state(path: Path) -> GameState:
    """The final state of a record, or the state of a position, read from ``path``; a shared
    table's file (with its journal) or a saved game is read for the game it holds."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise _UserError(f"{path}: no such file.") from None
    except OSError as error:
        raise _UserError(f"{path}: cannot read it ({error.strerror}).") from None
    try:
        held = held_record(path)
        if held is not None:
            return replay(held)[-1]
        document = load_document(data)
        if isinstance(document, GameRecord):
            return replay(document)[-1]
        return document.to_state()
    except LoadError as error:
        raise _UserError(str(error)) from None
    except CanastaError as error:
        raise _UserError(f"{path}: {error}") from None


def describe_state(state: GameState, *, seat: int | None = None) -> list[str]:
    """The analysis lines: the rules, phase, turn, scores, pile, hands and melds."""
    rules = state.rules
    seats, teams = rules.seat_names, rules.team_names
    lines = [
        f"Rules: {rules.label}.",
        f"Round {state.round_no}, dealer {seats[state.dealer]}.",
        f"Phase: {state.phase.value}.",
    ]
    mover = state.to_move
    if mover is not None:
        what = "must answer partner" if state.phase is Phase.ANSWER else "to play"
        lines.append(f"Turn: {seats[state.turn]}; {seats[mover]} {what}.")
    scores = ", ".join(f"{name} {score}" for name, score in zip(teams, state.scores, strict=True))
    minimums = " and ".join(map(str, state.minimums))
    melded = " and ".join("yes" if done else "no" for done in state.melded)
    lines.append(f"Scores: {scores}; minimums {minimums}; melded: {melded}.")
    top = state.pile_top
    if top is None:
        pile = "Pile: empty."
    else:
        flags = []
        if state.pile_blocked:
            flags.append("blocked")
        if state.pile_frozen:
            inside = "a wild card" + (" or red three" if rules.red_three_up_card_freezes else "")
            flags.append(f"frozen ({inside} inside)")
        pile = f"Pile: {counted(len(state.pile), 'card')}, top {card_text(top)}" + (
            f", {', '.join(flags)}." if flags else ", open."
        )
    lines.append(pile)
    lines.append(f"Stock: {counted(len(state.stock), 'card')}.")
    if state.pending:
        lines.append(
            f"Taken pile waiting for the initial meld: {counted(len(state.pending), 'card')}."
        )
    if state.permission is not None:
        lines.append(
            "Partner said yes: must go out this turn."
            if state.permission
            else "Partner said no: may not go out this turn."
        )
    shown = view(state, seat) if seat is not None else None
    for s, name in enumerate(seats):
        if shown is not None and s != seat:
            lines.append(f"{name}: {counted(shown.hand_sizes[s], 'card')}.")
        else:
            lines.append(f"{name}: {cards_text(state.hands[s])}")
    for team, name in enumerate(teams):
        melds = "; ".join(
            str(meld) + (" (concealed)" if meld.concealed else "") + _kind(meld, rules)
            for meld in state.melds[team]
        )
        reds = cards_text(state.red_threes[team]) or "none"
        lines.append(f"{name} melds: {melds or 'none'}. Red threes: {reds}.")
    if rules.kitty_size:
        lines.extend(_kitty_lines(state, shown))
    if state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and state.history:
        for score in state.history[-1]:
            parts = ", ".join(f"{label} {points:+d}" for label, points in score.parts())
            lines.append(f"{teams[score.team]} this round: {parts}; total {score.total:+d}.")
    if state.winner is not None:
        lines.append(f"{teams[state.winner]} won the game.")
    return lines


def _kind(meld: TableMeld, rules: RuleSet) -> str:
    """`` (red canasta)``, for railroad's kinds (rules §13.4)."""
    if not rules.several_melds:
        return ""
    kind = canasta_kind(meld, rules)
    return f" ({kind} canasta)" if kind is not None else ""


def _kitty_lines(state: GameState, shown: PlayerView | None) -> list[str]:
    """Each kitty's status (and cards, unless analysed from a seat that may not see them),
    what kinds each player still needs, and the sevens lock (rules §13.6-§13.10)."""
    rules = state.rules
    statuses = kitty_statuses(state)
    lines = []
    for seat, name in enumerate(rules.seat_names):
        status = statuses[seat].replace("_", " ")
        hidden = shown is not None and not (seat == shown.seat and shown.kitty)
        kitty = state.kitties[seat]
        cards = f"{len(kitty)} cards" if hidden or not kitty else cards_text(kitty)
        missing = ", ".join(kinds_missing(state.melds[rules.team_of(seat)], rules)) or "none"
        lines.append(f"{name} kitty: {status}, {cards}; canastas still needed: {missing}.")
    locked = sevens_locked(state.melds, rules)
    lines.append("Sevens: locked." if locked else "Sevens: may be discarded.")
    return lines


def _seat_of(state: GameState, name: str | None) -> int | None:
    """The seat ``--seat`` names at the file's table."""
    if name is None:
        return None
    seats = [seat.lower() for seat in state.rules.seat_names]
    if name.lower() not in seats:
        raise _UserError(
            f"--seat {name}: the table ({state.rules.label}) has the seats "
            f"{', '.join(state.rules.seat_names)}."
        )
    return seats.index(name.lower())


def run(args: argparse.Namespace) -> int:
    """Run ``canasta analyze``."""
    try:
        state = load_state(Path(args.file))
        seat = _seat_of(state, args.seat)
        if args.action is None:
            if args.out:
                raise _UserError("--out goes with --apply: give the action to apply.")
            for line in describe_state(state, seat=seat):
                print(line)
            actions = legal_actions(state)
            print(f"Legal actions ({len(actions)}):")
            for action in actions:
                print(f"  {action}")
            return 0
        try:
            action = parse_action(args.action)
            step = apply(state, action)
        except IllegalActionError as error:
            raise _UserError(f"Illegal: {error}") from None
        except CanastaError as error:
            raise _UserError(str(error)) from None
        for line in describe_events(step.events, viewer=state.turn, rules=state.rules):
            print(line)
        if args.out:
            try:
                Path(args.out).write_text(position_of(step.state).to_json(), encoding="utf-8")
            except OSError as error:
                raise _UserError(f"{args.out}: cannot write it ({error.strerror}).") from None
            print(f"Wrote the resulting position to {args.out}.")
        return 0
    except _UserError as error:
        print(f"canasta analyze: {error}", file=sys.stderr)
        return USAGE_ERROR
