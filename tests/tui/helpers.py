"""Shared helpers for the TUI tests: an app with seeded random bots, waiting for bots,
the screen as text, and a simple South policy that tries every kind of move."""

from __future__ import annotations

import asyncio
import contextlib

from textual import events
from textual.app import App
from textual.geometry import Region
from textual.keys import key_to_character
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import RichLog
from textual.worker import WorkerCancelled

from canasta.bots import RandomBot
from canasta.engine import (
    Action,
    AskPartner,
    Card,
    Discard,
    DrawStock,
    GameState,
    LayOff,
    Meld,
    Phase,
    RuleSet,
    TakePile,
    classic,
    is_wild,
    legal_actions,
)
from canasta.tui.app import CanastaApp, make_app
from canasta.tui.options import Options
from canasta.tui.table_app import TableApp
from canasta.tui.widgets import HandView

SEED = 12
BOT_SEED = 1


def make_test_app(
    *,
    seed: int = SEED,
    state: GameState | None = None,
    ascii: bool = False,
    rules: RuleSet = classic,
) -> CanastaApp:
    """An app of ``rules`` (or ``state``'s) with seeded random bots playing instantly at
    every seat but South."""
    players = (state.rules if state is not None else rules).players
    return make_app(
        Options(seed=seed, rules=rules, levels=("random",), pace="instant", ascii=ascii),
        state=state,
        bots=[RandomBot() for _ in range(players - 1)],
        bot_seed=BOT_SEED,
    )


async def settle(pilot: Pilot[int]) -> None:
    """Wait until the app has nothing left to do: every worker finished (bots chain one
    worker per move) and the screen ``drawn``."""
    app = pilot.app
    for _ in range(_ROUNDS):
        with contextlib.suppress(WorkerCancelled):
            await app.workers.wait_for_complete()
        await drawn(pilot)
        if all(worker.is_finished for worker in app.workers):
            return
    raise AssertionError(f"a worker was still running after {_ROUNDS} rounds")


async def drawn(pilot: Pilot[int]) -> None:
    """Wait until the app, its screen and every widget on it wait for a message, none
    queued and none being handled (a screen just pushed is composed and mounted), and the
    screen shows the latest change; a worker may still run (a bot held thinking).

    Each turn of the event loop looks at the queues (``Pilot.pause`` instead sends every
    widget a message and waits for each to answer, some 20 messages a wait)."""
    app = pilot.app
    for _ in range(_TURNS):
        if app.return_code is not None:
            return  # the app is closing: nothing more will be handled or drawn
        await asyncio.sleep(0)
        screen = app.screen
        if not _waiting(app, screen):
            continue
        screen._on_timer_update()  # draws what changed, as the screen's timer would
        if _waiting(app, screen) and not (
            screen._layout_required
            or screen._repaint_required
            or screen._recompose_required
            or screen._dirty_widgets
            or screen._callbacks
        ):
            return
    raise AssertionError(f"the app was still busy after {_TURNS} turns of the event loop")


def _waiting(app: App[int], screen: Screen[object]) -> bool:
    """Whether the app, ``screen`` and every widget on it wait for their next message (an
    empty queue, a waiter on it) with no callback due."""
    return all(
        not pump._message_queue.values
        and pump._message_queue.ready_event._waiters
        and not pump._next_callbacks
        for pump in (app, *screen.walk_children(with_self=True))
    )


async def press(pilot: Pilot[int], *keys: str, bots: bool = True) -> None:
    """Press ``keys`` (key names, as in bindings) one after the other as the terminal sends
    them, each once the app has settled after the last (``bots=False``: once it has only
    ``drawn``, a bot may be held thinking). ``Pilot.press`` instead waits until the process
    looks idle, 40 ms a key at least."""
    app = pilot.app
    for key in keys:
        app.post_message(events.Key(key, key_to_character(key)))
        await (settle(pilot) if bots else drawn(pilot))


#: Rounds of waiting before ``settle`` gives up (each round lets the workers finish and the
#: app handle everything queued; a bot's move takes one or two).
_ROUNDS = 10_000
#: Turns of the event loop before ``drawn`` gives up (a move takes some tens).
_TURNS = 100_000


def screen_text(app: CanastaApp) -> str:
    """What the terminal shows, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def log_text(app: TableApp) -> str:
    """The game log (empty until its widget is up, once the first frame is drawn)."""
    return "\n".join(strip.text for log in app.table_screen.query(RichLog) for strip in log.lines)


def box_text(app: CanastaApp, selector: str) -> str:
    """What the table shows inside the widget ``selector`` (its content region), as text."""
    return region_text(app, app.table_screen.query_one(selector).content_region)


def region_text(app: CanastaApp, box: Region) -> str:
    """What the terminal shows inside ``box``, as text."""
    lines = screen_text(app).splitlines()
    return "\n".join(line[box.x : box.right].rstrip() for line in lines[box.y : box.bottom])


def south_choice(state: GameState, asked: set[int]) -> Action:
    """South's move in the scripted round: take the pile, meld, lay off with a natural
    card, ask partner once a round, else draw or discard."""
    legal = legal_actions(state)
    takes = [a for a in legal if isinstance(a, TakePile) and a.cards]
    if takes:
        return takes[0]
    if DrawStock() in legal:
        return DrawStock()
    if AskPartner() in legal and state.round_no not in asked:
        asked.add(state.round_no)
        return AskPartner()
    melds = [a for a in legal if isinstance(a, Meld) and len(a.cards) >= 3]
    if melds:
        return max(melds, key=lambda a: len(a.cards))
    lay_offs = [a for a in legal if isinstance(a, LayOff) and any(not is_wild(c) for c in a.cards)]
    if lay_offs:
        return lay_offs[0]
    discards = [a for a in legal if isinstance(a, Discard)]
    return discards[-1] if discards else legal[0]


async def click_cards(pilot: Pilot[int], cards: tuple[object, ...]) -> None:
    """Select ``cards`` in South's hand by clicking them."""
    app = pilot.app
    assert isinstance(app, CanastaApp)
    hand = app.table_screen.query_one(HandView)
    per_line = hand._per_line()
    taken: set[int] = set()
    for card in cards:
        index = next(
            i for i, c in enumerate(app.table_screen.cards) if c == card and i not in taken
        )
        taken.add(index)
        # border and padding, then six cells per card and two lines per row of cards
        x = 2 + (index % per_line) * 6 + 2
        y = 1 + (index // per_line) * 2
        await pilot.click(HandView, offset=(x, y))


def select_cards(app: CanastaApp, cards: tuple[Card, ...]) -> None:
    """Select ``cards`` in the hand at the keyboard as a click on each does, without the
    mouse's waits (for tests about something else: clicking is tested at the table)."""
    screen = app.table_screen
    taken: set[int] = set()
    for card in cards:
        index = next(i for i, c in enumerate(screen.cards) if c == card and i not in taken)
        taken.add(index)
        screen.toggle(index)


def is_south_turn(state: GameState) -> bool:
    """South must decide (draw or play)."""
    return state.to_move == 0 and state.phase in (Phase.DRAW, Phase.PLAY)
