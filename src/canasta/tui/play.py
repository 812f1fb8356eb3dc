"""Play at the table: the one command path, the bots' worker, hot seat and the round's end.

Every input (a key, a click, a bot's choice, an answer in a dialog) becomes an engine
:class:`~canasta.engine.Action` and goes through :meth:`PlayApp.submit`, which hands it to
:meth:`Session.apply <canasta.session.Session.apply>`. A refusal shows the engine's
sentence as a notification and changes nothing. What comes next (a bot, a curtain, a
question) is asked of :mod:`canasta.tui.flow`; the status line of :mod:`canasta.tui.status`;
what the screens share with a seat at a shared table is :class:`~canasta.tui.table_app.TableApp`.

:class:`~canasta.tui.app.CanastaApp` adds the files around the game: saving, resuming,
settings.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual import work

from canasta.engine import (
    Action,
    GameState,
    IllegalActionError,
    NextRound,
    Phase,
    RuleSet,
    legal_actions,
    start_game,
    view,
)
from canasta.engine.events import Event, RoundScored
from canasta.session import HUMAN, Session
from canasta.tui.flow import (
    BotMoves,
    CurtainFalls,
    KeyboardMoves,
    curtain_for,
    deal_lines,
    keyboard_leaves,
    next_mover,
    partner_reply,
)
from canasta.tui.options import PACE_SECONDS, Options, best_level
from canasta.tui.players import Players
from canasta.tui.seats import Seating, table_names
from canasta.tui.table_app import VIEWER, TableApp

if TYPE_CHECKING:
    from canasta.bots import Bot, Decision
    from canasta.tui.hotseat import SeatingScreen

__all__ = ["VIEWER", "PlayApp"]


class PlayApp(TableApp):
    """A game of Canasta at the table of ``options.rules`` (or of ``state``): South is the
    player at the keyboard (in hot seat, whoever must act), the others are bots; nothing is
    read or written."""

    def __init__(
        self,
        options: Options,
        *,
        state: GameState | None = None,
        bots: Sequence[Bot] | None = None,
        bot_seed: int | None = None,
        seating: Seating | None = None,
    ) -> None:
        super().__init__(ascii=options.ascii, theme=options.theme, by_suit=options.by_suit)
        self.options = options
        rules = state.rules if state is not None else options.rules
        #: The bots of the bot seats.
        self.players = Players(
            options.kinds(rules),
            names=rules.seat_names,
            bots=bots,
            bot_seed=bot_seed,
            timeout=options.bot_timeout,
        )
        self.notes[:0] = self.players.notes
        seed = options.seed if options.seed is not None else random.SystemRandom().randrange(2**31)
        if state is None:
            initial, self._deal_events = start_game(rules, seed=seed)
        else:
            # A resumed game: the log opens with a summary of the table as it stands.
            initial, self._deal_events = state, ()
        self.seed = initial.seed
        #: The names chosen at the seating screen (none: the settings' names, else the seats').
        self.chosen_names: tuple[str, ...] = ()
        names = self.player_names(rules, ())
        self.session = Session(initial, seats=self.players.kinds, names=names)
        #: ``--hotseat``: the seating screen comes before the first deal.
        self._choose_first = options.hotseat and seating is None
        if seating is not None:
            self._seat(seating)

    # ------------------------------------------------------------------ start

    def start_play(self) -> None:
        """Tell the deal, show the table and let the first player move (once the table
        screen is up; with ``--hotseat`` once the players are seated)."""
        if self._choose_first:
            self._choose_first = False
            self.push_screen(self._seating_screen(self.session.state.rules), self._seated_first)
            return
        self._start_log()
        for note in self.notes:
            self.notify(note, severity="warning")
        self._changed(())

    def _start_log(self) -> None:
        """Tell the deal to the log (and to the outside bots, who hear its events)."""
        if self._deal_events:
            self.players.observe(self._deal_events)
            self.write_log(self._deal_events)
            return
        state, names = self.session.state, self.session.names

        def dealt(you: int | None) -> str:
            return "\n".join(deal_lines(state, you=you, names=names, style=self.style))

        self.write_log([dealt])

    # ------------------------------------------------------------------ hot seat

    def _seating_screen(self, rules: RuleSet) -> SeatingScreen:
        """The seating screen for a game of ``rules``: the seats as they are, or (at a
        table of another size) South a human and the others bots."""
        from canasta.bots import BOTS
        from canasta.tui.hotseat import SeatingScreen

        session = self.session
        # The names the next game would give: those chosen, else the settings' now.
        if rules.players == len(session.seats):
            names = self.player_names(rules, self.chosen_names)
            seating = Seating(kinds=session.seats, names=names)
        else:
            seating = Seating(kinds=self.options.kinds(rules), names=self.player_names(rules, ()))
        level = best_level(self.options.levels[0], BOTS)
        return SeatingScreen(seating, rules=rules, available=BOTS, level=level)

    def _seated_first(self, seating: Seating | None) -> None:
        if seating is None:
            self.exit(0)
            return
        self._seat(seating)
        self.start_play()

    def choose_seats(self) -> None:
        """The seating screen; a new game of the options' rules with the chosen players
        (nothing on Escape)."""

        def seated(seating: Seating | None) -> None:
            if seating is not None:
                self.new_game(seating)

        self.push_screen(self._seating_screen(self.options.rules), seated)

    def _seat(self, seating: Seating) -> None:
        """Seat ``seating``'s players for the session's game, before its first action."""
        self.chosen_names = seating.names
        self.name_players(seats=seating.kinds)
        self.seat_players(seating)

    def player_names(self, rules: RuleSet, chosen: Sequence[str]) -> tuple[str, ...]:
        """The names a game of ``rules`` gives its players: those ``chosen`` at the seating
        screen, else the settings' (:func:`~canasta.tui.seats.table_names`)."""
        return table_names(self.options.player_names(rules, chosen), rules)

    def name_players(self, *, seats: Sequence[str] | None = None) -> None:
        """Name the players of the session's game, before its first action, by
        :meth:`player_names` (and seat ``seats`` when given)."""
        session = self.session
        names = self.player_names(session.initial.rules, self.chosen_names)
        self.session = Session(session.initial, seats=seats or session.seats, names=names)

    def seat_players(self, seating: Seating) -> None:
        """Let ``seating``'s bots play and its first human take the keyboard (hidden when
        more people share it)."""
        self.players.seat(seating.kinds)
        self.viewer = seating.humans[0]
        self.hand_hidden = len(seating.humans) > 1

    def _hand_over(self, seat: int | None) -> None:
        """Give the keyboard to ``seat`` (``None``: to nobody, every hand hidden), and tell
        the log anew as that seat may hear it."""
        self.viewer = self.viewer if seat is None else seat
        self.hand_hidden = seat is None
        self.clear_notifications()  # A hint or a refusal may name the last player's cards.
        self.retell_log()

    def _curtain(self, seat: int, happened: Sequence[Event]) -> None:
        """Hide the table until ``seat``'s player is at the keyboard, then go on."""

        from canasta.tui.hotseat import CurtainScreen  # here: hot seat is rare

        def revealed(_: None) -> None:
            self._hand_over(seat)
            self._changed(())

        self.push_screen(CurtainScreen(*curtain_for(self.session, seat, happened)), revealed)

    # ------------------------------------------------------------------ the command path

    def submit_all(self, actions: Sequence[Action], *, seat: int | None = VIEWER) -> bool:
        """Play several actions through the session, all or none; on a refusal notify and
        change nothing."""
        mover = self.session.state.to_move
        if seat == VIEWER:
            seat = self.viewer
        try:
            happened = self.session.apply_all(actions, seat=seat)
        except IllegalActionError as error:
            self.refuse(error.sentence, title="Not allowed")
            return False
        self._last_seat = mover
        self._changed(happened)
        return True

    def undo(self) -> None:
        """Take back the last meld or lay-off of the turn."""
        try:
            undone = self.session.undo()
        except LookupError as error:
            self.refuse(str(error))
            return
        self.tell_undone(self.viewer, undone)
        self._touched = ()
        self._changed(())

    @property
    def can_undo(self) -> bool:
        """A person moves and has a meld or lay-off of this turn to take back."""
        return self.session.human_to_move and self.session.can_undo

    @property
    def answers_at_table(self) -> bool:
        """With more than one person at the keyboard the partner answers with y or n."""
        return len(self.session.humans) > 1

    # ------------------------------------------------------------------ after every change

    def keep(self) -> None:
        """After every change: keep the game (the app around the table saves it)."""

    def _changed(self, happened: Sequence[Event]) -> None:
        self.keep()
        state = self.session.state
        if happened:
            self.players.observe(happened)
            self.heard(happened)
        if keyboard_leaves(self.session, viewer=self.viewer, hand_hidden=self.hand_hidden):
            self._hand_over(None)
        at_keyboard = state.to_move == self.viewer and not self.hand_hidden
        self.legal = legal_actions(state) if self.session.human_to_move and at_keyboard else []
        self.show_table(view(state, self.viewer))
        if any(isinstance(event, RoundScored) for event in happened):
            self.show_sheet()
        self._advance(happened)

    def _advance(self, happened: Sequence[Event]) -> None:
        match next_mover(self.session, viewer=self.viewer, hand_hidden=self.hand_hidden):
            case BotMoves(seat):
                self._think(seat, self.session.state)
            case CurtainFalls(seat):
                self._curtain(seat, happened)
            case KeyboardMoves(seat):
                reply = partner_reply(self.session, happened)
                if reply is not None:
                    from canasta.tui.screens import MessageScreen  # not for the first frame

                    self.push_screen(MessageScreen(*reply))
                if self.session.state.phase is Phase.ANSWER and not self.answers_at_table:
                    self.ask_answer(seat)

    # ------------------------------------------------------------------ bots

    @work(thread=True, exclusive=True, group="bots")
    def _think(self, seat: int, state: GameState) -> None:
        """Let the bot in ``seat`` choose (in a thread), then play its choice."""
        started = time.perf_counter()
        decision = self.players.decide(seat, self.session, state)
        wait = PACE_SECONDS[self.options.pace] - (time.perf_counter() - started)
        if wait > 0:
            time.sleep(wait)
        self.call_from_thread(self._bot_decided, seat, state, decision)

    def _bot_decided(self, seat: int, state: GameState, decision: Decision) -> None:
        if self.session.state is not state or not self.is_running:
            return  # A new game was started, or the app is closing: the choice is stale.
        for fault in self.players.new_faults():
            self.notify(fault, title="Outside bot", severity="warning", timeout=10)
        self.submit(decision.action, seat=seat)

    def on_unmount(self) -> None:
        """End the outside bots' programs with the app."""
        self.players.close()

    # ------------------------------------------------------------------ round end

    def sheet_closed(self, *, go_on: bool, game_over: bool) -> None:
        """``n`` on the score sheet deals the next round, or after the game a new game."""
        if not go_on:
            return
        if game_over:
            self.new_game()
        else:
            self.submit(NextRound(), seat=None)

    def new_game(self, seating: Seating | None = None) -> None:
        """Deal a new game of the options' rules with the next seed, with ``seating`` when
        given, else the same players (at a table of another size: South a human, the
        others bots)."""
        session = self.session
        rules = self.options.rules
        initial, self._deal_events = start_game(rules, seed=self.seed + 1)
        self.seed += 1
        if seating is None and rules.players == len(session.seats):
            # The same players, named as the settings say now where no name was chosen.
            names = self.player_names(rules, self.chosen_names)
            self.session = Session(initial, seats=session.seats, names=names)
            self.players.new_game()
        else:
            # At a table of another size: South at the keyboard, the options' bots around.
            default = Seating(kinds=(HUMAN, *self.options.kinds(rules)[1:]))
            self.session = Session(initial, seats=default.kinds)
            self._seat(seating or default)
        self.restart()

    def restart(self) -> None:
        """Show the session's game from its start: nothing highlighted, the log begun anew."""
        self._last_seat = None
        self._touched = ()
        self._pile_touched = False
        self.clear_log()
        self._start_log()
        self._changed(())
