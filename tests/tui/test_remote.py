"""``canasta join``: the table's screens driven by a real table server on a free loopback
port. Two seats play in the app (keys pressed as a person would), the others through a
scripted client; each test checks what each screen shows and what the server's game holds.
"""

from __future__ import annotations

import asyncio
import re
import socket
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.net.helpers import can_go_out
from textual.pilot import Pilot

from canasta.engine import Discard, DrawStock, RuleSet, parse_cards, preset
from canasta.net.client import TableClient
from canasta.net.server import TableServer
from canasta.net.wire import Act, JoinLink, Ready, ServerMessage, Update
from canasta.tui import remote
from canasta.tui.remote import RemoteApp
from canasta.tui.screens import ConfirmScreen, MessageScreen, ScoreSheetScreen
from canasta.tui.widgets import StatusLine

from .helpers import log_text as log
from .helpers import screen_text, select_cards

SIZE = (80, 24)
#: The most pauses any wait takes (each a fiftieth of a second): a screen that never shows
#: what it should fails the test, it does not hang it.
PAUSES = 500


async def until(pilot: Pilot[int], done: Callable[[], bool], what: str) -> None:
    """Let the app run until ``done()`` (bounded)."""
    for _ in range(PAUSES):
        if done():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never happened: {what}\n{screen_text(pilot.app)}")  # type: ignore[arg-type]


async def shows(pilot: Pilot[int], text: str) -> None:
    """Let the app run until its screen shows ``text`` (bounded)."""
    await until(pilot, lambda: text in screen_text(pilot.app), f"{text!r} on the screen")  # type: ignore[arg-type]


def status(app: RemoteApp) -> str:
    return app.table_screen.query_one(StatusLine).text


def notices(app: RemoteApp, title: str) -> list[str]:
    return [note.message for note in app._notifications if note.title == title]


def hand(app: RemoteApp) -> tuple[int, ...]:
    return app.table_screen.cards


class Player:
    """A seat played by a scripted client: it draws, discards its first legal discard,
    answers yes, and is ready for the next deal."""

    def __init__(self, link: JoinLink | None) -> None:
        assert link is not None
        self.client = TableClient(link)
        self.updates: list[Update] = []
        self._sending: set[asyncio.Task[bool]] = set()
        self.task = asyncio.create_task(self.client.run(self._got))

    def _got(self, message: ServerMessage) -> None:
        if not isinstance(message, Update):
            return
        self.updates.append(message)
        moves = [m for m in message.legal if m in ("draw", "yes") or m.startswith("discard")]
        between = message.view.phase in ("round_over", "game_over")
        if moves:
            self._send(Act(action=moves[0]))
        elif between and message.view.seat not in message.ready:
            self._send(Ready())

    def _send(self, message: Act | Ready) -> None:
        task = asyncio.create_task(self.client.send(message))
        self._sending.add(task)  # kept until sent: the loop holds tasks only weakly
        task.add_done_callback(self._sending.discard)

    async def leave(self) -> None:
        await self.client.close()
        await asyncio.wait_for(self.task, 10)


def server() -> TableServer:
    """A server whose rate limit no test reaches."""
    return TableServer("127.0.0.1", 0, rate=10_000, burst=10_000)


