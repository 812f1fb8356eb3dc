"""The game flow without a running app: who moves next, when the keyboard is hidden, the
curtain's words, meld plans, the pile take, lay-off targets, what a move touched, the score
sheet's title."""

from __future__ import annotations

from canasta.engine import (
    AskPartner,
    DrawStock,
    LayOff,
    Meld,
    Phase,
    TakePile,
    classic,
    is_legal,
    new_game,
    parse_cards,
)
from canasta.engine.events import Melded, PartnerAnswered, PileTaken
from canasta.engine.record import Position
from canasta.session import HUMAN, Session
from canasta.tui.cards import CardStyle
from canasta.tui.flow import (
    BotMoves,
    CurtainFalls,
    KeyboardMoves,
    curtain_for,
    deal_lines,
    keyboard_leaves,
    lay_off_ranks,
    meld_plan,
    next_mover,
    partner_reply,
    refused_move,
    sheet_title,
    smallest_take,
    touched_by,
)

OTHERS = {"West": "c5 d5 h6", "North": "c6 d6 h7", "East": "c7 d7 h9"}
ONE_HUMAN = (HUMAN, "random", "random", "random")
FOUR_HUMANS = (HUMAN,) * 4
NAMES = ("Ann", "West", "Bob", "East")


def session_at(south: str, *, seats: tuple[str, ...] = ONE_HUMAN, **position: object) -> Session:
    state = Position(hands={**OTHERS, "South": south}, **position).to_state()  # type: ignore[arg-type]
    return Session(state, seats=seats, names=NAMES)


def test_next_mover_is_the_bot_the_keyboard_or_a_curtain() -> None:
    bots = session_at("h5 d5 s5 c9", turn="West")
    assert next_mover(bots, viewer=0, hand_hidden=False) == BotMoves(1)
    south = session_at("h5 d5 s5 c9")
    assert next_mover(south, viewer=0, hand_hidden=False) == KeyboardMoves(0)
    assert next_mover(south, viewer=0, hand_hidden=True) == CurtainFalls(0)
    north = session_at("h5 d5 s5 c9", seats=FOUR_HUMANS, turn="North")
    assert next_mover(north, viewer=0, hand_hidden=False) == CurtainFalls(2)
    over = session_at("h5 d5 s5 c9", phase="round_over")
    assert next_mover(over, viewer=0, hand_hidden=False) is None


def test_the_keyboard_is_hidden_only_when_the_turn_leaves_it_in_hot_seat() -> None:
    north = session_at("h5 d5 s5 c9", seats=FOUR_HUMANS, turn="North")
    assert keyboard_leaves(north, viewer=0, hand_hidden=False)
    assert not keyboard_leaves(north, viewer=2, hand_hidden=False)
    assert not keyboard_leaves(north, viewer=0, hand_hidden=True)
    alone = session_at("h5 d5 s5 c9", turn="North")
    assert not keyboard_leaves(alone, viewer=0, hand_hidden=False)


def test_a_bot_partner_answering_keeps_the_keyboard() -> None:
    seats = (HUMAN, HUMAN, "random", HUMAN)
    canasta = ["13: h13 h13 d13 d13 c13 c13 s13"]
    session = session_at("h5 d5 s5 c9", seats=seats, phase="play", melds={"North-South": canasta})
    session.apply(AskPartner(), seat=0)
    assert session.state.phase is Phase.ANSWER and session.state.to_move == 2
    assert not keyboard_leaves(session, viewer=0, hand_hidden=False)


def test_the_curtain_names_the_turn_the_question_or_the_answer() -> None:
    session = session_at("h5 d5 s5 c9", seats=FOUR_HUMANS, turn="North")
    assert curtain_for(session, 2, ()) == ("Pass to Bob (North).", look("Bob"))
    assert curtain_for(session, 1, ()) == ("Pass to West.", look("West"))
    answered = [PartnerAnswered(seat=0, yes=False)]
    assert curtain_for(session, 2, answered) == (
        "Pass back to Bob (North).",
        f"Ann answered No: Bob may not go out this turn. {look('Bob')}",
    )
    asking = session_at("h5 d5 s5 c9", seats=FOUR_HUMANS, turn="North", phase="answer")
    assert curtain_for(asking, 0, ()) == ("Ann: Bob asks whether they may go out.", look("Ann"))


