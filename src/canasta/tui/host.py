"""What the table screen needs of the app that hosts it: the game's session, the command path
and the screens around the table.

The screen depends on this protocol, not on the app's class, so that the app may import the
screen (and a remote table's app may host it too) without an import circle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from canasta.engine import Action, Card
    from canasta.persist import Paths, Settings
    from canasta.session import Session
    from canasta.tui.cards import CardStyle

__all__ = ["TableHost"]


class TableHost(Protocol):
    """The app behind the table screen: every key of the screen becomes a call of one of
    these."""

    #: The game being played.
    session: Session
    #: The actions legal now for the player at the keyboard (empty: none of theirs).
    legal: list[Action]
    #: The seat at the keyboard.
    viewer: int
    #: How cards are drawn.
    style: CardStyle
    #: Where the game and its statistics are kept (``None``: nothing is saved).
    paths: Paths | None

    @property
    def settings(self) -> Settings:
        """The player's settings."""

    def start_play(self) -> None:
        """Begin (or offer to resume) once the table is up."""

    def status(self, chosen: Sequence[Card]) -> str:
        """What the player must do next, with ``chosen`` selected."""

    def submit(self, action: Action) -> bool:
        """Play ``action`` for the player at the keyboard; ``False`` if refused."""

    def submit_all(self, actions: Sequence[Action]) -> bool:
        """Play ``actions``, all or none."""

    def refuse(self, sentence: str) -> None:
        """Say why a move cannot be made."""

    def undo(self) -> None:
        """Take back the last meld or lay-off of the turn."""

    def show_sheet(self) -> None:
        """Show the score sheet."""

    def hint(self) -> object:
        """Ask for a hint."""

    def choose_seats(self) -> None:
        """Seat players anew for a new game."""

    def apply_settings(self, settings: Settings | None) -> None:
        """Use the settings chosen on the settings screen."""
