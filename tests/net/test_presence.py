"""What a seat at a shared table says of the others: away seats and their countdown, a bot
playing for a person, whom the table and the next deal wait for, who came and went."""

from __future__ import annotations

from canasta.engine import Phase
from canasta.net.presence import away_note, comings_and_goings, mover_sentence, ready_sentence
from canasta.net.wire import SeatStatus


def seat(number: int, name: str, **fields: object) -> SeatStatus:
    values: dict[str, object] = {"kind": "human", "connected": True, **fields}
    return SeatStatus(seat=number, name=name, **values)  # type: ignore[arg-type]


def test_an_away_seat_counts_down_then_says_a_bot_plays_it() -> None:
    assert away_note(seat(1, "West", connected=False, away=41.2), 41.2) == (
        "West is away: a bot plays in 42 s."
    )
    assert away_note(seat(1, "West", connected=False, away=0.3), -0.5) == (
        "West is away: a bot plays in 0 s."
    )
    played = seat(1, "West", connected=False, away=0.0, bot_playing=True)
    assert away_note(played, None) == "West is away: a bot plays for them until they are back."
    assert away_note(seat(1, "West", connected=False), None) == (
        "West is away: the table waits for them."
    )
    assert away_note(seat(1, "West"), None) is None
    assert away_note(seat(1, "West", kind="bot"), None) is None


def test_the_status_names_whom_the_table_waits_for() -> None:
    def said(status: SeatStatus, phase: Phase = Phase.PLAY, asker: int = 2) -> str:
        return mover_sentence(status, None, phase=phase, asker=asker, viewer=0, dots="...")

    assert said(seat(1, "Ann")) == "Waiting for Ann to play..."
    assert said(seat(1, "West", kind="bot")) == "West is thinking..."
    assert said(seat(2, "North"), Phase.ANSWER, asker=0) == (
        "Waiting for North to answer your question..."
    )
    assert said(seat(3, "East"), Phase.ANSWER, asker=1) == (
        "Waiting for East to answer their partner's question..."
    )
    assert said(seat(1, "West", connected=False, bot_playing=True)).startswith("West is away")


def test_the_next_deal_waits_for_every_person_there_who_is_not_ready() -> None:
    seats = [
        seat(0, "South"),
        seat(1, "West"),
        seat(2, "North"),
        seat(3, "East", connected=False),
    ]
    assert ready_sentence(seats, {0}, dots="…") == (
        "You are ready: the next deal waits for West and North…"
    )
    assert ready_sentence([*seats[:3], seat(3, "East")], {0}, dots="…") == (
        "You are ready: the next deal waits for West, North and East…"
    )
    assert ready_sentence(seats, {0, 1, 2}, dots="…") == "Everybody is ready: dealing…"


def test_the_log_tells_who_left_came_back_or_is_played_by_a_bot() -> None:
    before = {s.seat: s for s in (seat(0, "South"), seat(1, "West"), seat(2, "North"))}
    after = [
        seat(0, "South", connected=False),  # the viewer: never told
        seat(1, "West", connected=False, away=60.0),
        seat(2, "North", connected=False, away=0.0, bot_playing=True),
    ]
    assert comings_and_goings(before, after, viewer=0) == [
        "West left the table.",
        "North is away: a bot plays for them.",
    ]
    again = {s.seat: s for s in after}
    assert comings_and_goings(again, [seat(1, "West"), seat(2, "North")], viewer=0) == [
        "West joined the table.",
        "North joined the table.",
    ]
