"""Hot-seat play: the seating screen, curtains between humans, and privacy checked on the
rendered screen (the card labels drawn in the hand area, the log's draws), never on the
widget tree's idea of whose hand it holds."""

from __future__ import annotations

import random
import re
import threading
from collections import Counter
from collections.abc import Sequence

from textual.pilot import Pilot
from textual.widgets import RichLog

from canasta.bots import Decision, RandomBot
from canasta.engine import (
    Action,
    AskPartner,
    Discard,
    DrawStock,
    GameState,
    IllegalActionError,
    LayOff,
    Meld,
    Phase,
    PlayerView,
    TakePile,
    check,
    parse_card,
    parse_cards,
)
from canasta.session import HUMAN
from canasta.tui.app import CanastaApp, make_app
from canasta.tui.hotseat import CurtainScreen, Seating, SeatingScreen
from canasta.tui.options import Options
from canasta.tui.players import Players
from canasta.tui.screens import MessageScreen, ScoreSheetScreen

from .helpers import (
    BOT_SEED,
    box_text,
    click_cards,
    drawn,
    press,
    screen_text,
    select_cards,
    settle,
    south_choice,
)
from .test_table import going_out_position

#: A card label as the table draws it (Unicode mode).
CARD = re.compile(r"JK|(?:10|[2-9AJQK])[♣♦♥♠]")
DREW = re.compile(r"(\w+) drew (\S+) from the stock")
KEYS = {DrawStock: "d", TakePile: "t", Meld: "m", LayOff: "l", Discard: "x", AskPartner: "a"}
ROUND_SEED = 216
# Short deals played whole: with four humans playing the simple policy someone asks partner
# and the round ends when a player goes out; with two partners against two random bots, the
# bots think at least four times.
FOUR_HUMANS_SEED, PARTNERS_SEED = 176, 1124

FOUR_HUMANS = Seating(kinds=(HUMAN, HUMAN, HUMAN, HUMAN))
PARTNERS_VS_BOTS = Seating(
    kinds=(HUMAN, "random", HUMAN, "random"), names=("Ann", "West", "Bob", "East")
)


def hotseat_app(
    seating: Seating | None, *, state: GameState | None = None, seed: int = ROUND_SEED
) -> CanastaApp:
    """A hot-seat app playing instantly, random bots seeded, from ``seed``'s deal."""
    options = Options(seed=seed, pace="instant", hotseat=True)
    return make_app(options, state=state, bot_seed=BOT_SEED, seating=seating)


class GatedBot:
    """A random bot that decides only once the test opens its gate (so the test can look
    at the table while the bot is thinking)."""

    def __init__(self, gate: threading.Event) -> None:
        self.gate = gate
        self.bot = RandomBot()

    def decide(self, seen: PlayerView, legal: Sequence[Action], rng: random.Random) -> Decision:
        """The random bot's choice, once the gate is open."""
        assert self.gate.wait(timeout=30), "the test never opened the gate"
        return self.bot.decide(seen, legal, rng)


def shown_hand(app: CanastaApp) -> Counter[str]:
    """The card labels drawn inside the hand's box on the screen."""
    return Counter(CARD.findall(box_text(app, "HandView")))


def labels(app: CanastaApp, seat: int) -> Counter[str]:
    """The labels of ``seat``'s hand, from the engine's state."""
    return Counter(app.style.label(card) for card in app.session.state.hands[seat])


def log_draws(app: CanastaApp) -> list[str]:
    """The seats whose drawn card the whole rendered log names."""
    log = app.table_screen.query_one(RichLog)
    text = " ".join(strip.text for strip in log.lines)
    return [who for who, _ in DREW.findall(text)]


async def assert_private(pilot: Pilot[int], app: CanastaApp) -> None:
    """On screen now: a curtain shows no card; the table shows only the hand of the human
    who must act (none while a bot plays), and the log names only that human's draws."""
    await drawn(pilot)
    text = screen_text(app)
    if isinstance(app.screen, CurtainScreen):
        assert not CARD.search(text), text
        assert "Pass" in text or "asks whether they may go out" in text
        return
    state = app.session.state
    mover = state.to_move
    if mover is None:
        return  # The round is over: every hand may be seen.
    if app.session.is_human(mover):
        shown, own = shown_hand(app), labels(app, mover)
        # A dialog over the table may cover part of the hand: then no card but the mover's.
        assert shown == own if app.screen is app.table_screen else shown <= own
        assert set(log_draws(app)) <= {"You"}  # the mover at the keyboard, told as "You"
    else:
        assert shown_hand(app) == Counter()
        assert "Hidden until the next player is at the keyboard." in text
        assert log_draws(app) == []


