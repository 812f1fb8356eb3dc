"""Every kind of engine refusal reaches the player as a notification with the engine's
sentence, and changes nothing (state and recorded actions stay as they were)."""

from __future__ import annotations

from typing import Any

from textual.widgets._toast import Toast

from canasta.engine import (
    Action,
    AskPartner,
    Discard,
    DrawStock,
    GameState,
    IllegalActionError,
    LayOff,
    Meld,
    NextRound,
    Reason,
    TakePile,
    apply,
    parse_card,
    parse_cards,
)
from canasta.engine.position import Position, TurnModel
from canasta.tui.flow import meld_plan

from .helpers import make_test_app, press, region_text, select_cards, settle

OTHERS = {"West": "c5 d5 h6", "North": "c6 d6 h7", "East": "c7 d7 h9"}
KINGS = ["13: h13 d13 c13"]
CANASTA = ["13: h13 h13 d13 d13 c13 c13 s13"]

# (position, inputs): an input is an Action (through the app's one command path) or a
# tuple (cards to click, key to press).
CASES: list[tuple[dict[str, Any], list[Action | tuple[str, str]]]] = [
    (
        {"hands": {"South": "c4 c4 d9 s9 h9 h7 c8 d11 s12 jk c2"}, "pile": "d4 h13"},
        [TakePile(), Discard(parse_card("c4")), NextRound(), Meld(parse_cards("c4 c4 jk"))],
    ),
    (
        {
            "hands": {"South": "c4 c4 d4 d9 s9 h9 h7 c8 d11 s12 jk c2 s3 c3 h3 d3 d3"},
            "phase": "play",
        },
        [
            ("c4 c4", "m"),
            ("d9 s9 jk c2", "m"),
            ("jk c2", "m"),
            ("s3 c3 c4", "m"),
            ("h3 d3 d3", "m"),
            LayOff(9, parse_cards("d9 s9")),
            Meld(parse_cards("h1 h1 h1")),
            LayOff(4, parse_cards("c4 d9")),
            AskPartner(),
            DrawStock(),
        ],
    ),
    (
        {
            "hands": {"South": "h1 c1 d2 h2 c5 h6 h7 c8 c4 c4 d4 h4 d13"},
            "phase": "play",
            "scores": (3000, 0),
        },
        [Meld(parse_cards("h1 c1 d2"))],
    ),
    (
        {
            "hands": {"South": "c4 c4 d4 d9 s9 h9 c8"},
            "phase": "play",
            "melds": {"North-South": KINGS},
        },
        [("c4 c4 d4 d9 s9 h9", "m")],
    ),
    (
        {"hands": {"South": "s9"}, "phase": "play", "melds": {"North-South": KINGS}},
        [Discard(parse_card("s9"))],
    ),
    (
        {
            "hands": {"South": "h5 d5 s5 c9"},
            "phase": "play",
            "melds": {"North-South": CANASTA},
            "current": TurnModel(asked=True, permission=True),
        },
        [Discard(parse_card("c9"))],
    ),
    (
        {
            "hands": {"South": "c9"},
            "phase": "play",
            "melds": {"North-South": CANASTA},
            "current": TurnModel(asked=True, permission=False),
        },
        [Discard(parse_card("c9"))],
    ),
    (
        {"hands": {"South": "c4 c4 d9"}, "pile": "h8 s3", "melds": {"North-South": KINGS}},
        [TakePile()],
    ),
    (
        {"hands": {"South": "c4 c4 d9"}, "pile": "h8", "melds": {"North-South": KINGS}},
        [TakePile(parse_cards("c4"))],
    ),
    ({"hands": {"South": "c4 c4 d9"}, "pile": ""}, [TakePile()]),
    (
        {
            "hands": {"South": "jk d9 s9 c8"},
            "phase": "play",
            "melds": {"North-South": ["4: c4 c4 d4"]},
            "melded": (False, False),
            "current": TurnModel(played=True, turn_value=15, placed=["4: c4", "4: c4", "4: d4"]),
        },
        [Discard(parse_card("c8"))],
    ),
    ({"hands": {"South": "c4 c4 d9"}, "phase": "round_over"}, [DrawStock()]),
    (
        {"hands": {"South": "c4 c4 d9"}, "phase": "game_over", "winner": "North-South"},
        [NextRound()],
    ),
]

