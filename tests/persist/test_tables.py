"""Saves, statistics and settings of every rule system and player count: a save carries its
system and table, an old save loads as classic four-player, statistics count each system
apart, and the settings accept only the tables a system allows."""

from __future__ import annotations

import dataclasses
import json
from datetime import timedelta

import pytest

from canasta.engine import classic, preset
from canasta.persist import (
    LoadError,
    Paths,
    SavedGame,
    SeatInfo,
    SessionInfo,
    Settings,
    Tally,
    load_game,
    load_settings,
    load_stats,
    save_game,
    update_stats,
)
from canasta.persist.settings import settings_text
from canasta.persist.stats import STATS_VERSION, table_mix_of

from .helpers import STARTED, assert_one_sentence, play, saved_game, session

#: A short game of three players alone: random play reaches 300 points in a round or two.
THREE = preset("classic", 3)._replace(target_score=300)
SIX = preset("traditional", 6)

#: The rules of a save written before there were other systems (and before the seating
#: fields): the classic values under the field names of then.
OLD_RULES = {
    "name": "classic",
    "decks": 2,
    "jokers": 4,
    "hand_size": 11,
    "meld_min_size": 3,
    "meld_max_size": 11,
    "min_naturals": 2,
    "max_wilds": 3,
    "strict_naturals": True,
    "black_three_meld_sizes": [3, 4],
    "canasta_size": 7,
    "minimum_table": [[3000, 120], [1500, 90], [0, 50], [None, 15]],
    "natural_canasta_bonus": 500,
    "mixed_canasta_bonus": 300,
    "red_three_bonus": 100,
    "all_red_threes_bonus": 800,
    "red_threes_count_against_unmelded": True,
    "going_out_bonus": 100,
    "concealed_bonus": 100,
    "target_score": 5000,
}


def seats(kinds: str) -> tuple[SeatInfo, ...]:
    """A seat per letter: ``h`` a human, ``b`` a normal bot."""
    return tuple(
        SeatInfo(kind="human", name="Ada")
        if kind == "h"
        else SeatInfo(kind="bot", name="Bot", level="normal")
        for kind in kinds
    )


def test_a_save_carries_its_rule_system_and_player_count(paths: Paths) -> None:
    played = play(5, rules=SIX, until=lambda state, n: n >= 12)
    saved = SavedGame(session=SessionInfo(seats=seats("hbbbbb")), record=played.record())
    save_game(paths, saved)

    data = json.loads(paths.table_save_file("traditional", 6).read_text())
    loaded = load_game(paths)

    assert (data["record"]["rules"]["name"], data["record"]["rules"]["players"]) == (
        "traditional",
        6,
    )
    assert loaded is not None and loaded.rules == SIX
    assert loaded.states()[-1].hands == played.final.hands


def test_an_old_save_loads_as_classic_with_four_players(paths: Paths) -> None:
    played = play(11, rules=classic, until=lambda state, n: n >= 6)
    save_game(paths, saved_game(played))
    data = json.loads(paths.save_file.read_text())
    data["record"]["rules"] = OLD_RULES
    del data["record"]["first_dealer"]
    paths.save_file.write_text(json.dumps(data))

    loaded = load_game(paths)

    assert loaded is not None
    assert loaded.rules == classic
    assert loaded.states()[-1] == played.final


def test_a_save_with_a_seat_too_few_for_its_rules_is_refused(paths: Paths) -> None:
    played = play(5, rules=SIX, until=lambda state, n: n >= 2)
    save_game(paths, SavedGame(session=SessionInfo(seats=seats("hbbbbb")), record=played.record()))
    file = paths.table_save_file("traditional", 6)
    data = json.loads(file.read_text())
    del data["session"]["seats"][4:]
    file.write_text(json.dumps(data))

    with pytest.raises(LoadError) as caught:
        load_game(paths)

    assert "seats 4 players where the rules have 6" in caught.value.sentence
    assert_one_sentence(caught.value.sentence)


