"""Settings: a round trip, and bad values that cost only themselves."""

from __future__ import annotations

import json
from typing import Any

import pytest

from canasta.engine import classic
from canasta.persist import Names, Paths, Settings, load_settings, save_settings

from .helpers import assert_one_sentence


def _write(paths: Paths, **values: Any) -> None:
    paths.config_dir.mkdir(parents=True, exist_ok=True)
    data = {"format": "canasta-settings", "schema_version": 1, **values}
    paths.settings_file.write_text(json.dumps(data))


def test_settings_round_trip(paths: Paths) -> None:
    settings = Settings(
        pace="instant",
        theme="nord",
        ascii=True,
        difficulty="hard",
        names=Names(south="Ada", west="Bob", north="Cy", east="Dee"),
        hand_order="suit",
    )

    save_settings(paths, settings)
    loaded = load_settings(paths)

    assert loaded.value == settings
    assert loaded.problems == ()


def test_no_file_gives_the_defaults(paths: Paths) -> None:
    loaded = load_settings(paths)

    assert loaded.value == Settings()
    assert loaded.problems == ()


def test_each_bad_value_is_one_sentence_and_falls_back_to_its_default(paths: Paths) -> None:
    _write(
        paths,
        pace="warp",
        ascii="maybe",
        theme="Nord!",
        names={"west": "", "north": "Nora", "south": 7},
        colour="red",
        hand_order="suit",
        difficulty="hard",
    )

    loaded = load_settings(paths)

    assert loaded.value == Settings(hand_order="suit", difficulty="hard", names=Names(north="Nora"))
    assert len(loaded.problems) == 6
    for problem in loaded.problems:
        assert_one_sentence(problem)
    text = " ".join(loaded.problems)
    for name in ("'pace'", "'ascii'", "'theme'", "'names.west'", "'names.south'", "'colour'"):
        assert name in text
    assert paths.settings_file.exists()  # a bad value is no reason to move the file aside


@pytest.mark.parametrize("names", ["everyone", ["A", "B"], None, {"west": {"x": 1}}])
def test_names_that_are_not_names(paths: Paths, names: object) -> None:
    _write(paths, names=names, pace="fast")

    loaded = load_settings(paths)

    assert loaded.value == Settings(pace="fast")
    assert len(loaded.problems) == 1
    assert_one_sentence(loaded.problems[0])


def test_names_by_seat() -> None:
    names = Names(south="Ada", east="Dee", southwest="Eve")

    assert [names.of(seat) for seat in classic.seat_names] == ["Ada", "West", "North", "Dee"]
    assert names.by_seat() == {
        "South": "Ada",
        "Southwest": "Eve",
        "West": "West",
        "Northwest": "Northwest",
        "North": "North",
        "Northeast": "Northeast",
        "East": "Dee",
        "Southeast": "Southeast",
    }


def test_names_are_trimmed(paths: Paths) -> None:
    _write(paths, names={"south": "  Ada  "})

    assert load_settings(paths).value.names.south == "Ada"
