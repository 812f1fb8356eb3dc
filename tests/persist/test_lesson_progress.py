"""Where the lessons stand: kept across runs, and a bad file costs only itself."""

from __future__ import annotations

from canasta.persist import LessonProgress, Paths, load_progress, save_progress


def test_progress_round_trips(paths: Paths) -> None:
    assert load_progress(paths).value == LessonProgress()
    progress = LessonProgress().at("02-drawing", 2).done("01-cards").at("03-melds", 1)
    save_progress(paths, progress)
    loaded = load_progress(paths)
    assert loaded.problems == ()
    assert loaded.value == progress
    assert progress.finished == ("01-cards",)
    assert (progress.left, progress.last) == ({"02-drawing": 2, "03-melds": 1}, "03-melds")
    twice = progress.done("03-melds").done("03-melds")
    assert (twice.finished, twice.left) == (("01-cards", "03-melds"), {"02-drawing": 2})
    assert progress.known(["03-melds"]).left == {"03-melds": 1}


def test_a_bad_file_gives_one_sentence_and_a_fresh_start(paths: Paths) -> None:
    paths.lessons_file.parent.mkdir(parents=True)
    paths.lessons_file.write_text(
        '{"format": "canasta-lessons", "schema_version": 1, "left": {"01-cards": -3}}'
    )
    loaded = load_progress(paths)
    assert loaded.value == LessonProgress()
    assert len(loaded.problems) == 1
    assert "lessons file" in loaded.problems[0] and "left.01-cards" in loaded.problems[0]
    assert not paths.lessons_file.exists()  # moved aside
