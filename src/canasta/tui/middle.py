"""The table's middle row: a panel per team (:class:`TeamPanel`) or, where each player keeps
melds of their own kinds (railroad), a panel per player (:class:`PlayerPanel`), around the
pile.

Up to three panels sit in one row with the pile second. From four players on, the panels
take two rows of a grid, the pile between the first column and the rest across both rows::

    You   | Pile | West  | North          (four players: You | Pile | West,
    East  |      | ...   | ...             then North | | East)
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.widget import Widget

from canasta.engine import RuleSet
from canasta.tui.player_panel import PlayerPanel
from canasta.tui.team_panel import TeamPanel
from canasta.tui.widgets import PilePanel

__all__ = ["Panel", "arrange", "middle_lines", "panels_of"]

Panel = TeamPanel | PlayerPanel
#: The pile's width beside players' panels (a team's panels leave it the stylesheet's).
_PILE_WIDTH = 22
#: From this many panels on, they take two rows.
_GRID_FROM = 4


def panels_of(middle: Widget) -> list[Panel]:
    """The panels in the middle row, in seating order."""
    return [child for child in middle.children if isinstance(child, (TeamPanel, PlayerPanel))]


def _wanted(rules: RuleSet) -> tuple[type[Panel], int]:
    """The kind of panel and how many: one per player where each has melds of their own
    kinds, else one per team."""
    if rules.several_melds:
        return PlayerPanel, rules.players
    return TeamPanel, rules.teams


def arrange(middle: Widget, rules: RuleSet) -> None:
    """Give ``middle`` the panels ``rules`` call for (the first left of the pile, the rest
    right of it), in one row or, from four on, in a grid of two."""
    kind, count = _wanted(rules)
    panels = panels_of(middle)
    if any(not isinstance(panel, kind) for panel in panels):
        for panel in panels:
            panel.remove()
        panels = []
    for panel in panels[count:]:
        panel.remove()
    pile = middle.query_one(PilePanel)
    new: list[Panel] = []
    for index in range(len(panels[:count]), count):
        new.append(
            PlayerPanel(index, id=f"player{index}")
            if kind is PlayerPanel
            else TeamPanel(index, id=f"team{index}")
        )
    if new and not panels[:count]:
        middle.mount(new[0], before=pile)
        new = new[1:]
    if new:
        middle.mount_all(new)
    pile.styles.width = _PILE_WIDTH if kind is PlayerPanel else None
    grid = count >= _GRID_FROM
    middle.set_class(grid, "-grid")
    styles = middle.styles
    if grid:
        columns = 1 + -(-count // 2)
        styles.layout = "grid"
        styles.grid_size_columns = columns
        styles.grid_size_rows = 2
        styles.grid_columns = " ".join(["1fr", str(_PILE_WIDTH), *["1fr"] * (columns - 2)])
        pile.styles.row_span = 2
    else:
        styles.layout = "horizontal"
        pile.styles.row_span = 1


def middle_lines(panels: Sequence[Panel], pile: int, *, needed: bool) -> int:
    """The content lines the middle row wants (or, ``needed``, the fewest it can show every
    meld in): in one row, its tallest panel or the pile; in two, each row's tallest panel
    and its border, less the pile's own border (the caller adds that)."""
    heights = [panel.lines_needed() if needed else panel.lines_wanted() for panel in panels]
    if len(panels) < _GRID_FROM:
        return max(pile, *heights)
    columns = -(-len(panels) // 2)
    rows = (heights[:columns], heights[columns:])
    return max(pile, sum(max(row) + 2 for row in rows) - 2)
