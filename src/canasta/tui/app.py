"""The app: the game at the table (:class:`~canasta.tui.play.PlayApp`) with its files around
it. Every action is saved as it is played, an unfinished saved game is offered (or resumed)
at start, finished games are counted and archived, and the settings screen's choices apply.

The files' modules (pydantic, the records) load only when there are files, and then after
the table's first frame: the saved games are looked for once the table is up (the keys
wait for that), so neither a game without files nor the first frame waits for them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from canasta.engine import CanastaError, GameState, view
from canasta.tui.cards import CardStyle
from canasta.tui.options import Options
from canasta.tui.play import PlayApp
from canasta.tui.seats import Seating, scores_text, shown_names
from canasta.tui.table_screen import MIN_SIZE

if TYPE_CHECKING:
    from canasta.bots import Bot
    from canasta.persist import Paths, SessionInfo, Settings
    from canasta.tui.storage import GameArchived, GameStore, SaveFailed, Startup

__all__ = ["MIN_SIZE", "CanastaApp", "make_app"]


class CanastaApp(PlayApp):
    """Canasta of ``options.rules``, kept on disk: South is the player at the keyboard, the
    others are bots (see :func:`make_app`)."""

    def __init__(
        self,
        options: Options,
        *,
        state: GameState | None = None,
        bots: Sequence[Bot] | None = None,
        bot_seed: int | None = None,
        seating: Seating | None = None,
        paths: Paths | None = None,
        resume: bool = False,
        settings: Settings | None = None,
        recheck_settings: Callable[[Settings], Options] | None = None,
        welcome: bool = False,
        table_asked: bool = False,
    ) -> None:
        super().__init__(options, state=state, bots=bots, bot_seed=bot_seed, seating=seating)
        self._settings = settings
        #: The settings are the file's as written, to be validated with the other files
        #: (and the options for the validated settings, should they differ).
        self._recheck_settings = recheck_settings
        #: Where the game, settings, statistics and records are kept (``None``: nowhere).
        self.paths = paths
        #: The game being saved (from when the files have been looked at).
        self.store: GameStore | None = None
        #: What was found at start: an unfinished saved game to offer (``resume``: to
        #: resume without asking) and sentences about files that could not be used.
        self.startup: Startup | None = None
        self.resume = resume
        #: Show the first run's welcome before playing; ``learn``: the player chose the
        #: lessons there (the app ends, and the lessons start).
        self.welcome = welcome
        self.learn = False
        #: The command line named the table: only its saved game is offered.
        self.table_asked = table_asked
        #: The files are still to be looked at (once the table's first frame is drawn).
        self._looking = paths is not None

    @property
    def settings(self) -> Settings:
        """The player's settings (what the settings screen shows and saves)."""
        if self._settings is None:
            from canasta.persist import Settings

            self._settings = Settings()
        return self._settings

    @property
    def _offering(self) -> bool:
        """Whether an unfinished saved game is still to be offered."""
        return self.startup is not None and self.startup.saved is not None

    def start_play(self) -> None:
        """Show the table and look at the files; then welcome a first run; offer the
        unfinished saved game first (resume it at once with ``--resume``), else start
        playing."""
        if self._looking:
            self._looking = False
            self.show_table(view(self.session.state, self.viewer))
            self.call_after_refresh(self._look_at_files)
            return
        if self.welcome:
            self._welcome()
            return
        if self._offering:
            self._offer_resume()
            return
        super().start_play()

    def _welcome(self) -> None:
        """Show the first run's welcome, once: the settings remember it."""
        from canasta.tui.welcome import WelcomeScreen, seated_line

        self.welcome = False
        if self.paths is not None:
            from canasta.persist import WriteError, save_settings

            self._settings = dataclasses.replace(self.settings, welcomed=True)
            try:
                save_settings(self.paths, self._settings)
            except WriteError as error:
                self.notes.append(error.sentence)

        def chosen(learn: bool | None) -> None:
            if learn:
                self.learn = True
                self.exit(0)
            else:
                self.start_play()

        options = self.options
        # Hot-seat play seats its players on the screen that follows.
        kinds = None if options.hotseat else options.kinds(options.rules)
        self.push_screen(WelcomeScreen(seated_line(options.rules, kinds)), chosen)

    @property
    def quit_question(self) -> tuple[str, str]:
        """Quitting, and whether the game is kept when the app quits."""
        question, lost = super().quit_question
        if self.paths is not None:
            return question, "The game is saved: canasta offers to resume it when it starts again."
        return question, lost

    def _look_at_files(self) -> None:
        """Validate the settings taken as written, find the saved game to offer and start
        saving; then start."""
        from canasta.persist import settle_settings
        from canasta.tui.storage import AutoSaver, GameStore, look_at_start

        assert self.paths is not None
        recheck = self._recheck_settings
        settled = settle_settings(self.paths, self.settings, as_written=recheck is not None)
        if settled is not None and recheck is not None:
            self.notes.extend(settled.problems)
            self._settings = settled.value
            try:
                self._use_options(recheck(settled.value))
            except CanastaError as error:  # the command line's choices do not fit them
                self.notes.append(str(error))
            self.name_players()  # by the names found valid (nothing is played yet)
        self.store = GameStore(AutoSaver(self.paths, self.post_message))
        asked = self.options.rules if self.table_asked else None
        self.startup = look_at_start(self.paths, rules=asked, resume=self.resume)
        self.notes.extend(self.startup.notes)
        self.start_play()

    def keep(self) -> None:
        """Save the game as it now stands (not while a saved one is being offered)."""
        if self.store is not None and not self._offering:
            self.store.sync(self.session, self._session_info)

    def _session_info(self) -> SessionInfo:
        """Who plays the game in progress, for its save: a name chosen at the seating
        screen, else the one in the settings."""
        from canasta.tui.storage import session_info

        rules = self.session.state.rules
        names = list(self.options.player_names(rules, self.session.names))
        return session_info(self.session.seats, names=names, pace=self.options.pace)

    def _offer_resume(self) -> None:
        """Ask whether to resume the saved game (or, with ``--resume``, just resume it)."""
        if self.resume:
            self.resume_game()
            return
        from canasta.tui.resume import ResumeScreen

        assert self.startup is not None
        saved, session = self.startup.saved, self.startup.session
        assert saved is not None and session is not None

        def chosen(resume: bool | None) -> None:
            if resume:
                self.resume_game()
            else:
                self.startup = None
                self.start_play()

        new = self.options.rules
        replaced = (new.name, new.players) in self.startup.kept
        self.push_screen(
            ResumeScreen(saved, session.state, new_rules=new, replaced=replaced), chosen
        )

    def resume_game(self) -> None:
        """Go back into the saved game: its session, its bots, the log from here on."""
        assert self.startup is not None
        saved, session = self.startup.saved, self.startup.session
        assert saved is not None and session is not None
        self.startup = None
        self.session = session
        # The saved names stay for the games after it, as a seating's would.
        self.chosen_names = session.names
        self.seat_players(Seating(kinds=session.seats, names=session.names))
        self.seed = session.initial.seed
        if self.store is not None:
            self.store.start(session, saved.session, record=saved.record)
        for note in self.notes:
            self.notify(note, severity="warning")
        state = session.state
        totals = scores_text(state.rules, state.scores, shown_names(session.names, self.you))
        self.write_log(
            [
                f"Resumed the game saved at {saved.saved_at.astimezone():%H:%M} "
                f"({state.rules.label}): round {state.round_no}, {totals}."
            ]
        )
        self._changed(())

    def on_save_failed(self, message: SaveFailed) -> None:
        """Saving went wrong: say so once (the game goes on)."""
        self.notify(message.sentence, title="Not saved", severity="error", timeout=10)

    def on_game_archived(self, message: GameArchived) -> None:
        """A finished game was counted and archived: say where it can be replayed."""
        finished = message.finished
        for problem in finished.problems:
            self.notify(problem, severity="warning", timeout=10)
        if finished.record_path is not None:
            self.notify("The game is in your statistics (i) and can be replayed (v).")

    def on_unmount(self) -> None:
        """Write what is waiting to be saved before the app ends."""
        if self.store is not None:
            self.store.saver.close()

    def apply_settings(self, settings: Settings | None) -> None:
        """Use the settings saved on the settings screen (``None``: nothing changed).

        Pace, theme, ASCII mode and hand order apply at once; names, difficulty, rule
        system and player count from the next game.
        """
        if settings is None:
            return
        self._settings = settings
        level = settings.difficulty
        self._use_options(
            dataclasses.replace(
                self.options,
                pace=settings.pace,
                theme=settings.theme,
                ascii=settings.ascii,
                names=settings.names.by_seat(),
                by_suit=settings.hand_order == "suit",
                levels=(level,),
                rules=settings.rule_set(),
            )
        )

    def _use_options(self, options: Options) -> None:
        """Play with ``options`` from now on: pace, theme, ASCII mode and hand order at
        once, the rest from the next game."""
        self.options = options
        if options.theme in self.available_themes:
            self.theme = options.theme
        else:
            self.notify(self.no_such_theme(options.theme, "the theme is unchanged"))
        retell = options.ascii != self.style.ascii
        self.style = CardStyle(ascii=options.ascii)
        self.set_class(options.ascii, "-ascii")
        if retell:  # the cards the log names, in the new style
            self.retell_log()
        screen = self.table_screen
        screen.by_suit = self.options.by_suit
        if screen.table is not None:
            screen.cards = ()
            screen.show(dataclasses.replace(screen.table, style=self.style))
        for widget in screen.query("*"):
            widget.refresh()