async def play_round(
    pilot: Pilot[int], app: CanastaApp, gate: threading.Event | None = None
) -> Counter[str]:
    """Play the round to its score sheet, every human by keys, checking the screen
    at every step (and, with gated bots, while each bot thinks); return what happened."""
    asked: set[int] = set()
    seen: Counter[str] = Counter()
    while True:
        await drawn(pilot)
        mover = app.session.state.to_move
        if gate is not None and mover is not None and not app.session.is_human(mover):
            await assert_private(pilot, app)
            seen["a bot thought, no hand shown"] += 1
            gate.set()
            await settle(pilot)
            gate.clear()
            continue
        await settle(pilot)
        await assert_private(pilot, app)
        screen = app.screen
        if isinstance(screen, ScoreSheetScreen):
            return seen
        if isinstance(screen, CurtainScreen):
            seen["curtain: " + screen.title_text] += 1
            await press(pilot, "enter", bots=False)
            continue
        if isinstance(screen, MessageScreen):
            seen["answered by a bot"] += 1
            await press(pilot, "enter", bots=False)
            continue
        assert screen is app.table_screen, screen
        state = app.session.state
        assert state.to_move is not None and app.session.human_to_move
        if state.phase is Phase.ANSWER:
            # A human partner answers at the table, seeing their own hand.
            seen["answered by " + state.rules.seat_name(state.to_move)] += 1
            await press(pilot, "y", bots=False)
            continue
        action = south_choice(state, asked)
        before = len(app.session.actions)
        cards = getattr(action, "cards", ())
        if isinstance(action, Discard):
            cards = (action.card,)
        select_cards(app, cards)
        await press(pilot, KEYS[type(action)], bots=False)
        assert app.session.actions[before] == action
        seen[type(action).__name__] += 1
        if isinstance(action, Discard) and app.session.state.phase is Phase.DRAW:
            # The hand is hidden again at once: a curtain or a hidden table.
            await assert_private(pilot, app)
            assert shown_hand(app) == Counter() or isinstance(app.screen, CurtainScreen)


