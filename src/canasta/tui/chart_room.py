"""Where a screen's chart goes: beside its table when the table leaves it room, else below
the table on a tall screen, else away. Every column of the table comes first (the score
sheet's teams, the statistics' counts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.geometry import Size
from textual.widget import Widget

__all__ = ["place_chart", "table_cells", "whole_ticks"]

#: A chart goes beside its table when the table leaves it this many cells; else below the
#: table when the screen has this many lines, and away when it has fewer.
CHART_BESIDE, STACKED_LINES = 36, 40


def table_cells(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    """The cells a table of ``rows`` under ``headings`` takes: each column as wide as its
    widest cell or heading, plus a cell each side (no rows: as wide as the headings)."""
    return sum(
        max([len(headings[column]), *(len(row[column]) for row in rows)]) + 2
        for column in range(len(headings))
    )


def place_chart(screen: Widget, size: Size, *, table: int, padding: int, charted: bool) -> None:
    """Give ``screen`` the class ``-stacked`` (the chart below the table) or ``-no-chart``
    (no chart shown), or neither (the chart beside the table), for a screen of ``size``
    whose table takes ``table`` cells and whose padding ``padding`` (both sides together);
    ``charted``: whether the screen draws a chart at all."""
    beside = size.width - padding - table >= CHART_BESIDE
    tall = size.height >= STACKED_LINES
    screen.set_class(charted and not beside and tall, "-stacked")
    screen.set_class(not charted or not (beside or tall), "-no-chart")


def whole_ticks(plt: Any, xs: Sequence[int], ys: Sequence[int]) -> None:
    """Label a plotext chart of points and games in whole numbers (plotext's own ticks
    read ``1.0`` and ``-870.8``): a tick at every ``x`` (every second, third, ... beyond
    ten), and five from the lowest ``y`` to the highest."""
    shown = xs[:: -(-len(xs) // 10)]
    plt.xticks([float(x) for x in shown], [str(x) for x in shown])
    low, high = min(ys), max(ys)
    ticks = sorted({round(low + (high - low) * step / 4) for step in range(5)})
    plt.yticks([float(tick) for tick in ticks], [str(tick) for tick in ticks])
