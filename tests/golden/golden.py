"""Golden games: recorded games whose every state and score are pinned.

Regenerate (only after a deliberate rules change, and say so in the commit) with::

    python tests/golden/golden.py
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from canasta.engine import GameState, Phase, RoundScore, apply, legal_actions, new_game
from canasta.engine.cards import cards_text
from canasta.engine.record import make_record

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"

#: name -> (seed, rounds to play; the game ends earlier if a team wins)
GAMES = {
    "seed1_whole_game": (1, 99),
    "seed2_two_rounds": (2, 2),
    "seed77_one_round": (77, 1),
}


def summary(state: GameState) -> str:
    """A canonical one-line text of everything in a state (for the digest)."""
    parts = [
        f"r{state.round_no} d{state.dealer} {state.phase.value} t{state.turn}",
        "stock " + cards_text(state.stock),
        "pile " + cards_text(state.pile) + (" frozen" if state.pile_frozen else ""),
        *("hand " + cards_text(hand) for hand in state.hands),
        *(
            "melds " + "; ".join(f"{m.rank}: {cards_text(m.cards)}" for m in melds)
            for melds in state.melds
        ),
        *("red " + cards_text(red) for red in state.red_threes),
        f"melded {state.melded} min {state.minimums} scores {state.scores}",
        f"turn {state.played} {state.turn_value} {state.asked} {state.permission}",
        "pending " + cards_text(state.pending),
        *("known " + cards_text(k) for k in state.known),
        f"out {state.went_out} winner {state.winner}",
    ]
    return " | ".join(parts)


def digest(states: list[GameState]) -> str:
    """SHA-256 of the summaries of every state."""
    h = hashlib.sha256()
    for state in states:
        h.update(summary(state).encode())
        h.update(b"\n")
    return h.hexdigest()


#: Score parts only railroad fills (rules §13.12); the classic games pinned here have none.
_RAILROAD_PARTS = (
    "wild_canastas",
    "wild_canasta_points",
    "sevens_canastas",
    "sevens_canasta_points",
    "kitty",
)


def _parts(score: RoundScore) -> dict[str, int]:
    parts: dict[str, int] = score._asdict() | {"total": score.total}
    if score.wild_canastas is None:
        for name in _RAILROAD_PARTS:
            del parts[name]
    return parts


def scores_of(state: GameState) -> list[list[dict[str, int]]]:
    """Every round's score parts."""
    return [[_parts(score) for score in pair] for pair in state.history]


def play(seed: int, rounds: int) -> tuple[GameState, list]:  # type: ignore[type-arg]
    """A seeded random game of ``rounds`` rounds (or to its end)."""
    rng = random.Random(seed * 7919)
    initial = state = new_game(seed=seed)
    actions = []
    finished = 0
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ROUND_OVER:
            finished += 1
            if finished >= rounds:
                break
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action).state
    return initial, actions


def regenerate() -> None:
    DATA.mkdir(exist_ok=True)
    for name, (seed, rounds) in GAMES.items():
        initial, actions = play(seed, rounds)
        record = make_record(initial, actions)
        (DATA / f"{name}.record.json").write_text(record.to_json(), encoding="utf-8")
        states = [initial]
        for action in actions:
            states.append(apply(states[-1], action).state)
        expected = {
            "states": len(states),
            "digest": digest(states),
            "final_scores": list(states[-1].scores),
            "phase": states[-1].phase.value,
            "rounds": scores_of(states[-1]),
        }
        (DATA / f"{name}.expected.json").write_text(
            json.dumps(expected, indent=2) + "\n", encoding="utf-8"
        )


if __name__ == "__main__":
    regenerate()
