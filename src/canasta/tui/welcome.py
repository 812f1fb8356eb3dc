"""The welcome of the first run: the ways to play, the lessons, the keys that matter.

Shown once (the settings remember it), before the first game; any key goes to the table,
``l`` to the lessons instead.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, Static

__all__ = ["WELCOME", "WelcomeScreen"]

WELCOME = """\
You sit South, partnered with North, against West and East (bots).

Ways to play
  canasta                      against three bots (the game that follows)
  canasta --hotseat            friends at one keyboard, humans and bots
  canasta --players 2|3|6      the other tables; --rules traditional
  canasta --rules railroad     railroad: 2 to 6 players, each on their own
  canasta serve                the same game in a web browser

New to Canasta? Press l now for short lessons (later: canasta learn).

Keys at the table (the footer shows the ones you can use now)
  d draw   t take the pile   m meld   l lay off   x discard   a ask partner
  h hint   r rules   s scores   p settings   q quit"""


class WelcomeScreen(Screen[bool]):
    """The first run's welcome: dismissed with ``True`` for ``l`` (learn to play), with
    ``False`` for any other key or a click."""

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

    def compose(self) -> ComposeResult:
        """The title, the ways to play, the lessons and the keys."""
        with Vertical():
            yield Label("Welcome to Canasta", classes="welcome-title")
            yield Static(WELCOME, markup=False)
            yield Label("l: learn to play   any other key: to the table", classes="welcome-keys")

    def on_key(self, event: events.Key) -> None:
        """Any key dismisses the welcome; ``l`` chooses the lessons."""
        event.stop()
        self.dismiss(event.key == "l")

    def on_click(self, event: events.Click) -> None:
        """A click goes to the table."""
        self.dismiss(False)
