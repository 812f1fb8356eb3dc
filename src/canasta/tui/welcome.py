"""The welcome of the first run: the ways to play, the lessons, the keys that matter.

Shown once (the settings remember it), before the first game; any key goes to the table,
``l`` to the lessons instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, Static

from canasta.engine import RuleSet
from canasta.engine.words import listed
from canasta.session import HUMAN

__all__ = ["WELCOME", "WelcomeScreen", "seated_line"]

WELCOME = """\
Ways to play
  canasta                      against three bots
  canasta --hotseat            friends at one keyboard, humans and bots
  canasta --players 2|3|6      the other tables; --rules traditional
  canasta --rules railroad     railroad: 2 to 6 players, each on their own
  canasta serve                the same game in a web browser
  canasta host                 a table friends join from their own terminals

New to Canasta? Press l now for short lessons (later: canasta learn).

Keys at the table (the footer shows the ones you can use now)
  d draw   t take the pile   m meld   l lay off   x discard   a ask partner
  h hint   r rules   s scores   p settings   q quit"""


def seated_line(rules: RuleSet, kinds: Sequence[str] | None) -> str:
    """The game that follows the welcome, from the first human's seat: the table, the
    partners and the opponents, and who plays them (``kinds``: ``HUMAN`` or a bot level
    for each seat; ``None`` when the seating screen comes next, in hot-seat play)."""
    if kinds is None:
        return f"This game: {rules.label}. Next, choose who plays each seat."
    you = kinds.index(HUMAN) if HUMAN in kinds else 0
    names = rules.seat_names
    team = rules.partnerships[rules.team_of(you)]

    def played_by(seat: int) -> str:
        return "at this keyboard" if kinds[seat] == HUMAN else "a bot"

    def who(seats: list[int]) -> str:
        by = {played_by(seat) for seat in seats}
        if len(by) > 1:
            return listed([f"{names[seat]} ({played_by(seat)})" for seat in seats])
        label = "bots" if by == {"a bot"} and len(seats) > 1 else by.pop()
        return f"{listed([names[seat] for seat in seats])} ({label})"

    partners = [seat for seat in team if seat != you]
    opponents = [seat for seat in range(rules.players) if seat not in team]
    partnered = f", partnered with {who(partners)}," if partners else ""
    return f"This game: {rules.label}. You sit {names[you]}{partnered} against {who(opponents)}."


class WelcomeScreen(Screen[bool]):
    """The first run's welcome: dismissed with ``True`` for ``l`` (learn to play), with
    ``False`` for any other key or a click. ``seated``: the line that says the game that
    follows (:func:`seated_line`)."""

    DEFAULT_CSS = """
    WelcomeScreen {
        align: center middle;
    }
    WelcomeScreen Vertical {
        width: 80;
        max-width: 100%;
        height: auto;
        border: round $accent;
        padding: 0 1;
    }
    WelcomeScreen .welcome-title, WelcomeScreen .welcome-keys {
        width: 100%;
        content-align: center middle;
        text-style: bold;
    }
    """

    def __init__(self, seated: str) -> None:
        super().__init__()
        self.seated = seated

    def compose(self) -> ComposeResult:
        """The title, the game that follows, the ways to play, the lessons and the keys."""
        with Vertical():
            yield Label("Welcome to Canasta", classes="welcome-title")
            yield Static(f"{self.seated}\n\n{WELCOME}", markup=False)
            yield Label("l: learn to play   any other key: to the table", classes="welcome-keys")

    def on_key(self, event: events.Key) -> None:
        """Any key dismisses the welcome; ``l`` chooses the lessons."""
        event.stop()
        self.dismiss(event.key == "l")

    def on_click(self, event: events.Click) -> None:
        """A click goes to the table."""
        self.dismiss(False)