async def test_two_screens_play_a_turn_each_and_see_who_is_away() -> None:
    async with server() as running:
        table = running.open_table(rules=preset("classic"), seats=["human"] * 4, seed=7)
        links = table.links
        west, east = Player(links[1]), Player(links[3])
        assert links[0] is not None and links[2] is not None
        south, north = RemoteApp(links[0]), RemoteApp(links[2])
        async with south.run_test(size=SIZE) as sp, north.run_test(size=SIZE) as np:
            await until(sp, lambda: south.seen is not None and north.seen is not None, "joined")
            assert status(south).startswith("Your turn: d draws from the stock")
            assert status(north) == "Waiting for South to play…"
            # The log's widget comes up after the first frame, with the lines so far.
            await until(np, lambda: "Joined the table" in log(north), "North's log")
            assert "Joined the table as North: classic, 4 players." in log(north)
            assert "Round 1 is in play (East dealt): North-South 0, East-West 0." in log(north)
            assert len(hand(north)) == 11
            await shows(np, "Your hand: 11 cards")

            before = Counter(hand(south))
            await sp.press("d")
            await until(sp, lambda: len(hand(south)) == 12, "South's draw")
            assert table.session.actions == [DrawStock()]
            (card,) = Counter(hand(south)) - before
            assert f"You drew {south.style.label(card)} from the stock." in log(south)
            # North hears of the draw, never of the card.
            assert [line for line in log(north).splitlines() if "drew" in line] == [
                "South drew from the stock."
            ]

            await sp.press("x")  # the card under the cursor
            await until(np, lambda: bool(north.legal), "North's turn")
            assert isinstance(table.session.actions[1], Discard)
            assert status(north).startswith("Your turn: d draws from the stock")
            await until(sp, lambda: status(south) == "Waiting for North to play…", "South waits")
            await np.press("h")
            await until(np, lambda: bool(notices(north, "Hint")), "North's hint")
            await shows(sp, "North-South (you)")

            await west.leave()
            await until(sp, lambda: "West left the table." in log(south), "West's leaving")
            assert re.search(r"West is away: a bot plays in \d+ s\.$", status(south))
        # The countdown's timer may tick once more while the app closes, after its widgets
        # are down: that tick does nothing.
        assert south._deadlines
        south._tick()
        await east.leave()


async def test_partner_answers_on_their_screen_and_the_next_deal_waits_for_both() -> None:
    async with server() as running:
        table = running.open_table(rules=preset("classic"), seats=["human"] * 4, seed=7)
        table.session = can_go_out()
        links = table.links
        west, east = Player(links[1]), Player(links[3])
        assert links[0] is not None and links[2] is not None
        south, north = RemoteApp(links[0]), RemoteApp(links[2])
        async with south.run_test(size=SIZE) as sp, north.run_test(size=SIZE) as np:
            await until(sp, lambda: south.seen is not None and north.seen is not None, "joined")
            # A meld the server refuses: its sentence, as a refusal shows; nothing changes.
            select_cards(south, tuple(parse_cards("c9 d9")))  # type: ignore[arg-type]
            await sp.press("m")
            await until(sp, lambda: bool(notices(south, "Not allowed")), "the refusal")
            assert notices(south, "Not allowed") == [
                "A meld needs at least 3 cards; these nines make 2."
            ]
            assert table.session.actions == []

            await sp.press("escape", "a")
            await until(np, lambda: isinstance(north.screen, ConfirmScreen), "the question")
            await shows(np, "South asks: may I go out?")
            asked = "Waiting for North to answer your question…"
            await until(sp, lambda: status(south) == asked, "South waits for the answer")
            assert all(update.question is None for update in west.updates + east.updates)

            await np.press("y")
            await until(sp, lambda: isinstance(south.screen, MessageScreen), "the answer")
            await shows(sp, "Yes: you must go out this turn.")
            assert table.session.state.permission is True
            await sp.press("enter")
            assert status(south).startswith("Partner said yes: you must go out this turn.")

            nines = tuple(parse_cards("c9 d9 h9"))
            select_cards(south, nines)  # type: ignore[arg-type]
            await sp.press("m")
            await until(sp, lambda: len(hand(south)) == 1, "South's meld")
            assert table.session.can_undo
            await shows(sp, "u Undo")
            await sp.press("u")
            await until(sp, lambda: len(hand(south)) == 4, "the undo")
            assert not table.session.can_undo and len(table.session.actions) == 2
            select_cards(south, nines)  # type: ignore[arg-type]
            await sp.press("m")
            await until(sp, lambda: len(hand(south)) == 1, "South's meld again")
            await sp.press("x")
            for app, pilot in ((south, sp), (north, np)):
                await until(
                    pilot, lambda app=app: isinstance(app.screen, ScoreSheetScreen), "sheet"
                )
                await shows(pilot, "Round 1 is over.")

            await sp.press("n")
            await until(
                sp, lambda: status(south).endswith("the next deal waits for North…"), "ready"
            )
            assert "Next round" not in screen_text(south)  # n has nothing more to do
            assert table.session.state.round_no == 1
            await np.press("n")
            await until(sp, lambda: south.seen is not None and south.seen.round_no == 2, "round 2")
            await until(np, lambda: "Round 2" in screen_text(north), "round 2 on North's screen")
            assert table.session.state.round_no == 2
        await west.leave()
        await east.leave()


