"""One railroad player's side of the table (:class:`PlayerPanel`): the kinds of canasta
still needed to go out, the canastas by kind, the open melds, the red threes, and the kitty
(its status and size; its cards only to its owner, while the owner may look at them).

Railroad players each play alone, so a panel belongs to a seat. Each part of the panel is a
row of items that wraps onto more lines when the width is short; when the panel is too low
for every line, shorter forms of the items are tried, from the cards themselves down to
``9x4`` (and the last line ends in an ellipsis if even those do not fit).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text
from textual import events

from canasta.engine import TableMeld, is_wild
from canasta.engine.cards import WILD_RANK
from canasta.engine.kinds import KINDS, CanastaKind, canasta_kind, kinds_missing
from canasta.tui.cards import rank_label
from canasta.tui.seats import short_name
from canasta.tui.widgets import Table, TableWidget

__all__ = ["KIND_NAMES", "PlayerPanel", "kitty_words"]

#: Each kind of canasta as the table names it.
KIND_NAMES: dict[CanastaKind, str] = {
    "red": "red",
    "black": "black",
    "wild": "wild",
    "sevens": "sevens",
}
#: The kinds still needed, in ever fewer cells: a lead, then each kind's name.
_NEEDS_FORMS: tuple[tuple[str, dict[CanastaKind, str]], ...] = (
    ("Needs ", KIND_NAMES),
    ("Needs ", {**KIND_NAMES, "sevens": "7s"}),
    ("Need ", {"red": "R", "black": "B", "wild": "W", "sevens": "7s"}),
)
_KIND_STYLES: dict[CanastaKind, str] = {
    "red": "bold red",
    "black": "bold",
    "wild": "bold magenta",
    "sevens": "bold yellow",
}
#: The levels of detail, most first: open melds with their cards, with their wild cards
#: counted, by rank and size only.
_DETAILS = (0, 1, 2)


def kitty_words(status: str, size: int) -> tuple[str, ...]:
    """A kitty's status in words, longest first (``kitty 11 untouched`` ... ``kitty 11``,
    face down being a kitty's usual state); empty where the rule set has no kitties."""
    if status == "untouched":
        return (f"kitty {size} untouched", f"kitty {size} down", f"kitty {size}")
    if status == "may_take":
        return (f"kitty {size} may take", f"kitty {size} open", "kitty open")
    if status == "taken":
        return ("kitty taken",)
    return ()


