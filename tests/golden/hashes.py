"""The golden hash: one digest over every listing, event and round-end position of seeded
play at every table of every rule system, so that a faster engine can prove it plays the
same game.

Print the digests (and the seconds each table took) with::

    python tests/golden/hashes.py

``tests/golden/test_hashes.py`` pins them; change them only for a deliberate rules change,
and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import time

from canasta.engine import (
    PLAYER_COUNTS,
    SYSTEMS,
    Action,
    Answer,
    Discard,
    DrawStock,
    GameState,
    NextRound,
    Phase,
    apply,
    legal_actions,
    new_game,
    preset,
)
from canasta.engine.record import position_of
from canasta.protocol.messages import event_message

#: Seeds of the games played at each table, and the rounds each game plays (or fewer, if
#: the game ends first).
SEEDS = (1, 2, 3)
ROUNDS = 2

#: Every table of every rule system, as ``system-players``.
TABLES = tuple(f"{system}-{players}" for system in SYSTEMS for players in PLAYER_COUNTS[system])


def _choose(state: GameState, rng: random.Random) -> str:
    """A seeded choice that melds and goes out more often than uniform random play would."""
    listed = legal_actions(state)
    building = [a for a in listed if not isinstance(a, (Discard, DrawStock, Answer))]
    pool = building if building and rng.random() < 0.7 else listed
    return str(pool[rng.randrange(len(pool))])


def play(table: str, seed: int) -> bytes:
    """The canonical text of one seeded game at ``table``: each listing, the events as every
    seat hears them, and each round's end as a position."""
    system, players = table.rsplit("-", 1)
    state = new_game(preset(system, int(players)), seed=seed)
    rng = random.Random(seed)
    lines: list[str] = []
    action: Action
    while True:
        listed = legal_actions(state)
        lines.append(" ".join(str(action) for action in listed))
        if state.phase is Phase.ROUND_OVER:
            lines.append(position_of(state).to_json())
            if state.round_no >= ROUNDS:
                break
            action = NextRound()
        elif state.phase is Phase.GAME_OVER:
            lines.append(position_of(state).to_json())
            break
        else:
            choice = _choose(state, rng)
            action = next(a for a in listed if str(a) == choice)
        state, events = apply(state, action)
        for event in events:
            heard = [event_message(event, seat) for seat in range(state.rules.players)]
            lines.append(json.dumps(heard, sort_keys=True))
    return "\n".join(lines).encode()


def digest(table: str) -> str:
    """The SHA-256 (first 16 hex digits) of every game played at ``table``."""
    h = hashlib.sha256()
    for seed in SEEDS:
        h.update(play(table, seed))
        h.update(b"\0")
    return h.hexdigest()[:16]


def main() -> None:
    total = hashlib.sha256()
    for table in TABLES:
        start = time.process_time()
        value = digest(table)
        total.update(value.encode())
        print(f"{table:<15} {value}  ({time.process_time() - start:.2f} s CPU)")
    print(f"{'all':<15} {total.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