def make_app(
    options: Options | None = None,
    *,
    state: GameState | None = None,
    bots: Sequence[Bot] | None = None,
    bot_seed: int | None = None,
    seating: Seating | None = None,
    paths: Paths | None = None,
    resume: bool = False,
    settings: Settings | None = None,
    recheck_settings: Callable[[Settings], Options] | None = None,
    welcome: bool = False,
    table_asked: bool = False,
) -> CanastaApp:
    """The app, ready to run: a game of ``options.rules`` (classic by default), or from
    ``state``, a given position (tests, resume); ``bots`` replaces the bots of the seats
    after South, ``bot_seed`` seeds their choices, ``seating`` seats humans and bots (of its
    levels) anywhere, for hot-seat play.

    With ``paths`` every action is saved there, one unfinished game per table; the latest
    saved is offered (or, with ``resume``, resumed at once), or with ``table_asked`` (the
    command line named the rules or the players) only that of the options' table, the
    others said to be kept. Finished games are counted and archived. Without ``paths``
    nothing is read or written. ``settings`` are what the settings screen starts from;
    with ``recheck_settings`` they are the file's as written, not yet validated: once the
    table is up they are, and should the file give other settings, those are used and
    the options become ``recheck_settings(validated)``.
    ``welcome`` shows the first run's welcome before the game (and remembers it in the
    settings, with ``paths``).
    """
    return CanastaApp(
        options or Options(),
        state=state,
        bots=bots,
        bot_seed=bot_seed,
        seating=seating,
        paths=paths,
        resume=resume,
        settings=settings,
        recheck_settings=recheck_settings,
        welcome=welcome,
        table_asked=table_asked,
    )
