"""What the table screen needs of the app that hosts it: the game's session, the command path
and the screens around the table (:class:`TableHost`), and where games and settings are kept
(:class:`FilesHost`).

The screen depends on these protocols, not on the apps' classes, so that the app may import
the screen (and a remote table's app may host it too) without an import circle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from canasta.engine import Action, Card
    from canasta.persist import Paths, Settings
    from canasta.session import Session
    from canasta.tui.cards import CardStyle

__all__ = ["FilesHost", "TableHost"]


class TableHost(Protocol):
    """The app behind the table screen: every key of the screen becomes a call of one of
    these. A game held here and a seat at a shared table both fill it in
    (:class:`~canasta.tui.table_app.TableApp`)."""

    #: The game being played (at a shared table, a stand-in that agrees with the view).
    session: Session
    #: The actions legal now for the player at the keyboard (empty: none of theirs).
    legal: list[Action]
    #: The seat at the keyboard.
    viewer: int
    #: How cards are drawn.
    style: CardStyle

    @property
    def can_undo(self) -> bool:
        """Whether the seat at the keyboard may take a meld or lay-off back now."""

    @property
    def answers_at_table(self) -> bool:
        """Partner's question is answered with the table's keys (hot seat)."""

    @property
    def ready_for_next_deal(self) -> bool:
        """The seat has said it is ready for the next deal, which others hold up."""

    @property
    def quit_question(self) -> tuple[str, str]:
        """What ``q`` asks before quitting, and what quitting means."""

    def offers(self, action: str) -> bool:
        """Whether the key for ``action`` (``new_game``, ``settings``, ``statistics``,
        ``finished_games``) does anything here (the :class:`FilesHost` keys)."""

    def start_play(self) -> None:
        """Begin (or offer to resume, or join) once the table is up."""

    def status(self, chosen: Sequence[Card]) -> str:
        """What the player must do next, with ``chosen`` selected."""

    def submit(self, action: Action) -> bool:
        """Play ``action`` for the player at the keyboard; ``False`` if refused."""

    def submit_all(self, actions: Sequence[Action]) -> bool:
        """Play ``actions``, all or none."""

    def refuse(self, sentence: str, *, title: str = "") -> None:
        """Say why a move cannot be made (under ``title``: "Not allowed" for a rule)."""

    def undo(self) -> None:
        """Take back the last meld or lay-off of the turn."""

    def show_sheet(self) -> None:
        """Show the score sheet."""

    def hint(self) -> object:
        """Ask for a hint."""


class FilesHost(Protocol):
    """The app that keeps games, settings and statistics on disk: the table screen calls
    these only for the keys :meth:`TableHost.offers` allows."""

    #: Where the game and its statistics are kept (``None``: nothing is saved).
    paths: Paths | None

    @property
    def settings(self) -> Settings:
        """The player's settings."""

    def choose_seats(self) -> None:
        """Seat players anew for a new game."""

    def apply_settings(self, settings: Settings | None) -> None:
        """Use the settings chosen on the settings screen."""
