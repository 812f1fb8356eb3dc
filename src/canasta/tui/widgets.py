"""The table's widgets. Each gets an immutable :class:`Table` (attributes down) and posts
messages up (:class:`HandView.CardClicked`); none holds game state of its own."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from canasta.engine import TEAM_NAMES, Card, PlayerView, TableMeld, seat_name
from canasta.tui.cards import CardStyle, rank_label

__all__ = ["HandView", "PilePanel", "ScoreBar", "SeatsBar", "StatusLine", "Table", "TeamPanel"]

_CELL = 6  # one hand card: bracket, three-cell label, bracket, gap


@dataclass(frozen=True, slots=True)
class Table:
    """What the table shows: one seat's view plus what the last move touched."""

    seen: PlayerView
    style: CardStyle
    #: Each team's meld ranks changed by the last move (highlighted).
    touched: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
    #: The seat that made the last move.
    last_seat: int | None = None
    #: The last move put a card on the pile.
    pile_touched: bool = False
    #: Nobody is at the keyboard (hot seat): ``seen`` holds no hand and no seat is "you".
    hidden: bool = False
    #: The players' names, South, West, North, East.
    names: tuple[str, ...] = ("South", "West", "North", "East")


class TableWidget(Widget):
    """A widget that draws part of a :class:`Table`."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.table: Table | None = None

    def show(self, table: Table) -> None:
        """Draw ``table`` from now on (redrawing only when this widget's part changed)."""
        changed = self.table is None or self.part(self.table) != self.part(table)
        self.table = table
        if changed:
            self.refresh()

    def part(self, table: Table) -> object:
        """The part of ``table`` this widget draws."""
        return table


class ScoreBar(TableWidget):
    """Round, dealer, both teams' totals and initial-meld minimums."""

    def part(self, table: Table) -> object:
        """Round, dealer, scores, minimums and whether they are met."""
        seen = table.seen
        return (seen.round_no, seen.dealer, seen.scores, seen.minimums, seen.melded)

    def render(self) -> RenderableType:
        """One line of scores."""
        if self.table is None:
            return ""
        seen = self.table.seen
        wide = self.size.width >= 100
        text = Text()
        text.append(f"Round {seen.round_no}", style="bold")
        text.append(f"  Dealer {seat_name(seen.dealer)}")
        for team in (0, 1):
            name = TEAM_NAMES[team] if wide else ("NS", "EW")[team]
            met = "met" if seen.melded[team] else "not met"
            text.append("  │ " if not self.table.style.ascii else "  | ")
            text.append(f"{name} {seen.scores[team]}", style="bold")
            text.append(f" min {seen.minimums[team]} {met}")
        return text


class SeatsBar(TableWidget):
    """Every seat's card count; whose turn it is and who moved last."""

    def part(self, table: Table) -> object:
        """Hand sizes, the dealer, the seat to move, the last mover, names and who is "you"."""
        seen = table.seen
        hands = (seen.hand_sizes, seen.dealer, seen.to_move, table.last_seat)
        return (*hands, seen.seat, table.hidden, table.names)

    def render(self) -> RenderableType:
        """One line of seats, the seat to move in reverse."""
        if self.table is None:
            return ""
        text = self._seats(compact=False)
        if text.cell_len > self.content_region.width > 0:
            # Long names: the card counts without the word "cards".
            text = self._seats(compact=True)
        return text

    def _seats(self, *, compact: bool) -> Text:
        assert self.table is not None
        seen = self.table.seen
        hidden = self.table.hidden
        arrow = ">" if self.table.style.ascii else "▶"
        text = Text()
        for seat in (1, 2, 3, 0):
            if seat != 1:
                text.append("  ")
            who = "You" if seat == seen.seat and not hidden else self.table.names[seat]
            if seat == seen.partner and not hidden and self.size.width >= 90:
                who += " (partner)"
            if seat == seen.dealer:
                who += " (dealer)"
            count = seen.hand_sizes[seat]
            cards = "" if compact else " card" if count == 1 else " cards"
            label = f"{arrow if seat == seen.to_move else ' '}{who} {count}{cards}"
            style = ""
            if seat == seen.to_move:
                style = "reverse bold"
            elif seat == self.table.last_seat:
                style = "underline"
            text.append(label, style=style)
        return text


class TeamPanel(TableWidget):
    """One team's red threes and melds by rank, canastas clearly marked.

    Each meld takes a line while there is room: its cards when they fit the width, else a
    short form (``K x7 ★ NATURAL``, ``Q x7 ★ MIXED 2w``, ``9 x4 3 natural, 1 wild``). When the panel
    is too low for a line per meld, the short forms share lines (``K x7★N  Q x7★M 2w``),
    so that every meld stays on screen however many there are.
    """

    def __init__(self, team: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.team = team

    def part(self, table: Table) -> object:
        """The team's melds, red threes and the ranks the last move touched."""
        seen = table.seen
        return (seen.melds[self.team], seen.red_threes[self.team], table.touched[self.team])

    def lines_wanted(self) -> int:
        """The lines of a line per meld (and one for the red threes)."""
        if self.table is None:
            return 2
        return 1 + max(1, len(self.table.seen.melds[self.team]))

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
        ordered = sorted(meld.cards, key=lambda card: (card.is_wild, int(card)))
        cards = Text(" ").join(style.styled(card) for card in ordered)
        counts = (
            f"{meld.naturals} natural, {meld.wilds} wild",
            f"{meld.naturals} nat, {meld.wilds} wild",
            f"{meld.naturals}n {meld.wilds}w",
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
        touched = self.table.touched[self.team]
        threes = seen.red_threes[self.team]
        reds = Text("Red 3s: ")
        if threes:
            reds.append_text(Text(" ").join(style.styled(card) for card in threes))
        else:
            reds.append("none", style="dim")
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


class PilePanel(TableWidget):
    """The discard pile (top card, size, frozen or blocked and why) and the stock, in lines
    of at most 22 cells."""

    def render(self) -> RenderableType:
        """A few lines about the pile and the stock."""
        if self.table is None:
            return ""
        return Text("\n").join(self.lines())

    def lines(self) -> list[Text]:
        """The panel's lines."""
        assert self.table is not None
        seen = self.table.seen
        style = self.table.style
        top = seen.pile_top
        first = Text("Pile: ")
        if top is None:
            first.append("empty", style="dim")
        else:
            card = style.styled(top)
            if self.table.pile_touched:
                card.stylize("reverse")
            first.append_text(card)
            first.append(f" ({len(seen.pile)})")
        lines = [first]
        if seen.pile_blocked and top is not None:
            lines.append(Text.assemble(("BLOCKED", "bold red"), f" by {style.label(top)}"))
        if seen.pile_frozen:
            lines.append(Text.assemble(("FROZEN", "bold cyan"), " for everyone"))
            lines.append(Text("(a wild card or red 3)"))
        elif self.table.hidden:
            pass  # Frozen or open for whom: nobody is at the keyboard.
        elif not seen.melded[seen.team]:
            lines.append(Text("Frozen for your team", style="bold cyan"))
            lines.append(Text("until its initial meld", style="cyan"))
        elif top is not None and not seen.pile_blocked:
            lines.append(Text("Open", style="green"))
        lines.append(Text(f"Stock: {seen.stock_size}"))
        if seen.pending:
            lines.append(Text(f"Waiting: {len(seen.pending)} pile cards", style="bold"))
        if seen.permission is not None and seen.turn == seen.seat:
            answer = "Partner: YES, go out" if seen.permission else "Partner: NO going out"
            lines.append(Text(answer, style="bold"))
        return lines


class HandView(TableWidget):
    """The viewer's hand in display order: a cursor, selected cards raised and marked."""

    class CardClicked(Message):
        """A card of the hand was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: tuple[Card, ...] = ()
        self.selected: frozenset[int] = frozenset()
        self.cursor = 0

    def show_hand(
        self, table: Table, cards: tuple[Card, ...], selected: frozenset[int], cursor: int
    ) -> None:
        """Draw ``cards`` (display order) with the ``selected`` indices and the ``cursor``."""
        resized = len(cards) != len(self.cards)
        self.cards = cards
        self.selected = selected
        self.cursor = cursor
        self.table = table
        self.refresh(layout=resized)

    def _per_line(self) -> int:
        width = self.content_region.width or self.size.width or 78
        return max(1, (width + 1) // _CELL)

    def render(self) -> RenderableType:
        """Rows of cards, each with a line of marks under the selected ones."""
        if self.table is None:
            return ""
        style = self.table.style
        if self.table.hidden:
            return Text("Hidden until the next player is at the keyboard.", style="dim")
        if not self.cards:
            return Text("No cards in hand.", style="dim")
        per_line = self._per_line()
        mark = "^" if style.ascii else "▲"
        rows: list[Text] = []
        for start in range(0, len(self.cards), per_line):
            labels = Text()
            marks = Text()
            for index in range(start, min(start + per_line, len(self.cards))):
                card = self.cards[index]
                chosen = index in self.selected
                at_cursor = index == self.cursor
                label = style.styled(card)
                label.pad_left(3 - label.cell_len)
                if chosen:
                    label.stylize("reverse")
                labels.append("[" if at_cursor else " ", style="bold")
                labels.append_text(label)
                labels.append("] " if at_cursor else "  ", style="bold")
                marks.append(f"  {mark}   " if chosen else "      ", style="bold")
            rows.append(labels)
            rows.append(marks)
        return Text("\n").join(rows)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        """Two lines per row of cards."""
        return self.lines_at(width)

    def lines_at(self, width: int) -> int:
        """The lines the hand takes ``width`` cells wide: two per row of cards."""
        per_line = max(1, (width + 1) // _CELL)
        return max(2, 2 * -(-len(self.cards) // per_line))

    def on_click(self, event: events.Click) -> None:
        """Turn a click into the index of the card under it."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = (offset.y // 2) * self._per_line() + offset.x // _CELL
        if 0 <= index < len(self.cards):
            self.post_message(self.CardClicked(index))


class StatusLine(Widget):
    """What the player must do next, and why a move is unavailable (a fixed height, so a
    new sentence never moves the rest of the table)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = ""

    def say(self, text: str) -> None:
        """Show ``text``."""
        if text != self.text:
            self.text = text
            self.refresh()

    def render(self) -> RenderableType:
        """The sentence."""
        return self.text
