"""The table: layout at every size, ASCII mode, selection by keys and clicks, asking
partner both ways, hints, rules, the score sheet and quitting."""

from __future__ import annotations

from textual.widgets import Markdown, RichLog

from canasta.bots import RandomBot
from canasta.engine import Answer, AskPartner, LayOff, cards_value, new_game, parse_cards
from canasta.engine.record import Position
from canasta.resources import rules_text
from canasta.tui.app import CanastaApp, make_app
from canasta.tui.options import Options
from canasta.tui.screens import (
    ConfirmScreen,
    MeldChooser,
    MessageScreen,
    RulesScreen,
    ScoreSheetScreen,
)
from canasta.tui.widgets import HandView

from .helpers import BOT_SEED, SEED, click_cards, make_test_app, press, screen_text, settle

OTHERS = {"West": "c5 d5 h6", "North": "c6 d6 h7", "East": "c7 d7 h9"}
CANASTA = ["13: h13 h13 d13 d13 c13 c13 s13"]


def going_out_position(phase: str = "play", turn: str = "South") -> Position:
    """South (or ``turn``) may go out: the team has a canasta and a meld plus a discard."""
    hands = {**OTHERS, "South": "h5 d5 s5 c9"}
    if turn == "North":
        hands = {**hands, "North": "h8 d8 s8 c10", "South": "c4 d4 h4 s4 h6"}
    return Position(hands=hands, phase=phase, turn=turn, melds={"North-South": CANASTA})


async def test_a_terminal_below_80x24_shows_one_clear_sentence() -> None:
    app = make_test_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "This terminal is 70x20: Canasta needs at least 80x24" in text
        assert "Your hand" not in text
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        text = screen_text(app)
        assert "needs at least" not in text
        assert "Your hand: 11 cards" in text


async def test_the_table_at_80x24_shows_everything_the_player_needs() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        for words in (
            "Round 1",
            "Dealer East",
            "NS 0 min 50 not met",
            "West 11 cards",
            "North 11 cards",
            "East (dealer) 11 cards",
            "Pile:",
            "Frozen for you",
            "Stock: 63",
            "Red 3s: none",
            "Your turn: d draws from the stock",
            "Round 1: East dealt; You play first.",
        ):
            assert words in text, words


async def _table_at_100x32(app: CanastaApp) -> str:
    """The text of ``app``'s table once it has settled, at 100x32."""
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        return screen_text(app)


async def test_the_score_bar_names_the_dealer_as_the_table_names_the_players() -> None:
    # Named opponents (the settings' names): the header said "Dealer East" of Lee.
    named = make_app(
        Options(
            seed=SEED,
            levels=("random",),
            pace="instant",
            names={"West": "Kim", "North": "Bob", "East": "Lee"},
        ),
        bots=[RandomBot() for _ in range(3)],
        bot_seed=BOT_SEED,
    )
    text = await _table_at_100x32(named)
    assert "Dealer Lee" in text and "Lee (dealer)" in text
    assert "Dealer East" not in text
    # The player at the keyboard deals: the header says so as the seats bar does.
    position = Position(hands={**OTHERS, "South": "h5 d5 s5 c9"}, dealer="South")
    text = await _table_at_100x32(make_test_app(state=position.to_state()))
    assert "You deal" in text and "You (dealer)" in text
    assert "Dealer South" not in text


async def test_ascii_mode_draws_only_ascii() -> None:
    app = make_test_app(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "d", "x")
        await settle(pilot)
        text = screen_text(app)
        assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
        hand = " ".join(app.style.label(card) for card in app.table_screen.cards)
        assert all(label in text for label in hand.split())
        assert "+----" in text or "+-" in text


async def test_cards_are_selected_by_cursor_and_space_and_by_clicks() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "d", "right", "space", "right", "space")
        screen = app.table_screen
        assert screen.selected == {1, 2}
        chosen = screen.selection()
        points = cards_value(chosen)
        assert screen.query_one(HandView).border_subtitle == f"2 selected = {points} points"
        await press(pilot, "escape")
        assert screen.selected == set()
        await click_cards(pilot, (screen.cards[3],))
        assert screen.selected == {3}
        await click_cards(pilot, (screen.cards[3],))
        assert screen.selected == set()
        await press(pilot, "end")
        assert screen.cursor == len(screen.cards) - 1
        await press(pilot, "home")
        assert screen.cursor == 0
        order = screen.cards
        await press(pilot, "o")
        assert sorted(screen.cards) == sorted(order)
        assert screen.cards != order


