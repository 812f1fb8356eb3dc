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
    """One team's red threes and melds by rank, canastas clearly marked."""

    def __init__(self, team: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.team = team

    def part(self, table: Table) -> object:
        """The team's melds, red threes and the ranks the last move touched."""
        seen = table.seen
        return (seen.melds[self.team], seen.red_threes[self.team], table.touched[self.team])

    def _meld_line(self, meld: TableMeld, width: int, touched: bool) -> Text:
        style = self.table.style if self.table is not None else CardStyle()
        head = f"{rank_label(meld.rank):>2} x{len(meld.cards):<2} "
        line = Text(head, style="bold")
        canasta = len(meld.cards) >= (
            self.table.seen.rules.canasta_size if self.table is not None else 7
        )
        if canasta:
            star = "*" if style.ascii else "★"
            if meld.is_natural:
                line.append(f"{star} NATURAL canasta", style="bold green")
            else:
                line.append(f"{star} MIXED canasta", style="bold yellow")
                line.append(f" {meld.wilds}w")
        else:
            ordered = sorted(meld.cards, key=lambda card: (card.is_wild, int(card)))
            cards = Text(" ").join(style.styled(card) for card in ordered)
            if len(head) + cards.cell_len <= width:
                line.append_text(cards)
            else:
                line.append(f"{meld.naturals} natural, {meld.wilds} wild")
        if touched:
            line.stylize("reverse")
        return line

    def render(self) -> RenderableType:
        """The red threes, then one line per meld."""
        if self.table is None:
            return ""
        seen = self.table.seen
        style = self.table.style
        width = self.content_region.width or self.size.width
        lines: list[Text] = []
        threes = seen.red_threes[self.team]
        reds = Text("Red 3s: ")
        if threes:
            reds.append_text(Text(" ").join(style.styled(card) for card in threes))
        else:
            reds.append("none", style="dim")
        lines.append(reds)
        melds = seen.melds[self.team]
        if not melds:
            lines.append(Text("No melds yet.", style="dim"))
        for meld in melds:
            lines.append(self._meld_line(meld, width, meld.rank in self.table.touched[self.team]))
        return Text("\n").join(lines)


class PilePanel(TableWidget):
    """The discard pile (top card, size, frozen or blocked and why) and the stock."""

    def render(self) -> RenderableType:
        """A few lines about the pile and the stock."""
        if self.table is None:
            return ""
        seen = self.table.seen
        style = self.table.style
        text = Text()
        top = seen.pile_top
        text.append("Pile: ")
        if top is None:
            text.append("empty", style="dim")
        else:
            card = style.styled(top)
            if self.table.pile_touched:
                card.stylize("reverse")
            text.append_text(card)
            text.append(f" ({len(seen.pile)})")
        text.append("\n")
        if seen.pile_blocked and top is not None:
            text.append("BLOCKED", style="bold red")
            text.append(f" by {style.label(top)}\n")
        if seen.pile_frozen:
            text.append("FROZEN", style="bold cyan")
            text.append(": wild or red 3 inside\n")
        elif self.table.hidden:
            pass  # Frozen or open for whom: nobody is at the keyboard.
        elif not seen.melded[seen.team]:
            text.append("Frozen for you", style="bold cyan")
            text.append(": no initial meld\n")
        elif top is not None and not seen.pile_blocked:
            text.append("Open\n", style="green")
        text.append(f"Stock: {seen.stock_size}")
        if seen.pending:
            text.append(f"\nWaiting: {len(seen.pending)} pile cards", style="bold")
        if seen.permission is not None and seen.turn == seen.seat:
            text.append(
                "\nPartner: YES, go out" if seen.permission else "\nPartner: NO going out",
                style="bold",
            )
        return text


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
