"""The app's own theme (set from the settings, never from the environment), and the style
sheet of every screen but the table's."""

from __future__ import annotations

from textual.theme import Theme

__all__ = ["CANASTA_THEME", "SCREENS_CSS"]

#: The style sheet of the screens other than the table (each names it as its ``CSS_PATH``):
#: Textual reads it when the first of them is shown, not before the table's first frame.
SCREENS_CSS = "screens.tcss"

CANASTA_THEME = Theme(
    name="canasta",
    primary="#2e8b57",
    secondary="#c9a227",
    accent="#e0b040",
    foreground="#e8e6df",
    background="#0f2a1d",
    surface="#143524",
    panel="#1b4430",
    success="#5fd787",
    warning="#ffaf00",
    error="#ff5f5f",
    dark=True,
)
