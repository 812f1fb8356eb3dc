"""The status line's sentences without a running app: what to do next, and the engine's own
sentence, unchanged and never prefixed, when a move is refused."""

from __future__ import annotations

from canasta.engine import (
    IllegalActionError,
    Meld,
    TakePile,
    check,
    legal_actions,
    parse_cards,
    preset,
)
from canasta.engine.documents import rules_dict
from canasta.engine.record import Position
from canasta.session import HUMAN, Session
from canasta.tui.cards import CardStyle
from canasta.tui.status import status_sentence

OTHERS = {"West": "c5 d5 h6", "North": "c6 d6 h7", "East": "c7 d7 h9"}
STYLE = CardStyle()


def session_at(
    south: str,
    *,
    seats: tuple[str, ...] = (HUMAN, "random", "random", "random"),
    **position: object,
) -> Session:
    state = Position(hands={**OTHERS, "South": south}, **position).to_state()  # type: ignore[arg-type]
    return Session(state, seats=seats)


def say(session: Session, chosen: str = "", *, viewer: int = 0, hidden: bool = False) -> str:
    legal = legal_actions(session.state) if session.state.to_move == viewer else []
    return status_sentence(
        session,
        viewer=viewer,
        hand_hidden=hidden,
        legal=legal,
        chosen=parse_cards(chosen) if chosen else (),
        style=STYLE,
    )


def refusal(session: Session, action: object) -> str:
    try:
        check(session.state, action)  # type: ignore[arg-type]
    except IllegalActionError as error:
        return error.sentence
    raise AssertionError("the engine accepted it")


def test_a_frozen_pile_is_explained_once_in_the_engines_words() -> None:
    session = session_at("h12 c9 s4 d7", pile="s12")
    sentence = refusal(session, TakePile(parse_cards("h12")))
    assert "frozen for you: to take it you need two natural queens" in sentence
    text = say(session)
    assert text == f"Your turn: d draws from the stock. {sentence}"
    assert "cannot be taken" not in text
    assert text.count("pile") == sentence.count("pile")


def test_an_open_pile_offers_both_draws() -> None:
    melds = {"North-South": ["8: h8 d8 s8"]}
    session = session_at("h12 d12 c9 s4", pile="s12", melds=melds)
    assert say(session) == (
        "Your turn: d draws from the stock; t takes the pile (select the cards to meld with it)."
    )


def test_a_selection_that_cannot_be_melded_shows_the_engines_reason_unchanged() -> None:
    session = session_at("h12 d12 c9 s4", phase="play")
    sentence = refusal(session, Meld(parse_cards("h12 d12")))
    assert say(session, "h12 d12") == f"Q♥ Q♦: {sentence}"
    assert say(session, "h12") == "Q♥: x discards it, l lays it off; select more to meld."


def test_a_run_of_ranks_says_canasta_has_no_runs() -> None:
    """4 5 6 selected: the line says a meld is of one rank, as the refusal of m does; with
    a rank the team has melded (a lay-off to make), or two ranks (a selection being made),
    the engine's sentence stands."""
    session = session_at("s4 c5 c6 h12 c9", phase="play", melds={"North-South": ["9: h9 d9 s9"]})
    assert say(session, "s4 c5 c6") == (
        "4♠ 5♣ 6♣: These cards are 3 ranks, and Canasta has no runs: a meld is 3 or more "
        "cards of one rank, each rank a meld of its own."
    )
    fours = refusal(session, Meld(parse_cards("s4")))
    assert say(session, "s4 c5 c9") == f"4♠ 5♣ 9♣: {fours}"
    assert say(session, "s4 c5") == f"4♠ 5♣: {fours}"


def test_a_selection_that_melds_says_so() -> None:
    session = session_at("h12 d12 s12 c9 s4", phase="play", melds={"North-South": ["8: h8 d8 s8"]})
    assert say(session, "h12 d12 s12") == "Q♥ Q♦ Q♠: m melds them."


def test_a_selection_of_a_rank_already_melded_says_m_adds_it_to_that_meld() -> None:
    """The engine merges a meld into the team's meld of its rank: the status line says so."""
    session = session_at(
        "d5 s5 h5 h12 d12 s12 c9 s4 d7", phase="play", melds={"North-South": ["5: h5 s5 c5"]}
    )
    assert say(session, "d5 s5 h5") == "5♦ 5♠ 5♥: m adds them to your team's meld of fives."
    assert say(session, "d5 s5 h5 h12 d12 s12") == (
        "5♦ 5♠ 5♥ Q♥ Q♦ Q♠: m melds them (the fives join your team's meld of fives)."
    )


def test_railroad_says_whether_m_adds_to_the_open_meld_or_starts_a_new_one() -> None:
    rules = preset("railroad", 3)
    others = {"West": "d5 h6", "East": "c6 d6 h8"}
    for meld, does in [
        ("5: h5 d5 s5", "m adds them to your meld of fives"),
        ("5: h5 d5 s5 h5 d5 s5 c5", "m melds them"),  # a canasta is closed (rules §13.4)
    ]:
        state = Position(
            rules=rules_dict(rules),
            hands={**others, "South": "c5 c5 h5 c9 s4"},
            phase="play",
            melds={"South": [meld]},
        ).to_state()
        session = Session(state, seats=(HUMAN, "random", "random"))
        assert say(session, "c5 c5 h5") == f"5♣ 5♣ 5♥: {does}."


def test_part_of_an_initial_meld_asks_for_the_rest_before_any_discard() -> None:
    session = session_at(
        "h12 d12 s12 c9 s4",
        phase="play",
        melds={"North-South": ["8: h8 d8 s8 c8"]},
        melded=[False, False],
        current={"turn_value": 40},
    )
    assert say(session) == (
        "Meld more to reach your minimum (40 of 50). Select cards (arrows and space, or click) "
        "to meld (m) or lay off (l)."
    )
    assert say(session, "c9") == (
        "Meld more to reach your minimum (40 of 50). 9♣: l lays it off; select more to meld."
    )


def test_others_turns_name_who_is_thinking_or_awaited() -> None:
    west = session_at("h12 d12 c9 s4", turn="West")
    assert say(west) == "West is thinking…"
    hot = session_at("h12 d12 c9 s4", seats=(HUMAN,) * 4, turn="North")
    assert say(hot) == "Waiting for North to take the keyboard."
    assert say(session_at("h12 d12", phase="round_over")) == (
        "The round is over: press n for the score sheet and the next round."
    )