class PlayerPanel(TableWidget):
    """One railroad player's melds by kind of canasta, what the player still needs to go
    out, red threes and kitty: titled with the player's name, the kitty below."""

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat = seat
        # The last forms laid out, with what they show (the panel's part of the table, the
        # card style) and the width they were laid out for: the middle row's fitting asks
        # for them twice per move and the drawing once more, and most moves leave most
        # panels as they were.
        self._laid_out: tuple[object, list[list[Text]]] | None = None

    @property
    def team(self) -> int:
        """The seat's team (in railroad, the seat itself)."""
        return self.table.seen.rules.team_of(self.seat) if self.table is not None else self.seat

    def part(self, table: Table) -> object:
        """The seat's melds, red threes, kitty, name and the ranks the last move touched."""
        seen = table.seen
        team = seen.rules.team_of(self.seat)
        own = seen.kitty if seen.seat == self.seat and not table.hidden else ()
        kitty = (seen.kitty_status[self.seat], seen.kitty_sizes[self.seat], own)
        names = (table.shown_names, seen.melded[team], seen.minimums[team])
        return (seen.melds[team], seen.red_threes[team], kitty, names, table.touched_of(team))

    def show(self, table: Table) -> None:
        """Draw ``table``; title the panel with the player and the kitty."""
        super().show(table)
        self._retitle()

    def on_resize(self, event: events.Resize) -> None:
        """The kitty's words get shorter when the panel is narrow."""
        self._retitle()

    def _retitle(self) -> None:
        if self.table is None:
            return
        seen = self.table.seen
        name = self.table.shown_names[self.seat]
        room = self.outer_size.width - 6  # the border's corners and a space each side
        if not seen.melded[self.team]:
            minimum = f" min {seen.minimums[self.team]}"
            if len(name) + len(minimum) > room:
                name = short_name(name)
            name += minimum
        words = kitty_words(seen.kitty_status[self.seat], seen.kitty_sizes[self.seat])
        self.retitle(name, next((w for w in words if len(w) <= room), words[-1]))

    # ------------------------------------------------------------------ content

    def _melds(self) -> tuple[TableMeld, ...]:
        assert self.table is not None
        return self.table.seen.melds[self.team]

    def _needs(self, width: int, detail: int) -> list[Text]:
        """The kinds of canasta the player still needs to go out: at the most detail in
        words on as many lines as they take, else on one line in the longest words that fit
        (``Needs red black wild 7s`` ... ``Need R B W 7s``)."""
        assert self.table is not None
        missing = kinds_missing(self._melds(), self.table.seen.rules)
        if not missing:
            done = [Text(part, style="bold green") for part in ("Has every kind:", "may go out")]
            return _flow(Text(""), done, width)
        text = Text()
        for lead, names in _NEEDS_FORMS:
            items = [Text(names[kind], style=_KIND_STYLES[kind]) for kind in missing]
            if detail == _DETAILS[0]:
                return _flow(Text(lead), items, width)
            text = Text(lead).append_text(Text(" ").join(items))
            if text.cell_len <= width:
                break
        return [text]

    def _canastas(self, width: int, detail: int) -> list[Text]:
        """The canastas by kind, the ranks of the red and black ones after their kind
        (``★red K Q``, ``★wild``, ``★sevens x2``): a row per kind, or at the least detail
        all kinds in one row."""
        assert self.table is not None
        rules = self.table.seen.rules
        star = "*" if self.table.style.ascii else "★"
        touched = self.table.touched_of(self.team)
        by_kind: dict[CanastaKind, list[TableMeld]] = {kind: [] for kind in KINDS}
        for meld in self._melds():
            kind = canasta_kind(meld, rules)
            if kind is not None:
                by_kind[kind].append(meld)
        groups: list[list[Text]] = []
        for kind, melds in by_kind.items():
            if not melds:
                continue
            group = [Text(f"{star}{KIND_NAMES[kind]}", style=_KIND_STYLES[kind])]
            if kind in ("red", "black"):
                group.extend(
                    Text(rank_label(meld.rank), style="reverse" if meld.rank in touched else "")
                    for meld in melds
                )
            elif len(melds) > 1:
                group.append(Text(f"x{len(melds)}"))
            groups.append(group)
        if detail == _DETAILS[-1]:
            items = [item for group in groups for item in group]
            return _flow(Text(""), items, width, gap=1) if items else []
        return [line for group in groups for line in _flow(Text(""), group, width, gap=1)]

    def _open(self, detail: int) -> list[Text]:
        """The melds that are not canastas: ``9 x4: 9♥ 9♦ 9♣ 2♠``, ``9 x4 1w``, ``9x4``
        (by ``detail``); the wild cards' meld is ``wild``."""
        assert self.table is not None
        style = self.table.style
        rules = self.table.seen.rules
        touched = self.table.touched_of(self.team)
        items = []
        for meld in self._melds():
            if canasta_kind(meld, rules) is not None:
                continue
            name = "wild" if meld.rank == WILD_RANK else rank_label(meld.rank)
            item = Text(f"{name}{' ' if detail < 2 else ''}x{len(meld.cards)}", style="bold")
            if detail == 0:
                ordered = sorted(meld.cards, key=lambda card: (is_wild(card), card))
                item.append(": ")
                item.append_text(Text(" ").join(style.styled(card) for card in ordered))
            elif detail == 1 and meld.wilds and meld.rank != WILD_RANK:
                item.append(f" {meld.wilds}w")
            if meld.rank in touched:
                item.stylize("reverse")
            items.append(item)
        return items

    def _rows(self, width: int, detail: int) -> list[Text]:
        """The panel's lines at ``detail``."""
        assert self.table is not None
        seen = self.table.seen
        style = self.table.style
        rows = self._needs(width, detail)
        canastas = self._canastas(width, detail)
        rows.extend(canastas)
        opened = self._open(detail)
        if opened:
            rows.extend(_flow(Text("Open: ", style="dim"), opened, width))
        elif not canastas:
            rows.append(Text("No melds yet.", style="dim"))
        threes = seen.red_threes[self.team]
        if threes:
            cards = [style.styled(card) for card in threes]
            if detail < 2:
                rows.extend(_flow(Text("Red 3s: "), cards, width))
            else:
                rows.append(Text(f"Red 3s: {len(threes)}"))
        own = seen.kitty if seen.seat == self.seat and not self.table.hidden else ()
        if own:
            head = Text("Kitty, yours with your discard: " if detail == 0 else "Kitty: ")
            head.stylize("bold")
            rows.extend(_flow(head, [style.styled(card) for card in own], width))
        return rows

    def _width(self) -> int:
        return self.content_region.width or self.size.width or 24

    def _forms(self, width: int) -> list[list[Text]]:
        """The panel's lines at each level of detail whose lines fit ``width`` (the least
        detailed always, however wide); shared, not to be changed."""
        assert self.table is not None
        key = (self.part(self.table), self.table.style, self.table.seen.rules, width)
        if self._laid_out is not None and self._laid_out[0] == key:
            return self._laid_out[1]
        forms = [self._rows(width, detail) for detail in _DETAILS]
        fitting = [rows for rows in forms[:-1] if all(row.cell_len <= width for row in rows)]
        self._laid_out = (key, [*fitting, forms[-1]])
        return self._laid_out[1]

    def lines_wanted(self) -> int:
        """The lines of the most detailed form that fits the width."""
        if self.table is None:
            return 2
        return len(self._forms(self._width())[0])

    def lines_needed(self) -> int:
        """The lines of the shortest form."""
        if self.table is None:
            return 2
        return len(self._forms(self._width())[-1])

    def render(self) -> RenderableType:
        """The most detailed form that fits the panel."""
        if self.table is None:
            return ""
        height = self.content_region.height or self.size.height
        forms = self._forms(self._width())
        rows = next((rows for rows in forms if not height or len(rows) <= height), forms[-1])
        if height and len(rows) > height:
            rows = [*rows[: height - 1], rows[height - 1].copy()]
            rows[-1].append(" …" if not self.table.style.ascii else " ...")
        text = Text("\n").join(rows)
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text


def _flow(head: Text, items: Sequence[Text], width: int, *, gap: int = 2) -> list[Text]:
    """``head`` then ``items`` ``gap`` cells apart, onto as many lines as ``width`` needs
    (the first item always beside ``head``; the lines after the first indented by one
    cell)."""
    lines = [head.copy()]
    for index, item in enumerate(items):
        line = lines[-1]
        space = 0 if not index or line.plain.endswith(" ") else gap
        if index and line.cell_len + space + item.cell_len > width:
            line = Text(" ")
            lines.append(line)
            space = 0
        line.append(" " * space)
        line.append_text(item)
    return lines
