"""At 80x24 every fact a player needs stays on screen: late in a round both teams' melds,
however many (a line each, or packed short forms), a mixed canasta on one line, the score
sheet's two columns with whole points; early in a round the log gets the room the empty
meld panels leave, and with a big hand the log gives up lines so that every meld stays; a
hand of 50 cards or more shares the room with the log, scrolling when it must."""

from __future__ import annotations

import datetime
import random
import re
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import RichLog

from canasta.bots import NormalBot
from canasta.engine import (
    GameState,
    Phase,
    apply,
    cards_text,
    full_deck,
    legal_actions,
    new_game,
    preset,
    rank_of,
    view,
)
from canasta.engine.documents import rules_dict
from canasta.engine.position import Position, ScoreModel
from canasta.persist import Paths, Stats, Tally
from canasta.persist.stats import GameResult
from canasta.tui.app import CanastaApp
from canasta.tui.cards import rank_label
from canasta.tui.screens import ScoreSheetScreen
from canasta.tui.stats_screen import StatsScreen
from canasta.tui.team_panel import TeamPanel
from canasta.tui.widgets import HandView

from .helpers import box_text, make_test_app, press, screen_text, settle


def _score(melds: int, hands: int, *, natural: int = 0, mixed: int = 0, out: int = 0) -> ScoreModel:
    return ScoreModel(
        melds=melds,
        hands=hands,
        natural_canastas=natural,
        natural_canasta_points=500 * natural,
        mixed_canastas=mixed,
        mixed_canasta_points=300 * mixed,
        red_threes=0,
        red_three_points=0,
        going_out=out,
        concealed=0,
    )


#: Round 3: seven melds a team, two canastas each (one mixed with two wilds, one with three).
LATE = Position(
    round_no=3,
    hands={
        "South": "c5 d7 h9 s11 c12 s13 jk s4 s6 c8 d10",
        "West": "s7 s9 h11",
        "North": "c11 d12 s5",
        "East": "c9 h5 d8",
    },
    pile="s8 c7",
    melds={
        "North-South": [
            "1: h1 d1 c1 s1",
            "4: h4 d4 c4",
            "13: h13 h13 d13 d13 c13 c13 s13",
            "12: h12 d12 c12 s12 h12 c2 d2",
            "10: h10 d10 s10 c2",
            "11: h11 d11 s11",
            "8: h8 d8 c8 s8 h8",
        ],
        "East-West": [
            "5: h5 d5 c5 s5",
            "6: h6 h6 d6 d6 c6 c6 s6",
            "7: h7 d7 c7 s2",
            "1: h1 d1 c1 s1 jk jk h2",
            "9: h9 d9 c9",
            "4: s4 h4 d4",
            "10: c10 c10 s10",
        ],
    },
    scores=(3100, 4890),
    history=[
        (_score(1450, -40, natural=1, mixed=1, out=100), _score(1210, -85, natural=1)),
        (_score(835, -45), _score(1865, 0, natural=2, mixed=1, out=100)),
    ],
)

#: Eleven melds and eight, and a hand of fourteen cards: more melds than panel lines.
CROWDED = Position(
    round_no=2,
    hands={
        "South": "d1 c1 d4 c4 d5 c5 d8 c8 d9 c9 d10 c10 d11 c11",
        "West": "s11 s11 h11",
        "North": "h12 d12 c12",
        "East": "s3 c3 s7",
    },
    pile="s3 c3",
    red_threes={"North-South": "h3 d3"},
    melds={
        "North-South": [
            "1: h1 d1 c1",
            "4: h4 d4 c4",
            "5: h5 d5 c5",
            "6: h6 d6 c6",
            "7: h7 d7 c7 s7 h7 d7 c7",
            "8: h8 d8 c8",
            "9: h9 d9 c9",
            "10: h10 d10 c10",
            "11: h11 d11 c11",
            "12: h12 d12 c12 s12 c2 d2 h2",
            "13: h13 d13 c13",
        ],
        "East-West": [
            "1: s1 s1 h1",
            "4: s4 s4 h4",
            "5: s5 s5 h5",
            "6: s6 s6 h6 d6 c6 jk s2",
            "8: s8 s8 h8",
            "9: s9 s9 h9",
            "10: s10 s10 h10",
            "13: s13 s13 h13 d13 c13",
        ],
    },
)


