"""What every app at the table shares, wherever its game is held: the one thing the screens
talk to.

The table screen and the dialogs read the current game from :attr:`TableApp.session` and
the seat at the keyboard's :attr:`~TableApp.legal` actions, hand every move to
:meth:`~TableApp.submit`, and are told what happened through :meth:`~TableApp.heard`. Two
apps fill it in: :class:`~canasta.tui.play.PlayApp` holds the game itself (bots, hot seat),
:class:`~canasta.tui.remote.RemoteApp` plays one seat of a shared table whose server holds
it. Drawing the table, the log, refusals, hints, the score sheet and partner's question are
the same for both, and live here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from textual import work
from textual.app import App
from textual.notifications import Notification, Notify
from textual.screen import Screen
from textual.widgets._toast import Toast

from canasta.engine import Action, Answer, Card, GameState, Phase, PlayerView
from canasta.engine.events import Discarded, Event
from canasta.engine.memo import freeze_loaded
from canasta.engine.narrate import describe_events
from canasta.session import Session
from canasta.tui.cards import CardStyle
from canasta.tui.flow import sheet_title, touched_by
from canasta.tui.players import hint_for
from canasta.tui.seats import short_labels, shown_names, team_labels
from canasta.tui.status import status_sentence
from canasta.tui.table_screen import TableScreen
from canasta.tui.theme import CANASTA_THEME
from canasta.tui.widgets import Table

if TYPE_CHECKING:
    from canasta.tui.screens import ConfirmScreen

__all__ = ["VIEWER", "TableApp", "Told"]

#: ``seat`` of :meth:`TableApp.submit` meaning the seat at the keyboard.
VIEWER = -1

#: How long a refusal stays (short: it must not hide the table for long), and a hint (the
#: time to read a longer sentence).
REFUSAL_SECONDS, HINT_SECONDS = 3.0, 10.0

#: A line of the log told anew for whoever is at the keyboard (the seat called "You", or
#: ``None``), as events are.
Told = Callable[[int | None], str]


class TableApp(App[int]):
    """A table in the terminal: the screens, and what they ask of the game.

    Args:
        ascii: ASCII cards and borders.
        theme: the colour theme's name (an unknown one leaves a note and the app's own).
        by_suit: sort the hand by suit (else by rank).
    """

    CSS_PATH = "canasta.tcss"
    TITLE = "Canasta"
    ENABLE_COMMAND_PALETTE = False

    #: The game as the screens read it (at a shared table, a stand-in that agrees with
    #: everything the seat at the keyboard sees).
    session: Session

    def __init__(self, *, ascii: bool, theme: str, by_suit: bool) -> None:
        # Textual's modules are in now: else a full collection walking them (some 15 ms)
        # fell on the way to the first frame.
        freeze_loaded("table app")
        super().__init__()
        self.style = CardStyle(ascii=ascii)
        #: The seat at the keyboard.
        self.viewer = 0
        #: Sentences to show once the table is up.
        self.notes: list[str] = []
        #: Hot seat: no hand is shown (a bot plays, or the keyboard is passing on).
        self.hand_hidden = False
        #: What the seat at the keyboard may do now (empty: nothing).
        self.legal: list[Action] = []
        #: The game log as events (told anew when the seat at the keyboard changes).
        self._log_entries: list[Event | str | Told] = []
        self.register_theme(CANASTA_THEME)
        self.theme_name = "canasta"
        if theme in self.available_themes:
            self.theme_name = theme
        else:
            self.notes.append(self.no_such_theme(theme, "the canasta theme is used"))
        self._start_theme()
        self.set_class(ascii, "-ascii")
        self.animation_level = "none"
        self.table_screen = TableScreen()
        self.table_screen.by_suit = by_suit
        self._sheet_open = False
        self._last_seat: int | None = None
        self._touched: tuple[frozenset[int], ...] = ()
        self._pile_touched = False
        #: The notice on show of each kind (``refusal``, ``hint``), replaced by the next.
        self._notices: dict[str, Notification] = {}
        #: The position the last hint was about.
        self._hinted_state: GameState | None = None

    # ------------------------------------------------------------------ start

    def no_such_theme(self, theme: str, instead: str) -> str:
        """The sentence for an unknown ``theme``: what happens ``instead``, and the themes."""
        themes = ", ".join(sorted(self.available_themes))
        return f"There is no theme {theme!r}, so {instead}: choose one of {themes}."

    def _start_theme(self) -> None:
        """Start with the app's own theme (never the environment's) as Textual starts with
        its default one: in the stylesheet's variables before anything is styled. (Setting
        ``theme`` once running would parse the whole stylesheet twice more before the first
        frame.)"""
        default = self.current_theme
        self.set_reactive(App.theme, self.theme_name)
        if self.current_theme.dark != default.dark:
            # The terminal's colours are mapped for dark or light: Textual redoes it all.
            self.set_reactive(App.theme, default.name)
            self.theme = self.theme_name
            return
        self.stylesheet.set_variables(self.get_css_variables())

    def get_default_screen(self) -> Screen[None]:
        """The table is the app's first screen."""
        return self.table_screen

    def start_play(self) -> None:
        """The table screen is up: start the game (or join it)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ what the screens ask

    def submit(self, action: Action, *, seat: int | None = VIEWER) -> bool:
        """Play ``action`` for ``seat`` (the viewer by default; ``None`` for the deal of a
        round); on a refusal say why and change nothing."""
        return self.submit_all((action,), seat=seat)

    def submit_all(self, actions: Sequence[Action], *, seat: int | None = VIEWER) -> bool:
        """Play several actions, all or none (see :meth:`submit`)."""
        raise NotImplementedError

    def undo(self) -> None:
        """Take back the last meld or lay-off of the turn."""
        raise NotImplementedError

    @property
    def can_undo(self) -> bool:
        """Whether the seat at the keyboard may take a meld or lay-off back now."""
        raise NotImplementedError

    @property
    def ready_for_next_deal(self) -> bool:
        """The seat at the keyboard has said it is ready for the next deal, which others
        hold up (a shared table): ``n`` has nothing left to do."""
        return False

    @property
    def answers_at_table(self) -> bool:
        """Partner's question is answered with the table's keys (hot seat), not in a
        dialog."""
        return False

    def offers(self, action: str) -> bool:
        """Whether the table screen's key for ``action`` (``new_game``, ``settings``,
        ``statistics``, ``finished_games``) does anything in this app."""
        return True

    @property
    def quit_question(self) -> tuple[str, str]:
        """What ``q`` asks before quitting, and what quitting means."""
        return "Quit the game?", "The game in progress will be lost."

    def status(self, chosen: Sequence[Card]) -> str:
        """What the player must do next (and why a move is unavailable)."""
        return status_sentence(
            self.session,
            viewer=self.viewer,
            hand_hidden=self.hand_hidden,
            legal=self.legal,
            chosen=chosen,
            style=self.style,
        )

    def refuse(self, sentence: str, *, title: str = "") -> None:
        """Say why a move cannot be made, in place of the last such notice: a player who
        tries several things sees the latest refusal, not a pile of them."""
        self.notice("refusal", sentence, title=title, warning=True, timeout=REFUSAL_SECONDS)

    def notice(
        self, kind: str, sentence: str, *, title: str, warning: bool = False, timeout: float
    ) -> None:
        """Show ``sentence`` for ``timeout`` seconds in place of the last notice of the same
        ``kind``: one refusal, one hint at a time."""
        old = self._notices.get(kind)
        if old is not None:
            self._withdraw(old)
        self._notices[kind] = Notification(
            sentence, title, "warning" if warning else "information", timeout, markup=False
        )
        self.post_message(Notify(self._notices[kind]))

    def _withdraw(self, notice: Notification) -> None:
        """Take ``notice`` away as its toast does when its time is up: Textual has no public
        way to withdraw one notification, and forgetting it alone leaves the toast's holder
        behind, a blank line that would push the next notice down over the hand."""
        for toast in self.screen.query(Toast):
            if toast._notification is notice:
                toast._expire()
                return
        self._unnotify(notice, refresh=False)  # its toast is on another screen, or gone

    # ------------------------------------------------------------------ the log and the table

    @property
    def you(self) -> int | None:
        """The seat the table calls "You": the one at the keyboard, unless no hand is shown."""
        return None if self.hand_hidden else self.viewer

    def write_log(self, entries: Sequence[Event | str | Told]) -> None:
        """Add events and lines told as the seat at the keyboard may hear them, and
        sentences, to the game log."""
        self._log_entries.extend(entries)
        del self._log_entries[:-500]
        self.table_screen.write_log(self._told(entries))

    def _told(self, entries: Sequence[Event | str | Told]) -> list[str]:
        """``entries`` as lines, each run of events told at once (a player's cards drawn
        in one go make one line)."""
        lines: list[str] = []
        events: list[Event] = []
        for entry in entries:
            if isinstance(entry, str) or callable(entry):
                lines.extend(self._told_events(events))
                events = []
                lines.append(entry if isinstance(entry, str) else entry(self.you))
            else:
                events.append(entry)
        lines.extend(self._told_events(events))
        return lines

    def _told_events(self, events: Sequence[Event]) -> list[str]:
        return describe_events(
            events,
            viewer=self.you,
            label=self.style.label,
            names=self.session.names,
            rules=self.session.state.rules,
            you=self.you,
        )

    def tell_undone(self, seat: int, undone: Action) -> None:
        """Tell the log that ``seat`` took the meld or lay-off ``undone`` back."""
        names = self.session.names

        def told(you: int | None) -> str:
            # In the cards' style of the telling (the log is told anew when it changes).
            move = self.style.action(undone)
            move = move[0].lower() + move[1:]  # an imperative, "Meld ...", inside the sentence
            return f"{shown_names(names, you)[seat]} took back a move: {move}."

        self.write_log([told])

    def retell_log(self) -> None:
        """Tell the whole log anew (as the seat now at the keyboard may hear it)."""
        self.table_screen.clear_log()
        self.table_screen.write_log(self._told(self._log_entries))

    def clear_log(self) -> None:
        """Start the log afresh (a new game)."""
        self._log_entries.clear()
        self.table_screen.clear_log()

    def heard(self, happened: Sequence[Event]) -> None:
        """Mark what ``happened`` touched (melds, the pile) and tell it to the log."""
        if not happened:
            return
        self._touched = touched_by(happened, rules=self.session.state.rules)
        self._pile_touched = any(isinstance(event, Discarded) for event in happened)
        self.write_log(happened)

    def show_table(self, seen: PlayerView) -> None:
        """Draw the table as ``seen`` (the hand left out while it is hidden); a hint about
        an earlier position goes."""
        hint = self._notices.get("hint")
        if hint is not None and self._hinted_state is not self.session.state:
            del self._notices["hint"]
            self._withdraw(hint)
        self.table_screen.show(
            Table(
                seen=seen._replace(hand=()) if self.hand_hidden else seen,
                style=self.style,
                touched=self._touched,
                last_seat=self._last_seat,
                pile_touched=self._pile_touched,
                hidden=self.hand_hidden,
                names=self.session.names,
            )
        )

    def refresh_status(self) -> None:
        """Say the status line anew and show the keys that do something now (something
        they tell changed, not the table)."""
        self.table_screen.refresh_status()

    # ------------------------------------------------------------------ dialogs

    def ask_answer(self, seat: int) -> ConfirmScreen:
        """Partner's question "may I go out?" in a dialog (returned); ``seat`` answers it."""
        from canasta.tui.screens import ConfirmScreen  # here: not for the first frame

        def answered(yes: bool | None) -> None:
            self.submit(Answer(bool(yes)), seat=seat)

        name = self.session.names[self.session.state.turn]
        question = ConfirmScreen(
            f"{name} asks: may I go out?",
            detail=f"Yes: {name} must go out this turn. No: {name} may not go out this turn.",
        )
        self.push_screen(question, answered)
        return question

    def hint(self) -> None:
        """Say what the normal bot would do in the viewer's place, and why."""
        state = self.session.state
        if state.to_move == self.viewer:
            self._advise(state, len(self.session.actions))

    @work(thread=True, exclusive=True, group="hint")
    def _advise(self, state: GameState, actions: int) -> None:
        """The hint for ``state``, after ``actions`` moves of the game, worked out in a
        thread (the hint level may look ahead)."""
        decision = hint_for(self.viewer, state, actions=actions)
        self.call_from_thread(
            self._hinted, state, self.style.hint(decision.action, decision.reason)
        )

    def _hinted(self, state: GameState, advice: str) -> None:
        # Only while the position is unchanged: in hot seat the hint names the cards of a
        # hand that may have left the screen.
        if self.session.state is state:
            self._hinted_state = state
            self.notice("hint", advice, title="Hint", timeout=HINT_SECONDS)

    def show_sheet(self) -> None:
        """The score sheet; at a round's or the game's end, ``n`` there goes on
        (:meth:`sheet_closed`)."""
        from canasta.tui.screens import ScoreSheetScreen

        if self._sheet_open:
            return
        state = self.session.state
        game_over = state.phase is Phase.GAME_OVER
        names = shown_names(self.session.names, self.you)
        title = sheet_title(state, viewer=self.viewer, humans=len(self.session.humans), names=names)

        def closed(go_on: bool | None) -> None:
            self._sheet_open = False
            self.sheet_closed(go_on=bool(go_on), game_over=game_over)

        self._sheet_open = True
        self.push_screen(
            ScoreSheetScreen(
                state.history,
                teams=team_labels(state.rules, names),
                short_teams=short_labels(state.rules, names),
                title=title,
                can_continue=state.phase is Phase.ROUND_OVER,
                game_over=game_over,
            ),
            closed,
        )

    def sheet_closed(self, *, go_on: bool, game_over: bool) -> None:
        """The score sheet closed; ``go_on``: the player asked for the next deal (or, after
        ``game_over``, a new game)."""
        raise NotImplementedError