async def test_south_asks_and_norths_answer_binds() -> None:
    app = make_test_app(state=going_out_position().to_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "a")
        await settle(pilot)
        assert isinstance(app.screen, MessageScreen)
        assert app.screen.title_text == "North answers"
        state = app.session.state
        assert app.session.actions[0] == AskPartner()
        answer = app.session.actions[1]
        assert isinstance(answer, Answer)
        assert state.permission is answer.yes
        await press(pilot, "enter")
        text = screen_text(app)
        assert "Partner said " + ("yes" if answer.yes else "no") in text
        assert 'You asked partner: "May I go out?"' in text


async def test_north_asks_and_south_answers_no() -> None:
    app = make_test_app(state=going_out_position(phase="answer", turn="North").to_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "North asks: may I go out?"
        await press(pilot, "n")
        await settle(pilot)
        assert app.session.actions[0] == Answer(False)
        log = app.table_screen.query_one(RichLog)
        assert any(line.text == 'You answered "No".' for line in log.lines)
        # North obeyed: it did not go out this turn.
        assert app.session.state.went_out is None


async def test_going_out_shows_the_round_sheet_and_n_deals_the_next_round() -> None:
    app = make_test_app(state=going_out_position().to_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await click_cards(pilot, parse_cards("h5 d5 s5"))
        await press(pilot, "m")
        await click_cards(pilot, parse_cards("c9"))
        await press(pilot, "x")
        await settle(pilot)
        assert isinstance(app.screen, ScoreSheetScreen)
        assert app.session.state.history[-1][0].going_out == 100
        await press(pilot, "n")
        await settle(pilot)
        assert app.session.state.round_no == 2


async def test_hint_rules_scores_and_quit() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await press(pilot, "h")
        await settle(pilot)
        hints = [note for note in app._notifications if note.title == "Hint"]
        assert len(hints) == 1 and hints[0].message
        await press(pilot, "r")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one(Markdown).source == rules_text()
        await press(pilot, "escape", "s")
        assert isinstance(app.screen, ScoreSheetScreen)
        await press(pilot, "escape", "q")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "n")
        assert app.return_code is None and app.screen is app.table_screen
        await press(pilot, "q", "y")
        assert app.return_code == 0


async def test_game_end_names_the_winner_and_n_starts_a_new_game() -> None:
    state = Position(
        hands={**OTHERS, "South": "c4 d4"},
        phase="game_over",
        winner="North-South",
        scores=(5100, 3000),
    ).to_state()
    app = make_test_app(state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "Game over: North-South won." in screen_text(app)
        await press(pilot, "n")
        assert isinstance(app.screen, ScoreSheetScreen)
        assert app.screen.title_text == "Game over: North-South won, 5100 to 3000. You won!"
        await press(pilot, "n")
        await settle(pilot)
        assert app.screen is app.table_screen
        assert app.session.actions == []
        assert app.session.state.round_no == 1
        assert app.session.state.seed == state.seed + 1


async def test_wild_cards_alone_are_laid_off_on_the_chosen_meld() -> None:
    state = Position(
        hands={**OTHERS, "South": "jk c4 d9 s9 h8"},
        phase="play",
        melds={"North-South": ["13: h13 d13 c13", "12: h12 d12 c12"]},
    ).to_state()
    app = make_test_app(state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await click_cards(pilot, parse_cards("jk"))
        await press(pilot, "l")
        assert isinstance(app.screen, MeldChooser)
        await press(pilot, "down", "enter")
        await settle(pilot)
        assert app.session.actions == [LayOff(13, parse_cards("jk"))]


async def test_a_partner_who_deals_is_marked_partner_and_dealer_in_one_parenthesis() -> None:
    app = make_test_app(state=new_game(seed=SEED, dealer=2))  # North deals
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "North (partner, dealer) " in text, text
        assert "(partner) (dealer)" not in text
