"""The table's widgets. Each gets an immutable :class:`Table` (attributes down) and posts
messages up (:class:`HandView.CardClicked`); none holds game state of its own."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from dataclasses import dataclass

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from canasta.engine import Card, PlayerView, is_wild
from canasta.engine.narrate import YOU
from canasta.engine.words import counted
from canasta.tui.cards import CardStyle
from canasta.tui.seats import short_labels, short_name, shown_names, team_labels

__all__ = [
    "HandView",
    "PilePanel",
    "ScoreBar",
    "SeatsBar",
    "StatusLine",
    "Table",
    "TableWidget",
    "frozen_by",
]

_CELL = 6  # one hand card: bracket, three-cell label, bracket, gap
_PILE_LINE = 22  # the pile's lines are at most this long where the panel is wide enough


@dataclass(frozen=True, slots=True)
class Table:
    """What the table shows: one seat's view plus what the last move touched."""

    seen: PlayerView
    style: CardStyle
    #: Each team's meld ranks changed by the last move (highlighted); none when empty.
    touched: tuple[frozenset[int], ...] = ()
    #: The seat that made the last move.
    last_seat: int | None = None
    #: The last move put a card on the pile.
    pile_touched: bool = False
    #: Nobody is at the keyboard (hot seat: ``seen`` holds no hand; a replay): no seat is
    #: "you".
    hidden: bool = False
    #: The players' names by seat (empty: the seats' own names).
    names: tuple[str, ...] = ()

    def touched_of(self, team: int) -> frozenset[int]:
        """``team``'s meld ranks that the last move changed."""
        return self.touched[team] if team < len(self.touched) else frozenset()

    @property
    def shown_names(self) -> tuple[str, ...]:
        """The players' names as the table shows them: the viewer is "You" (unless the
        hand is hidden)."""
        you = None if self.hidden else self.seen.seat
        return shown_names(self.names or self.seen.rules.seat_names, you)


