"""One team's melds and red threes on the table (:class:`TeamPanel`), titled with the team's
name and, where going out needs more than one canasta, how many it has."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual import events

from canasta.engine import TableMeld, is_wild
from canasta.tui.cards import rank_label
from canasta.tui.seats import team_label
from canasta.tui.widgets import Table, TableWidget

__all__ = ["TeamPanel"]

#: A panel's border and padding, and the room " (you)" takes in its title.
_FRAME, _YOU = 4, 6


class TeamPanel(TableWidget):
    """One team's red threes and melds by rank, canastas clearly marked.

    Each meld takes a line while there is room: its cards when they fit the width, else a
    short form (``K x7 ★ NATURAL``, ``Q x7 ★ MIXED 2w``, ``9 x4 3 natural, 1 wild``, ``9 x4 1
    wild``); the red threes, when too many for the width, by number (``5 of 6``). When the panel
    is too low for a line per meld, the short forms share lines (``K x7★N  Q x7★M 2w``),
    so that every meld stays on screen however many there are.
    """

    def __init__(self, team: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.team = team

    def part(self, table: Table) -> object:
        """The team's melds, red threes and the ranks the last move touched."""
        seen = table.seen
        return (seen.melds[self.team], seen.red_threes[self.team], table.touched_of(self.team))

    def show(self, table: Table) -> None:
        """Draw ``table``, and title the panel for it."""
        super().show(table)
        self._retitle()

    def on_resize(self, event: events.Resize) -> None:
        """A long team name gives way to its initials when the panel is narrow."""
        self._retitle()

    def _retitle(self) -> None:
        """The team's name (``(you)`` after the viewer's partnership), shortened to its
        seats' initials when the panel is too narrow; its canastas when going out needs
        more than one."""
        if self.table is None:
            return
        seen = self.table.seen
        rules = seen.rules
        names = self.table.shown_names
        yours = self.team == seen.team and not self.table.hidden
        partnership = len(rules.partnerships[self.team]) > 1
        room = self.size.width - _FRAME - (_YOU if yours and partnership else 0)
        title = team_label(rules, self.team, names)
        if len(title) > room:
            title = team_label(rules, self.team, names, short=True)
        canastas = None
        needed = rules.canastas_to_go_out
        if needed > 1:
            made = sum(1 for meld in seen.melds[self.team] if meld.is_canasta(rules))
            canastas = (
                f"{made} of {needed} canastas" if made < needed else f"{made} canastas: enough"
            )
        self.retitle(f"{title} (you)" if yours and partnership else title, canastas)

    def lines_wanted(self) -> int:
        """The lines of a line per meld (and one for the red threes)."""
        if self.table is None:
            return 2
        return 1 + max(1, len(self.table.seen.melds[self.team]))

    def lines_needed(self) -> int:
        """The fewest lines that show every meld: their short forms in as many columns as
        the width holds (and one for the red threes)."""
        width = self.content_region.width
        if self.table is None or width <= 0:
            return self.lines_wanted()
        shorts = [self._short(meld) for meld in self.table.seen.melds[self.team]]
        if not shorts:
            return 2
        columns = max(1, (width + 2) // (max(item.cell_len for item in shorts) + 2))
        return 1 + -(-len(shorts) // columns)

    def _is_canasta(self, meld: TableMeld) -> bool:
        return self.table is not None and meld.is_canasta(self.table.seen.rules)

    def _meld_line(self, meld: TableMeld, width: int) -> Text:
        assert self.table is not None
        style = self.table.style
        star = "*" if style.ascii else "★"
        if self._is_canasta(meld):
            line = Text(f"{rank_label(meld.rank):>2} x{len(meld.cards)} ", style="bold")
            kind = "NATURAL" if meld.is_natural else "MIXED"
            wilds = "" if meld.is_natural else f" {meld.wilds}w"
            for label in (f"{star} {kind} canasta", f"{star} {kind}"):
                if line.cell_len + len(label) + len(wilds) <= width:
                    break
            line.append(label, style="bold green" if meld.is_natural else "bold yellow")
            line.append(wilds)
            return line
        head = f"{rank_label(meld.rank):>2} x{len(meld.cards):<2} "
        line = Text(head, style="bold")
        ordered = sorted(meld.cards, key=lambda card: (is_wild(card), card))
        cards = Text(" ").join(style.styled(card) for card in ordered)
        counts = (
            f"{meld.naturals} natural, {meld.wilds} wild",
            f"{meld.naturals} nat, {meld.wilds} wild",
            f"{meld.wilds} wild" if meld.wilds else "natural",
        )
        if len(head) + cards.cell_len <= width:
            line.append_text(cards)
        else:
            line.append(next((c for c in counts if len(head) + len(c) <= width), counts[-1]))
        return line

    def _short(self, meld: TableMeld) -> Text:
        """The meld in a few cells: rank, size, canasta kind, wild cards."""
        assert self.table is not None
        star = "*" if self.table.style.ascii else "★"
        text = Text(f"{rank_label(meld.rank):>2} x{len(meld.cards)}", style="bold")
        if self._is_canasta(meld):
            natural = meld.is_natural
            text.append(
                f"{star}{'N' if natural else 'M'}", style="bold green" if natural else "bold yellow"
            )
        if meld.wilds:
            text.append(f" {meld.wilds}w")
        return text

    @staticmethod
    def _packed(items: list[Text], *, width: int, lines: int) -> list[Text]:
        """``items`` in as few aligned columns as make them fit in ``lines`` lines (in as many
        as the width holds, if none do)."""
        cell = max(item.cell_len for item in items) + 2
        columns = max(1, min(-(-len(items) // max(1, lines)), (width + 2) // cell))
        rows: list[Text] = []
        for start in range(0, len(items), columns):
            row = Text()
            for item in items[start : start + columns]:
                if row:
                    row.pad_right(cell - (row.cell_len % cell or cell))
                row.append_text(item)
            rows.append(row)
        return rows

    def render(self) -> RenderableType:
        """The red threes, then the melds: a line each, or packed when the panel is low."""
        if self.table is None:
            return ""
        seen = self.table.seen
        style = self.table.style
        width = self.content_region.width or self.size.width or 24
        height = self.content_region.height or self.size.height
        touched = self.table.touched_of(self.team)
        threes = seen.red_threes[self.team]
        reds = Text("Red 3s: ")
        cards = Text(" ").join(style.styled(card) for card in threes)
        if not threes:
            reds.append("none", style="dim")
        elif reds.cell_len + cards.cell_len <= width:
            reds.append_text(cards)
        else:  # six players: up to six of them
            reds.append(f"{len(threes)} of {seen.rules.red_threes_in_deck}")
        melds = seen.melds[self.team]
        if not melds:
            body = [Text("No melds yet.", style="dim")]
        elif height and 1 + len(melds) > height:
            shorts = [self._marked(self._short(meld), meld.rank in touched) for meld in melds]
            body = self._packed(shorts, width=width, lines=height - 1)
        else:
            body = [
                self._marked(self._meld_line(meld, width), meld.rank in touched) for meld in melds
            ]
        text = Text("\n").join([reds, *body])
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text

    @staticmethod
    def _marked(line: Text, touched: bool) -> Text:
        if touched:
            line.stylize("reverse")
        return line