def test_statistics_are_kept_per_rule_system_and_player_count(paths: Paths) -> None:
    three = play(3, rules=THREE)
    four = play(3)
    alone = SessionInfo(seats=seats("hbb"), started_at=STARTED + timedelta(hours=1))

    update_stats(paths, four.record(), session())
    stats = update_stats(paths, three.record(), alone).value

    final = three.final
    (result,) = stats.recent[-1:]
    assert stats.by_system.keys() == {"classic, 3 players", "classic, 4 players"}
    assert stats.by_system["classic, 3 players"] == Tally(played=1, won=int(final.winner == 0))
    assert result.system == "classic, 3 players" and result.table == "1 human + 2 bots"
    assert result.scores == final.scores
    assert result.margin == final.scores[0] - max(final.scores[1:])
    assert stats.games.played == 2


def test_an_old_statistics_file_counted_classic_four_player_games(paths: Paths) -> None:
    result = update_stats(paths, play(3).record(), session()).value.recent[0]
    old = result.model_dump(mode="json")
    del old["system"]
    paths.stats_file.write_text(
        json.dumps(
            {
                "format": "canasta-stats",
                "schema_version": STATS_VERSION,
                "games": {"played": 3, "won": 1},
                "recent": [old],
            }
        )
    )

    stats = load_stats(paths)

    assert stats.by_system == {classic.label: Tally(played=3, won=1)}
    assert stats.recent[0].system == classic.label


@pytest.mark.parametrize(
    ("kinds", "mix"),
    [
        ("hbhbhb", "3 humans as partners + 3 bots"),
        ("hhbbbb", "2 humans as opponents + 4 bots"),
        ("hhhbbb", "3 humans + 3 bots"),
        ("hbh", "2 humans as opponents + 1 bot"),
    ],
)
def test_table_mixes_of_other_tables(kinds: str, mix: str) -> None:
    rules = preset("classic", len(kinds))

    assert table_mix_of(SessionInfo(seats=seats(kinds)), rules) == mix


def test_the_settings_keep_railroad_with_five(paths: Paths) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(settings_text(Settings(rules="railroad", players=5)))

    loaded = load_settings(paths)

    assert loaded.value.rule_set() == preset("railroad", 5) and loaded.problems == ()


def test_the_settings_keep_a_rule_system_and_a_count_it_allows(paths: Paths) -> None:
    settings = Settings(rules="traditional", players=6)
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(settings_text(settings))

    loaded = load_settings(paths)

    assert loaded.value.rule_set() == SIX and loaded.problems == ()


@pytest.mark.parametrize(
    ("values", "kept", "where"),
    [
        ({"rules": "classic", "players": 5}, Settings(), "'players'"),
        ({"rules": "samba", "players": 6}, Settings(players=6), "'rules'"),
        ({"rules": "railroad", "players": 1}, Settings(rules="railroad"), "'players'"),
        ({"rules": "traditional", "players": "many"}, Settings(rules="traditional"), "'players'"),
    ],
)
def test_an_impossible_table_costs_only_itself(
    paths: Paths, values: dict[str, object], kept: Settings, where: str
) -> None:
    paths.config_dir.mkdir(parents=True)
    document = {"format": "canasta-settings", "schema_version": 1, "pace": "fast", **values}
    paths.settings_file.write_text(json.dumps(document))

    loaded = load_settings(paths)

    assert loaded.value == dataclasses.replace(kept, pace="fast")
    (problem,) = loaded.problems
    assert where in problem
    assert_one_sentence(problem)


def test_s13_a_railroad_save_and_its_statistics(paths: Paths) -> None:
    railroad = preset("railroad", 3)
    started = play(4, rules=railroad, until=lambda state, n: n >= 40)
    save_game(paths, SavedGame(session=SessionInfo(seats=seats("hbb")), record=started.record()))
    loaded = load_game(paths)
    assert loaded is not None and loaded.rules == railroad
    assert loaded.states()[-1].kitties == started.final.kitties

    finished = play(4, rules=railroad)
    alone = SessionInfo(seats=seats("hbb"), started_at=STARTED)
    stats = update_stats(paths, finished.record(), alone).value
    assert stats.by_system.keys() == {"railroad, 3 players"}
    assert stats.recent[-1].scores == finished.final.scores