class TableWidget(Widget):
    """A widget that draws part of a :class:`Table`."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.table: Table | None = None
        self._titles: tuple[str, str | None] | None = None

    def show(self, table: Table) -> None:
        """Draw ``table`` from now on (redrawing only when this widget's part changed)."""
        changed = self.table is None or self.part(self.table) != self.part(table)
        self.table = table
        if changed:
            self.refresh()

    def retitle(self, title: str, subtitle: str | None = None) -> None:
        """Title the border, redrawing the widget only when a title changed (Textual
        redraws a widget whose border title is set, and most moves change no title)."""
        if (title, subtitle) != self._titles:
            self._titles = (title, subtitle)
            self.border_title = title
            self.border_subtitle = subtitle

    def part(self, table: Table) -> object:
        """The part of ``table`` this widget draws."""
        return table

    def fitting(self, forms: Iterable[Text]) -> Text:
        """The first of ``forms`` (longest first) that fits the width, else the last."""
        width = self.content_region.width
        text = Text()
        for text in forms:
            if width <= 0 or text.cell_len <= width:
                break
        return text


class ScoreBar(TableWidget):
    """Round, dealer, every team's total and initial-meld minimum (shorter forms when the
    line is short: team initials, then no dealer, then only each minimum still to meet,
    then no minimums, then players alone by their seats' initials too)."""

    def part(self, table: Table) -> object:
        """Round, dealer, scores, minimums and whether they are met, and the names."""
        seen = table.seen
        names = table.shown_names
        return (seen.round_no, seen.dealer, seen.scores, seen.minimums, seen.melded, names)

    def render(self) -> RenderableType:
        """One line of scores."""
        if self.table is None:
            return ""
        # Labels: 0 the teams' names, 1 partnerships' initials, 2 every seat's initials.
        forms = (
            (0, True, True),
            (1, True, True),
            (1, False, True),
            (1, False, False),
            (1, False, None),  # many players: each panel says its player's minimum
            (2, False, None),
        )
        return self.fitting(
            self._line(short=short, dealer=dealer, met=met) for short, dealer, met in forms
        )

    def _line(self, *, short: int, dealer: bool, met: bool | None) -> Text:
        assert self.table is not None
        seen = self.table.seen
        names = self.table.shown_names
        text = Text()
        text.append(f"Round {seen.round_no}", style="bold")
        if dealer:
            # The dealer as every other line names the players ("Ann", "You"), not by seat.
            who = names[seen.dealer]
            text.append("  You deal" if who == YOU else f"  Dealer {who}")
        labels = (
            short_labels(seen.rules, names)
            if short == 2
            else team_labels(seen.rules, names, short=bool(short))
        )
        for team, label in enumerate(labels):
            text.append("  │ " if not self.table.style.ascii else "  | ")
            text.append(f"{label} {seen.scores[team]}", style="bold")
            minimum = f" min {seen.minimums[team]}"
            if met is None:
                continue
            if met:
                text.append(f"{minimum} {'met' if seen.melded[team] else 'not met'}")
            else:
                text.append(" melded" if seen.melded[team] else minimum)
        return text


class SeatsBar(TableWidget):
    """Every seat's card count; whose turn it is and who moved last (shorter forms when the
    line is short: no "partner", no "cards", then seats' initials)."""

    #: The forms tried, longest first: (mark partners, say "cards", initials).
    FORMS = (
        (True, True, False),
        (False, True, False),
        (True, False, False),
        (False, False, False),
        (True, False, True),
        (False, False, True),
    )

    def part(self, table: Table) -> object:
        """Hand sizes, the dealer, the seat to move, the last mover, names and who is "you"."""
        seen = table.seen
        hands = (seen.hand_sizes, seen.dealer, seen.to_move, table.last_seat)
        return (*hands, seen.seat, table.hidden, table.names)

    def render(self) -> RenderableType:
        """One line of seats, the seat to move in reverse."""
        if self.table is None:
            return ""
        return self.fitting(
            self._seats(partners=partners, cards=cards, short=short)
            for partners, cards, short in self.FORMS
        )

    def _seats(self, *, partners: bool, cards: bool, short: bool) -> Text:
        assert self.table is not None
        seen = self.table.seen
        rules = seen.rules
        names = self.table.shown_names
        hidden = self.table.hidden
        mates = () if hidden else rules.partnerships[seen.team]
        arrow = ">" if self.table.style.ascii else "▶"
        text = Text()
        # South last: the seats in the order they play after South.
        for seat in (*range(1, rules.players), 0):
            if seat != 1:
                text.append("  ")
            who = short_name(names[seat]) if short else names[seat]
            roles = []
            if partners and seat in mates and seat != seen.seat:
                roles.append("partner")
            if seat == seen.dealer:
                roles.append("dealer")
            if roles:
                who += f" ({', '.join(roles)})"
            count = seen.hand_sizes[seat]
            word = "" if not cards else " card" if count == 1 else " cards"
            label = f"{arrow if seat == seen.to_move else ' '}{who} {count}{word}"
            style = ""
            if seat == seen.to_move:
                style = "reverse bold"
            elif seat == self.table.last_seat:
                style = "underline"
            text.append(label, style=style)
        return text


class PilePanel(TableWidget):
    """The discard pile (top card, size, frozen or blocked and why), the stock and the
    sevens lock, in lines of at most 22 cells (a narrower panel wraps them)."""

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
            lines.append(Text(f"({frozen_by(seen)})"))
        elif self.table.hidden:
            pass  # Frozen or open for whom: nobody is at the keyboard.
        elif not seen.melded[seen.team]:
            lead, rest = (
                ("Frozen for you until", "your initial meld")
                if seen.partner is None
                else ("Frozen for your team", "until its initial meld")
            )
            if (self.content_region.width or _PILE_LINE) >= _PILE_LINE:
                lines.append(Text(lead, style="bold cyan"))
                lines.append(Text(rest, style="cyan"))
            else:  # one phrase, on as many lines as the panel's width takes
                width = self.content_region.width
                phrase = textwrap.wrap(f"{lead} {rest}", width)
                lines.extend(Text(line, style="bold cyan") for line in phrase)
        elif top is not None and not seen.pile_blocked:
            lines.append(Text("Open", style="green"))
        draws = seen.rules.draw_count
        lines.append(Text(f"Stock: {seen.stock_size}" + (f", draw {draws}" if draws > 1 else "")))
        if seen.sevens_locked:
            lines.append(Text("SEVENS LOCKED", style="bold yellow"))
            lines.append(Text("(no 7 discards)"))
        if seen.pending:
            lines.append(Text(f"Waiting: {counted(len(seen.pending), 'pile card')}", style="bold"))
        if seen.permission is not None and seen.turn == seen.seat:
            answer = "Partner: YES, go out" if seen.permission else "Partner: NO going out"
            lines.append(Text(answer, style="bold"))
        return lines


def frozen_by(seen: PlayerView) -> str:
    """What froze the pile for everyone: where players keep melds of their own kinds
    (railroad), the kind of card doing it; elsewhere the rule's two kinds of card."""
    if not seen.rules.several_melds:
        return "a wild card or red 3"
    if any(is_wild(card) for card in seen.pile):
        return "a wild card, until taken"
    return "a red 3, until taken"


class HandView(TableWidget):
    """The viewer's hand in display order: a cursor, selected cards raised and marked.

    Each row of cards has a line of marks under the selected ones. Within :attr:`room`
    lines (set by the screen, so that the log keeps some lines), a hand too big for that
    drops the marks lines (selected cards stay in reverse video), and a hand too big even
    so shows the rows around the cursor, which the arrows move."""

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
        #: The most lines the hand may take (``None``: as many as it needs).
        self.room: int | None = None
        #: The first row of cards shown (when not all of them fit in :attr:`room`).
        self.top = 0
        #: Under the cards (what the selection is worth).
        self.subtitle = ""

    def show_hand(
        self,
        table: Table,
        cards: tuple[Card, ...],
        selected: frozenset[int],
        cursor: int,
        *,
        subtitle: str = "",
    ) -> None:
        """Draw ``cards`` (display order) with the ``selected`` indices and the ``cursor``,
        ``subtitle`` under them (redrawing only when one of them changed: a bot's move
        leaves the hand as it was)."""
        changed = self.table is None or self._drawn() != (
            table.style,
            table.hidden,
            cards,
            selected,
            cursor,
        )
        resized = len(cards) != len(self.cards)
        self.cards = cards
        self.selected = selected
        self.cursor = cursor
        self.table = table
        self.subtitle = subtitle
        self._retitle()
        if changed:
            self.refresh(layout=resized)

    def _drawn(self) -> tuple[object, ...]:
        """What the hand is drawn from."""
        assert self.table is not None
        return (self.table.style, self.table.hidden, self.cards, self.selected, self.cursor)

    def fit(self, room: int | None) -> None:
        """Take at most ``room`` lines from now on."""
        if room != self.room:
            self.room = room
            self._retitle()
            self.refresh(layout=True)

    def on_resize(self) -> None:
        """The rows of cards change with the width."""
        self._retitle()

    def _retitle(self) -> None:
        """``Your hand: 50 cards``, and which rows show when not all of them fit."""
        if self.table is None:
            return
        if self.table.hidden:
            self.retitle("Hand hidden", self.subtitle)
            return
        title = f"Your hand: {counted(len(self.cards), 'card')}"
        window = self.window()
        if window is not None:
            first, last, rows = window
            title += f", rows {first}-{last} of {rows}"
        self.retitle(title, self.subtitle)

    def _per_line(self) -> int:
        width = self.content_region.width or self.size.width or 78
        return max(1, (width + 1) // _CELL)

    def _rows(self, per_line: int) -> int:
        return max(1, -(-len(self.cards) // per_line))

    def _row_lines(self, rows: int) -> int:
        """Two lines per row of cards (the cards, the marks) where they fit, else one."""
        return 2 if self.room is None or 2 * rows <= self.room else 1

    def _shown(self, rows: int) -> int:
        """How many rows of cards are shown (all of them, or as many as fit)."""
        if self.room is None:
            return rows
        return max(1, min(rows, self.room // self._row_lines(rows)))

    def _scrolled(self, per_line: int) -> int:
        """The first row to show: as before, unless the cursor's row is out of sight."""
        rows, row = self._rows(per_line), self.cursor // per_line
        shown = self._shown(rows)
        self.top = max(0, min(max(self.top, row - shown + 1), row, rows - shown))
        return self.top

    def window(self) -> tuple[int, int, int] | None:
        """The first and last rows shown (from 1) and the rows in all, when not all are."""
        per_line = self._per_line()
        rows = self._rows(per_line)
        shown = self._shown(rows)
        top = self._scrolled(per_line)
        return None if shown == rows else (top + 1, top + shown, rows)

    def render(self) -> RenderableType:
        """Rows of cards, each with a line of marks under the selected ones where there is
        room."""
        if self.table is None:
            return ""
        style = self.table.style
        if self.table.hidden:
            return Text("Hidden until the next player is at the keyboard.", style="dim")
        if not self.cards:
            return Text("No cards in hand.", style="dim")
        per_line = self._per_line()
        rows = self._rows(per_line)
        marked = self._row_lines(rows) == 2
        mark = "^" if style.ascii else "▲"
        lines: list[Text] = []
        top = self._scrolled(per_line)
        for row in range(top, top + self._shown(rows)):
            labels = Text()
            marks = Text()
            for index in range(row * per_line, min((row + 1) * per_line, len(self.cards))):
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
            lines.append(labels)
            if marked:
                lines.append(marks)
        return Text("\n").join(lines)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        """Two lines per row of cards, or fewer (see the class)."""
        return self.lines_at(width)

    def lines_at(self, width: int) -> int:
        """The lines the hand takes ``width`` cells wide: two per row of cards, or one, or
        :attr:`room` at most (see the class)."""
        rows = self._rows(max(1, (width + 1) // _CELL))
        return max(2, self._row_lines(rows) * self._shown(rows))

    def on_click(self, event: events.Click) -> None:
        """Turn a click into the index of the card under it."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        per_line = self._per_line()
        row = self.top + offset.y // self._row_lines(self._rows(per_line))
        column = offset.x // _CELL
        index = row * per_line + column
        # Right of a full row's last card is blank, not the next row's first card.
        if column < per_line and 0 <= index < len(self.cards):
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