def look(name: str) -> str:
    return f"Press Enter when only {name} is looking."


def test_a_bot_partners_reply_is_told_a_humans_is_not() -> None:
    session = session_at("h5 d5 s5 c9")
    assert partner_reply(session, [PartnerAnswered(seat=2, yes=True)]) == (
        "Bob answers",
        "Yes: you must go out this turn.",
    )
    assert partner_reply(session, [PartnerAnswered(seat=0, yes=True)]) is None
    assert partner_reply(session, ()) is None


def test_touched_ranks_are_each_teams_melded_and_taken_ranks() -> None:
    (king,) = parse_cards("h13")
    happened = [
        Melded(seat=0, rank=5, cards=(), merged=False),
        PileTaken(seat=1, top=king, cards=(), size=4),
    ]
    assert touched_by(happened, rules=classic) == (frozenset({5}), frozenset({13}))


def test_a_meld_plan_places_the_wild_card_where_the_engine_accepts_it() -> None:
    session = session_at(
        "h5 d5 h9 d9 s9 c2 c4 s7 h11", phase="play", melds={"North-South": ["8: h8 d8 s8"]}
    )
    cards = parse_cards("h5 d5 h9 d9 s9 c2")
    plan = meld_plan(session, cards, seat=0)
    assert plan == [Meld(parse_cards("h9 d9 s9")), Meld(parse_cards("h5 d5 c2"))]
    assert session.try_all(plan, seat=0)
    assert meld_plan(session, parse_cards("h5 d5"), seat=0) == [Meld(parse_cards("h5 d5"))]


def test_the_smallest_legal_take_and_the_lay_off_targets() -> None:
    takes = [TakePile(parse_cards("h5 d5 c2")), TakePile(parse_cards("h5 d5")), DrawStock()]
    assert smallest_take(takes) == TakePile(parse_cards("h5 d5"))
    assert smallest_take([DrawStock()]) == TakePile()
    melds = {"North-South": ["8: h8 d8 s8", "13: h13 d13 s13"]}
    session = session_at("c2 c4 s7 h11", phase="play", melds=melds)
    assert lay_off_ranks(session.state, parse_cards("c2"), seat=0) == [8, 13]
    assert lay_off_ranks(session.state, parse_cards("c4"), seat=0) == []
    assert is_legal(session.state, LayOff(8, parse_cards("c2")))


def test_the_deal_lines_tell_the_deal_and_the_up_card() -> None:
    state = new_game(seed=12)
    lines = deal_lines(state, you=None, names=("South", "West", "North", "East"), style=CardStyle())
    assert lines[0].startswith(f"Round 1: {('South', 'West', 'North', 'East')[state.dealer]} dealt")
    assert any("up-card" in line for line in lines[1:])


def test_the_sheet_title_says_who_won_or_which_round() -> None:
    state = new_game(seed=12)
    assert sheet_title(state, viewer=0, humans=1, names=NAMES) == "Score sheet (round 1 in play)"
    over = Position(hands={**OTHERS, "South": "h5"}, phase="round_over").to_state()
    assert sheet_title(over, viewer=0, humans=1, names=NAMES) == "Round 1 is over."
    won = Position(
        hands={**OTHERS, "South": "h5"},
        phase="game_over",
        scores=(5120, 3990),
        winner="North-South",
    ).to_state()
    assert (
        sheet_title(won, viewer=0, humans=1, names=NAMES)
        == "Game over: North-South won, 5120 to 3990. You won!"
    )
    assert sheet_title(won, viewer=1, humans=1, names=NAMES).endswith("You lost.")
    assert (
        sheet_title(won, viewer=1, humans=4, names=NAMES)
        == "Game over: North-South won, 5120 to 3990."
    )


def test_a_hidden_key_explains_only_a_refused_move_in_the_seats_own_turn() -> None:
    session = session_at("c4 c4 d4 d9", phase="play")
    assert refused_move(session, "discard", parse_cards("d9"), seat=0) is None  # legal
    assert refused_move(session, "discard", parse_cards("d9"), seat=1) is None  # not West's
    # Two ranks make two melds (the richer first), one card each.
    refusal = refused_move(session, "meld", parse_cards("c4 d9"), seat=0)
    assert refusal is not None and refusal.title == "Not allowed"
    assert refusal.sentence == "A meld needs at least 3 cards; these nines make 1."