async def test_four_humans_play_a_round_and_nobody_sees_another_hand() -> None:
    app = hotseat_app(FOUR_HUMANS, seed=FOUR_HUMANS_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_round(pilot, app)
        assert app.session.state.phase is Phase.ROUND_OVER
        for seat in ("South", "West", "North", "East"):
            assert seen[f"curtain: Pass to {seat}."] >= 1, seen
        assert seen["AskPartner"] >= 1 and seen["Discard"] >= 4
        assert any(key.startswith("curtain: Pass back to") for key in seen), seen
        assert any(key.startswith("answered by") for key in seen), seen
        assert any(key.endswith("asks whether they may go out.") for key in seen), seen
        # Everybody sees the sheet; the next deal waits behind a curtain.
        await press(pilot, "n")
        await settle(pilot)
        assert app.session.state.round_no == 2
        assert isinstance(app.screen, CurtainScreen)
        await assert_private(pilot, app)


async def test_two_partners_against_two_bots_play_a_round_privately() -> None:
    app = hotseat_app(PARTNERS_VS_BOTS, seed=PARTNERS_SEED)
    gate = threading.Event()
    app.players = Players(
        app.session.seats, names=app.session.names, bots=[GatedBot(gate)] * 3, bot_seed=BOT_SEED
    )
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_round(pilot, app, gate)
        assert seen["a bot thought, no hand shown"] >= 4, seen
        assert app.session.state.phase is Phase.ROUND_OVER
        assert seen["curtain: Pass to Ann (South)."] >= 1, seen
        assert seen["curtain: Pass to Bob (North)."] >= 1, seen
        assert not any("West" in key or "East" in key for key in seen if "curtain" in key)


async def ask_north(pilot: Pilot[int], app: CanastaApp, key: str) -> None:
    """South asks; North answers ``key`` (y or n) behind curtains; South is back."""
    await settle(pilot)
    assert isinstance(app.screen, CurtainScreen)
    assert app.screen.title_text == "Pass to South."
    await press(pilot, "enter")
    await settle(pilot)
    assert shown_hand(app) == labels(app, 0)
    await press(pilot, "a")
    assert isinstance(app.screen, CurtainScreen)
    text = screen_text(app)
    assert "North: South asks whether they may go out." in text
    assert "Press Enter when only North is looking." in text
    assert not CARD.search(text)
    await press(pilot, "enter")
    await settle(pilot)
    assert app.screen is app.table_screen
    text = screen_text(app)
    assert "South asks whether they may go out. y: yes, South must go out" in text
    assert "y Yes" in text and "n No" in text
    assert shown_hand(app) == labels(app, 2) == Counter(["6♣", "6♦", "7♥"])
    await press(pilot, key)
    assert isinstance(app.screen, CurtainScreen)
    text = screen_text(app)
    assert "Pass back to South." in text
    answer = "Yes: South must go out" if key == "y" else "No: South may not go out"
    assert f"North answered {answer} this turn." in text
    assert not CARD.search(text)
    await press(pilot, "enter")
    await settle(pilot)
    assert app.screen is app.table_screen
    assert shown_hand(app) == labels(app, 0)


def refusal(state: GameState, action: Action) -> str:
    """The engine's sentence refusing ``action``."""
    try:
        check(state, action)
    except IllegalActionError as error:
        return error.sentence
    raise AssertionError(f"{action} is legal")


def refused(app: CanastaApp) -> list[str]:
    """The refusals notified so far."""
    return [note.message for note in app._notifications if note.title == "Not allowed"]


async def test_a_human_partners_no_binds() -> None:
    partners = Seating(kinds=(HUMAN, "random", HUMAN, "random"))
    app = hotseat_app(partners, state=going_out_position().to_state())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await ask_north(pilot, app, "n")
        state = app.session.state
        assert state.permission is False
        going_out = Meld(parse_cards("h5 d5 s5"))
        sentence = refusal(state, going_out)
        assert "partner said no" in sentence.lower()
        await click_cards(pilot, going_out.cards)
        assert sentence in " ".join(screen_text(app).split())  # the status line says why
        await press(pilot, "m")  # no meld is legal: the key does nothing
        assert app.session.state is state
        assert not app.submit(going_out)
        await settle(pilot)
        assert refused(app) == [sentence]
        assert app.session.state is state


async def test_a_human_partners_yes_binds() -> None:
    app = hotseat_app(FOUR_HUMANS, state=going_out_position().to_state())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await ask_north(pilot, app, "y")
        state = app.session.state
        assert state.permission is True
        staying_in = Discard(parse_card("c9"))
        sentence = refusal(state, staying_in)
        assert "must go out" in sentence
        await click_cards(pilot, parse_cards("c9"))
        await press(pilot, "x")  # no discard is legal before the melds: nothing happens
        assert app.session.state is state
        assert not app.submit(staying_in)
        await settle(pilot)
        assert refused(app) == [sentence]
        assert app.session.state is state
        await click_cards(pilot, parse_cards("c9 h5 d5 s5"))  # unselect c9, select the meld
        await press(pilot, "m")
        await click_cards(pilot, parse_cards("c9"))
        await press(pilot, "x")
        await settle(pilot)
        assert app.session.state.phase is Phase.ROUND_OVER
        assert isinstance(app.screen, ScoreSheetScreen)


async def test_the_seating_screen_seats_a_preset_and_names() -> None:
    app = make_app(Options(seed=ROUND_SEED, pace="instant", hotseat=True), bot_seed=BOT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SeatingScreen)
        await press(pilot, "1")
        await pilot.click("#name1")
        await press(pilot, *"Anna", "tab")
        await pilot.click("#start")
        await settle(pilot)
        assert app.session.seats == (HUMAN, HUMAN, HUMAN, HUMAN)
        assert app.session.names == ("South", "Anna", "North", "East")
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.title_text == "Pass to South."
        await press(pilot, "enter", "d", "x")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.title_text == "Pass to Anna (West)."
        assert "Press Enter when only Anna is looking." in screen_text(app)


async def test_new_game_from_the_table_reaches_the_seating_screen() -> None:
    app = hotseat_app(Seating(kinds=(HUMAN, "random", "random", "random")))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen is app.table_screen  # One human: no curtain.
        await press(pilot, "g")
        assert isinstance(app.screen, SeatingScreen)
        await press(pilot, "escape")
        assert app.screen is app.table_screen and app.session.state.seed == ROUND_SEED
        await press(pilot, "g", "2")
        await pilot.click("#start")
        await settle(pilot)
        assert app.session.state.seed == ROUND_SEED + 1
        assert app.session.seats[0] == app.session.seats[2] == HUMAN
        assert app.session.seats[1] != HUMAN and app.session.seats[3] != HUMAN
        assert isinstance(app.screen, CurtainScreen)


async def test_ascii_mode_seating_and_curtain_draw_only_ascii() -> None:
    options = Options(seed=ROUND_SEED, pace="instant", hotseat=True, ascii=True)
    app = make_app(options, bot_seed=BOT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SeatingScreen)
        assert screen_text(app).isascii()
        await press(pilot, "1", "enter")
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        text = screen_text(app)
        assert text.isascii() and "Enter Continue" in text