EXPECTED = {
    Reason.WRONG_PHASE,
    Reason.NOT_YOUR_TURN,
    Reason.PILE_EMPTY,
    Reason.PILE_BLOCKED,
    Reason.PILE_FROZEN,
    Reason.PILE_TOP_UNUSABLE,
    Reason.NOT_IN_HAND,
    Reason.MIXED_RANKS,
    Reason.NO_NATURALS,
    Reason.TOO_FEW_CARDS,
    Reason.TOO_MANY_WILDS,
    Reason.RED_THREE,
    Reason.BLACK_THREES,
    Reason.NO_SUCH_MELD,
    Reason.BELOW_MINIMUM,
    Reason.HAND_TOO_SMALL,
    Reason.NO_CANASTA,
    Reason.MUST_GO_OUT,
    Reason.GOING_OUT_FORBIDDEN,
    Reason.CANNOT_ASK,
    Reason.ROUND_NOT_OVER,
    Reason.GAME_OVER,
}


def refusal(state: GameState, plan: list[Action]) -> tuple[str, Reason]:
    """The engine's sentence and reason for the first refused action of ``plan``."""
    for action in plan:
        seat = None if isinstance(action, NextRound) else 0
        try:
            state = apply(state, action, seat=seat).state
        except IllegalActionError as error:
            return error.sentence, error.reason
    raise AssertionError(f"{plan} is legal")


async def test_every_refusal_is_notified_and_changes_nothing() -> None:
    seen: set[Reason] = set()
    for fields in CASES:
        position, inputs = fields
        hands = {**OTHERS, **position.pop("hands")}
        state = Position(hands=hands, **position).to_state()
        position["hands"] = {"South": hands["South"]}
        app = make_test_app(state=state)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            for item in inputs:
                app.clear_notifications()
                before = app.session.state
                recorded = list(app.session.actions)
                if isinstance(item, tuple):
                    select_cards(app, parse_cards(item[0]))
                    plan = meld_plan(app.session, app.table_screen.selection(), seat=app.viewer)
                    if item[1] == "x":
                        plan = [Discard(app.table_screen.selection()[0])]
                    await press(pilot, item[1], "escape")
                else:
                    plan = [item]
                    seat = None if isinstance(item, NextRound) else 0
                    app.submit(item, seat=seat)
                await settle(pilot)
                sentence, reason = refusal(before, plan)
                messages = [note.message for note in app._notifications]
                assert messages == [sentence], (plan, messages)
                assert app.session.state is before
                assert app.session.actions == recorded
                seen.add(reason)
    assert seen >= EXPECTED, EXPECTED - seen


async def test_a_new_refusal_replaces_the_last_refusal_notice() -> None:
    """A player who tries several illegal moves sees the latest refusal alone; the table's
    other notices (a hint) stay."""
    hands = {**OTHERS, "South": "c4 c4 d9 s9 h9 h7 c8 d11"}
    state = Position(hands=hands, phase="play", melds={"North-South": KINGS}).to_state()
    app = make_test_app(state=state)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        app.notify("A note that is no refusal.")
        tries = [("c4 d9", "m"), ("c4 d9", "x"), ("c4 c4", "m")]
        for cards, key in tries:
            select_cards(app, parse_cards(cards))
            await press(pilot, key, "escape")
        last = refusal(state, [Meld(parse_cards("c4 c4"))])[0]
        messages = [note.message for note in app._notifications]
        assert messages == ["A note that is no refusal.", last]
        toasts = [region_text(app, toast.region) for toast in app.screen.query(Toast)]
        shown = " ".join(" ".join(toasts).replace("▌", " ").split())  # a toast's edge
        assert last in shown
        assert "Select just one card to discard." not in shown


async def test_a_run_of_ranks_is_refused_as_canasta_has_no_runs() -> None:
    """A player who knows rummy selects 4 5 6 and melds: the notice says that a meld is of
    one rank, where the engine alone would say only that the first card is too few; with a
    meld of one of the ranks down, or with threes, the engine's sentence stands."""
    hands = {**OTHERS, "South": "s4 c5 c6 d9 s9 h9 c8 s3 c3 d13"}
    state = Position(hands=hands, phase="play", melds={"North-South": KINGS}).to_state()
    app = make_test_app(state=state)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        select_cards(app, parse_cards("s4 c5 c6"))
        await press(pilot, "m", "escape")
        await settle(pilot)
        messages = [note.message for note in app._notifications]
        assert messages == [
            "These cards are 3 ranks, and Canasta has no runs: a meld is 3 or more cards of "
            "one rank, each rank a meld of its own."
        ]
        assert [note.title for note in app._notifications] == ["Not allowed"]
        assert app.session.state is state and not app.session.actions
        for cards in ("s3 c3 c8", "s4 d13"):
            app.clear_notifications()
            select_cards(app, parse_cards(cards))
            plan = meld_plan(app.session, app.table_screen.selection(), seat=app.viewer)
            await press(pilot, "m", "escape")
            await settle(pilot)
            messages = [note.message for note in app._notifications]
            assert messages == [refusal(state, plan)[0]], cards
        assert app.session.state is state