async def test_a_meld_taken_back_is_told_in_every_seats_log() -> None:
    """The meld went into every log as it was made: its undo goes there too, or the others
    see a meld vanish from the table without a word."""
    async with server() as running:
        table = running.open_table(rules=preset("classic"), seats=["human"] * 4, seed=7)
        table.session = can_go_out()
        links = table.links
        west, east = Player(links[1]), Player(links[3])
        assert links[0] is not None and links[2] is not None
        south, north = RemoteApp(links[0]), RemoteApp(links[2])
        async with south.run_test(size=SIZE) as sp, north.run_test(size=SIZE) as np:
            await until(sp, lambda: bool(south.legal) and north.seen is not None, "joined")
            select_cards(south, tuple(parse_cards("c9 d9 h9")))  # type: ignore[arg-type]
            await sp.press("m")
            await until(np, lambda: "South melded three nines" in log(north), "the meld")
            await shows(sp, "u Undo")
            await sp.press("u")
            took_back = "took back a move: meld 9♣ 9♦ 9♥."
            await until(np, lambda: f"South {took_back}" in log(north), "North hears the undo")
            await until(sp, lambda: f"You {took_back}" in log(south), "South's own log")
            assert log(south).count("took back") == 1
        await west.leave()
        await east.leave()


async def test_the_screen_rejoins_by_itself_when_the_server_comes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server stops mid-turn; the screen says so and why, and takes no key (after a
    while it says the table may have moved); the server comes back from its table file on
    the same port, and the screen rejoins with the same hand."""
    saved = tmp_path / "table.json"
    first = server()
    async with first:
        table = first.open_table(
            rules=preset("classic"),
            seats=["human", "random", "random", "random"],
            seed=3,
            away_timeout=None,
            table_file=saved,
        )
        port = first.port
        assert table.links[0] is not None
        south = RemoteApp(table.links[0])
        async with south.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: bool(south.legal), "South's turn")
            await pilot.press("d")
            await until(pilot, lambda: len(hand(south)) == 12, "South's draw")
            held = hand(south)
            await first.close()
            await until(pilot, lambda: not south.client.connected, "the drop")
            assert status(south).startswith(f"Reconnecting to the table at ws://127.0.0.1:{port}")
            await until(pilot, lambda: "joining again in" in status(south), "the reason")
            assert "new link" not in status(south)
            monkeypatch.setattr(remote, "LOST_HINT", 0.0)  # as if it had been down a while
            await until(pilot, lambda: "ask them for your new link" in status(south), "the hint")
            await until(pilot, lambda: "x Discard" not in screen_text(south), "no discard key")
            await pilot.press("x")  # nothing to send it to: nothing happens
            assert hand(south) == held

            async with TableServer("127.0.0.1", port) as second:
                back = second.resume_table(saved)
                await until(pilot, lambda: "Back at the table." in log(south), "the rejoin")
                await until(pilot, lambda: bool(south.legal), "South's keys")
                assert hand(south) == held
                assert status(south).startswith("Select cards")
                await pilot.press("x")
                await until(pilot, lambda: len(hand(south)) == 11, "the discard")
                assert isinstance(back.session.actions[1], Discard)


@pytest.mark.parametrize(
    "rules",
    [preset("railroad", 3), preset("classic", 2), preset("classic", 6)],
    ids=lambda rules: rules.label,
)
async def test_every_table_size_and_railroad_play_remotely(rules: RuleSet) -> None:
    async with server() as running:
        seats = ["human", *["random"] * (rules.players - 1)]
        table = running.open_table(rules=rules, seats=seats, seed=5, away_timeout=None)
        assert table.links[0] is not None
        south = RemoteApp(table.links[0])
        async with south.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: bool(south.legal), "South's turn")
            dealt = len(hand(south))
            await until(pilot, lambda: "Joined the table" in log(south), "South's log")
            assert f"Joined the table as South: {rules.label}." in log(south)
            await pilot.press("d")
            await until(pilot, lambda: len(hand(south)) > dealt, "South's draw")
            assert table.session.actions == [DrawStock()]
            assert len(hand(south)) == len(table.session.state.hands[0])
            assert status(south).startswith("Select cards")


async def test_the_logs_first_line_calls_the_player_at_the_keyboard_you() -> None:
    """As the score bar and every other line of the log do, not by their own name."""
    async with server() as running:
        rules = preset("classic", 2)
        table = running.open_table(rules=rules, seats=["human"] * 2, names=["Sam", "Ada"])
        dealer = table.session.state.dealer
        link = table.links[dealer]
        assert link is not None
        app = RemoteApp(link)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: "Round 1 is in play" in log(app), "the first line")
            totals = "You 0, Ada 0" if dealer == 0 else "Sam 0, You 0"
            assert f"Round 1 is in play (You dealt): {totals}." in log(app)


async def test_a_refused_join_says_why_and_ends_the_app() -> None:
    async with server() as running:
        table = running.open_table(rules=preset("classic"), seats=["human"] * 4, seed=7)
        link = table.links[0]
        assert link is not None
        app = RemoteApp(JoinLink(url=link.url, table=link.table, token="not-the-token"))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, MessageScreen), "the refusal")
            await shows(pilot, "That token opens no seat at this table")
            assert app.seen is None and not app.legal
            await pilot.press("enter")
            await until(pilot, lambda: app.return_value is not None, "the app's end")
        assert app.return_value == 1  # canasta join exits with it
        assert app.refused is not None and app.refused.startswith("That token opens no seat")


def test_canasta_join_joins_as_the_device_name_it_keeps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Started twice, ``canasta join`` is the same device both times: a restarted join
    takes its seat straight back (docs/network.md)."""
    import argparse

    from canasta.persist import Paths, device_name
    from canasta.persist.paths import STATE_DIR_VARIABLE
    from canasta.tui import remote

    monkeypatch.setenv(STATE_DIR_VARIABLE, str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    joined: list[str] = []

    def run(app: RemoteApp) -> None:
        joined.append(app.client.device)

    monkeypatch.setattr(RemoteApp, "run", run)
    args = argparse.Namespace(link="ws://127.0.0.1:9/table/t#token", ascii=False, theme=None)
    assert remote.run(args) == 0
    assert remote.run(args) == 0
    assert joined == [device_name(Paths.from_environment())] * 2


async def test_before_the_table_answers_the_sheet_and_hint_wait_and_q_leaves_the_table() -> None:
    """Until the first update the app holds a placeholder game: its score sheet and hints
    would be no one's. ``q`` asks to leave the table, not to quit a game."""
    with socket.socket() as probe:  # a loopback port that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    link = JoinLink(url=f"ws://127.0.0.1:{port}/table/t", table="t", token="x")
    app = RemoteApp(link)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: "Joining the table" in status(app), "the joining status")
        for key in "sh":
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, ScoreSheetScreen)
            assert notices(app, "") == [
                "The table has not sent the game yet: wait for it to appear."
            ]
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await shows(pilot, "Leave the table?")
        await shows(pilot, "Your seat stays at the table")
        await pilot.press("n")
        await until(pilot, lambda: not isinstance(app.screen, ConfirmScreen), "the answer")
        assert app.return_value is None
