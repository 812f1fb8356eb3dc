"""Where the learner stands in the lessons (``canasta learn``): the lessons finished, and
those left unfinished with the step to go back to.

Like the settings, the file never stops the game: one that cannot be used is reported in
one sentence and the lessons start afresh.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Final, Literal

from pydantic import Field

from canasta.persist.files import LoadError, read_document, validate_document, write_text_atomic
from canasta.persist.models import FileModel, Loaded
from canasta.persist.paths import Paths

__all__ = ["PROGRESS_VERSION", "LessonProgress", "load_progress", "save_progress"]

PROGRESS_VERSION: Final = 1
WHAT = "lessons file"

#: A lesson's name: its file's name without ``.json``.
LessonName = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,59}$")]


class LessonProgress(FileModel):
    """The lessons finished, and those left before their end with the step of each."""

    format: Literal["canasta-lessons"] = "canasta-lessons"
    schema_version: Literal[1] = PROGRESS_VERSION
    finished: tuple[LessonName, ...] = ()
    #: The lessons left before their end, each with the step to go back to (from 0).
    left: dict[LessonName, Annotated[int, Field(ge=0, le=1000)]] = Field(default_factory=dict)
    #: The lesson played last (the list of lessons opens on it).
    last: LessonName | None = None

    def at(self, lesson: str, step: int) -> LessonProgress:
        """This progress with ``lesson`` under way at ``step``."""
        return self.model_copy(update={"left": {**self.left, lesson: step}, "last": lesson})

    def done(self, lesson: str) -> LessonProgress:
        """This progress with ``lesson`` finished."""
        finished = self.finished if lesson in self.finished else (*self.finished, lesson)
        left = {name: step for name, step in self.left.items() if name != lesson}
        return self.model_copy(update={"finished": finished, "left": left, "last": lesson})

    def known(self, lessons: Sequence[str]) -> LessonProgress:
        """This progress without the lessons left that are not among ``lessons`` (a lesson
        renamed or removed since)."""
        left = {name: step for name, step in self.left.items() if name in lessons}
        last = self.last if self.last in lessons else None
        return self.model_copy(update={"left": left, "last": last})


def load_progress(paths: Paths) -> Loaded[LessonProgress]:
    """Where the lessons stand, with one sentence per problem; never raises (a missing
    file: nothing done yet; a file that cannot be used is moved aside)."""
    path = paths.lessons_file
    try:
        data = read_document(
            path, what=WHAT, file_format="canasta-lessons", version=PROGRESS_VERSION
        )
        if data is None:
            return Loaded(LessonProgress())
        return Loaded(validate_document(LessonProgress, data, path, what=WHAT))
    except LoadError as error:
        return Loaded(LessonProgress(), (error.sentence,))


def save_progress(paths: Paths, progress: LessonProgress) -> None:
    """Write where the lessons stand, atomically.

    Raises:
        WriteError: the file could not be written.
    """
    write_text_atomic(paths.lessons_file, progress.model_dump_json(indent=2) + "\n", what=WHAT)