def assert_every_meld_shown(app: CanastaApp, state: GameState) -> None:
    for team in (0, 1):
        text = box_text(app, f"#team{team}")
        for meld in state.melds[team]:
            label = f"{rank_label(meld.rank)} x{len(meld.cards)}"
            assert re.search(rf"(^|\s){re.escape(label)}", text, re.MULTILINE), (label, text)
            if meld.is_canasta(state.rules) and not meld.is_natural:
                # A mixed canasta's wild cards on the same line as its rank.
                assert re.search(rf"{re.escape(label)} ?★(?: MIXED|M) {meld.wilds}w", text), text
        assert not re.search(r"^\s*\d+w", text, re.MULTILINE), text  # nothing wrapped


async def test_late_in_a_round_every_meld_of_both_teams_is_on_screen() -> None:
    state = LATE.to_state()
    app = make_test_app(state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert_every_meld_shown(app, state)
        assert "★ NATURAL" in box_text(app, "#team0")
        assert "Your hand: 11 cards" in screen_text(app)


async def test_more_melds_than_lines_share_lines_and_all_stay_on_screen() -> None:
    state = CROWDED.to_state()
    app = make_test_app(state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.table_screen.query_one("#team0", TeamPanel)
        assert panel.content_region.height < 1 + len(state.melds[0])
        assert_every_meld_shown(app, state)
        text = screen_text(app)
        assert "Your hand: 14 cards" in text
        assert "Red 3s: 3♥ 3♦" in box_text(app, "#team0")
        assert "The pile is blocked" in text


async def test_the_score_sheet_at_80x24_shows_both_columns_in_whole_points() -> None:
    app = make_test_app(state=LATE.to_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "s")
        await settle(pilot)
        assert isinstance(app.screen, ScoreSheetScreen)
        text = screen_text(app)
        assert re.search(r"North-South\s+East-West", text), text
        assert re.search(r"Running total\s+3100\s+4890", text), text
        assert re.search(r"Round total\s+\+790\s+\+3265", text), text
        assert "Running totals" not in text  # no room for the chart beside the columns
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        text = screen_text(app)
        assert "Running totals" in text
        assert re.search(r"Running total\s+3100\s+4890", text), text
        axis = re.findall(r"(\S+)┤", text)
        assert axis and all(re.fullmatch(r"\d+", label) for label in axis), axis


async def test_early_in_a_round_the_log_gets_the_room_of_the_empty_panels() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.table_screen
        assert screen.query_one("#middle").outer_size.height == 6
        assert screen.query_one(RichLog).outer_size.height >= 8
        assert "Frozen for your team\nuntil its initial meld" in box_text(app, "#pile")


#: Two players: North has eight melds, five of them canastas; South holds 37 cards, four
#: rows of them (a line each: there is no room for the marks lines under them).
TWO_BIG = Position(
    rules=rules_dict(preset("classic", 2)),
    hands={
        "South": "c4 c4 d4 d4 h4 h4 s4 s4 c5 c5 d5 d5 h5 h5 s5 s5 c12 c12 d12 d12 h12 h12 "
        "s12 s12 jk jk jk jk c2 c2 d2 d2 s2 s2 h1 h1 d1",
        "North": "c3 s3 c3 s3",
    },
    melds={
        "North": [
            "1: c1 d1 s1",
            "6: c6 c6 d6 d6 h6 h6 s6 s6",
            "7: c7 c7 d7 d7 h7 h7 s7 s7",
            "8: c8 c8 d8 d8 h8 h8 s8 s8",
            "9: c9 c9 d9 d9 h9 h9 s9 s9",
            "10: c10 c10 d10 d10 h10 h10 s10 s10 h2",
            "11: c11 d11 s11 s11",
            "13: c13 d13 h13",
        ]
    },
)


async def test_with_a_big_hand_the_log_gives_way_so_that_every_meld_stays_on_screen() -> None:
    app = make_test_app(state=TWO_BIG.to_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = box_text(app, "#team1")
        for meld in TWO_BIG.to_state().melds[1]:
            assert f"{rank_label(meld.rank)} x{len(meld.cards)}" in panel, panel
        assert "Your hand: 37 cards" in screen_text(app)
        assert app.table_screen.query_one(RichLog).outer_size.height >= 1


def railroad_hand(size: int) -> GameState:
    """Railroad for three: South holds ``size`` cards (after a kitty and a pile, say)."""
    rules = preset("railroad", 3)
    deck = [
        card for card in full_deck(decks=rules.decks, jokers=rules.jokers) if rank_of(card) != 3
    ]
    return Position(
        rules=rules_dict(rules),
        hands={
            "South": cards_text(deck[4 : 4 + 2 * size : 2]),
            "West": "c5 d5 h6",
            "East": "c6 d6 h8",
        },
        phase="play",
        melds={"South": ["13: h13 h13 d13 d13 c13 c13 s13"]},
    ).to_state()


LABEL = re.compile(r"JK|(?:10|[2-9AJQK])[♣♦♥♠]")


async def test_a_hand_of_50_cards_leaves_the_log_lines_at_80x24_and_larger() -> None:
    app = make_test_app(state=railroad_hand(50))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.write_log([f"Line {n} of the log." for n in range(1, 9)])
        await press(pilot, "space")
        await settle(pilot)
        assert len(LABEL.findall(box_text(app, "HandView"))) == 50  # every card
        assert app.table_screen.query_one(RichLog).outer_size.height >= 3
        text = screen_text(app)
        assert "Line 8 of the log." in text and "Line 6 of the log." in text, text
        assert "1 selected" in text  # no marks line: the card is in reverse video
        for size in ((100, 30), (120, 40)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            hand = box_text(app, "HandView")
            assert len(LABEL.findall(hand)) == 50 and "▲" in hand, hand
            assert "Line 8 of the log." in screen_text(app)


async def test_a_hand_too_big_for_its_room_scrolls_with_the_cursor_and_clicks_follow() -> None:
    app = make_test_app(state=railroad_hand(100))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = app.table_screen.query_one(HandView)
        assert "Your hand: 100 cards, rows 1-7 of 9" in screen_text(app)
        assert app.table_screen.query_one(RichLog).outer_size.height >= 3
        await press(pilot, "end")
        await settle(pilot)
        assert "Your hand: 100 cards, rows 3-9 of 9" in screen_text(app)
        last = app.table_screen.cards[-1]
        bottom = box_text(app, "HandView").splitlines()[-1]
        assert bottom.endswith(f"{app.style.label(last)}]"), bottom  # under the cursor
        # The top line shown is the third row of cards: a click there picks from it.
        await pilot.click(HandView, offset=(2 + 2, 1))
        assert app.table_screen.selected == {2 * view._per_line()}


def _round_over(players: int, seed: int) -> GameState:
    """A railroad round of ``players`` played to its end by ``normal`` at every seat."""
    state = new_game(preset("railroad", players), seed=seed)
    bot, rng = NormalBot(), random.Random(seed)
    while state.phase is not Phase.ROUND_OVER:
        seat = state.to_move
        assert seat is not None
        state = apply(state, bot.decide(view(state, seat), legal_actions(state), rng).action).state
    return state


@pytest.mark.parametrize(
    ("players", "size", "chart"),
    [(3, (100, 32), "beside"), (6, (100, 32), "none"), (6, (120, 40), "below")],
)
async def test_the_score_sheet_shows_every_players_column_before_its_chart(
    players: int, size: tuple[int, int], chart: str
) -> None:
    # At 100 columns the chart took half the width whatever the table needed, and hid
    # East's column at three railroad players.
    app = make_test_app(state=_round_over(players, seed=31))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if not isinstance(app.screen, ScoreSheetScreen):
            await press(pilot, "s")
            await settle(pilot)
        assert isinstance(app.screen, ScoreSheetScreen)
        lines = screen_text(app).splitlines()
        totals = next(line for line in lines if "Running total " in line)
        assert len(re.findall(r"\s\d+", totals)) == players, totals
        titled = [n for n, line in enumerate(lines) if "Running totals" in line]
        if chart == "none":
            assert not titled
        else:
            # Beside the table the chart's title is on the table's heading line; below it,
            # after the table's last line.
            row = lines.index(totals)
            assert titled and (titled[0] < row if chart == "beside" else titled[0] > row)


@pytest.mark.parametrize(("size", "chart"), [((80, 24), False), ((100, 32), True)])
async def test_the_statistics_show_every_count_before_the_chart(
    tmp_path: Path, size: tuple[int, int], chart: bool
) -> None:
    # The chart took half the width: at 80x24 the won and rate columns lay under it.
    paths = Paths.under(tmp_path)
    paths.data_dir.mkdir(parents=True)
    tally = Tally(played=12, won=7)
    stats = Stats(
        games=Tally(played=24, won=14),
        by_system={preset("railroad", 6).label: tally, preset("traditional", 3).label: tally},
        by_difficulty={"hard, normal, easy": tally},
    )
    paths.stats_file.write_text(stats.model_dump_json(), encoding="utf-8")

    class StatsApp(App[None]):
        def on_mount(self) -> None:
            self.push_screen(StatsScreen(paths))

    app = StatsApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert re.search(r"Played\s+Won\s+Rate", text), text
        assert re.search(r"Difficulty: hard, normal, easy\s+12\s+7\s+58%", text), text
        assert ("Score margin, recent games" in text) is chart, text


async def test_the_statistics_chart_labels_games_and_points_in_whole_numbers(
    tmp_path: Path,
) -> None:
    # plotext's own ticks read "game 6.0" and "-870.8" points.
    paths = Paths.under(tmp_path)
    paths.data_dir.mkdir(parents=True)
    started = datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC)
    margins = [(-870, 1900), (2450, 35), (120, 3610), (5005, 15)] * 3
    recent = [
        GameResult(
            started_at=started,
            finished_at=started,
            seed=seed,
            difficulty="normal",
            table="1 human + 3 bots",
            home_team=0,
            winner=int(ours < theirs),
            scores=(ours, theirs),
            rounds=4,
            canastas=2,
            went_out=1,
            best_round=900,
        )
        for seed, (ours, theirs) in enumerate(margins)
    ]
    tally = Tally(played=len(recent), won=6)
    stats = Stats(games=tally, by_system={preset("classic", 4).label: tally}, recent=recent)
    paths.stats_file.write_text(stats.model_dump_json(), encoding="utf-8")

    class StatsApp(App[None]):
        def on_mount(self) -> None:
            self.push_screen(StatsScreen(paths))

    app = StatsApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Score margin, recent games" in text, text
        assert re.search(r"\d\.\d", text) is None, text
        assert re.search(r"┤", text), text  # the points have their ticks


@pytest.mark.parametrize(("name", "players"), [("railroad", 6), ("railroad", 5), ("classic", 6)])
async def test_the_score_bar_shows_every_side_at_80x24(name: str, players: int) -> None:
    # Six railroad players' names did not fit 80 columns, and the last player's score was cut
    # off: the bar now falls back to the seats' initials.
    rules = preset(name, players)
    app = make_test_app(rules=rules)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = screen_text(app).splitlines()[0]
        assert len(re.findall(r"│ \S+ \d+", bar)) == rules.teams, bar


async def test_a_click_past_the_end_of_a_full_row_of_cards_selects_nothing() -> None:
    app = make_test_app(rules=preset("classic", 3))  # 13 cards: a full row and one more
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        view = app.table_screen.query_one(HandView)
        per_line = view._per_line()
        assert len(app.table_screen.cards) > per_line
        blank = per_line * 6  # six cells a card: right of the row's last card
        assert blank < view.content_region.width
        await pilot.click(HandView, offset=(2 + blank, 1))
        await settle(pilot)
        assert app.table_screen.selected == set()  # not the next row's first card
