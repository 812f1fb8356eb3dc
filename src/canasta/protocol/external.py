"""An outside bot at a seat: a :class:`~canasta.bots.Bot` that asks a program.

The program is started at the seat's first decision and greeted (:class:`~.messages.Hello`);
each decision is one :class:`~.messages.Decide` line out and one action line back. Faults
never break a game: a line that is not JSON or not an action, an illegal action, a crash, a
hang past the timeout or silence each become one sentence in :attr:`ExternalBot.faults`;
the fallback bot (:data:`canasta.choices.FALLBACK_LEVEL`) decides instead, and the program
is ended with its children. The next decision starts it anew, until :data:`MAX_FAULTS`
faults: then the fallback plays the seat for as long as it is seated.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pydantic import ValidationError

from canasta.bots import Bot, Decision, make_bot
from canasta.choices import BOT_TIMEOUT, COMMAND_PREFIX, FALLBACK_LEVEL, is_command
from canasta.engine import Action, NotationError, PlayerView, parse_action, seat_name
from canasta.engine.events import Event
from canasta.protocol.messages import (
    PROTOCOL_VERSION,
    ActionReply,
    End,
    HelloReply,
    decide_message,
    event_message,
    hello_message,
)
from canasta.protocol.process import BotError, BotProcess
from canasta.protocol.seats import command_argv

__all__ = [
    "DEFAULT_TIMEOUT",
    "MAX_FAULTS",
    "ExternalBot",
    "close_bots",
    "seat_bot",
    "tell",
]

#: Seconds an outside bot may take to answer, unless ``--bot-timeout`` says otherwise.
DEFAULT_TIMEOUT = BOT_TIMEOUT
#: Faults after which an outside bot is not started again (its seat plays the fallback).
MAX_FAULTS = 3
_EXAMPLE_REPLY = '{"action": "draw"}'


def _shorten(text: str, limit: int = 60) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."


class ExternalBot:
    """The outside bot ``cmd:COMMAND`` at ``seat`` (see the module's description).

    Args:
        kind: ``cmd:COMMAND``.
        seat: the seat it plays.
        timeout: seconds it may take to answer each line.
        fallback: the bot that decides when it faults (by default one of
            :data:`canasta.choices.FALLBACK_LEVEL`).

    Raises:
        CanastaError: the command is empty or cannot be split into words.
    """

    def __init__(
        self, kind: str, *, seat: int, timeout: float = DEFAULT_TIMEOUT, fallback: Bot | None = None
    ) -> None:
        self._argv = command_argv(kind)
        self.name = kind
        self.command = kind[len(COMMAND_PREFIX) :].strip()
        self.seat = seat
        self.timeout = timeout
        self.fallback = fallback or make_bot(FALLBACK_LEVEL)
        #: One sentence per fault, in order.
        self.faults: list[str] = []
        #: The name the bot gave in its hello, if any.
        self.bot_name: str | None = None
        self._process: BotProcess | None = None
        self._events: list[dict[str, Any]] = []

    @property
    def retired(self) -> bool:
        """Whether the bot faulted :data:`MAX_FAULTS` times (the fallback plays on)."""
        return len(self.faults) >= MAX_FAULTS

    def observe(self, events: Iterable[Event]) -> None:
        """Note ``events`` (told as this seat may hear them) for the next message."""
        if not self.retired:
            self._events.extend(event_message(event, self.seat) for event in events)

    def decide(self, seen: PlayerView, legal: Iterable[Action], rng: random.Random) -> Decision:
        """Ask the program; on a fault, the fallback's decision, with the fault as reason."""
        actions = list(legal)
        if self.retired:
            decision = self.fallback.decide(seen, actions, rng)
            return Decision(
                decision.action, f"The {self.fallback.name} bot plays for the outside bot."
            )
        try:
            process = self._process or self._start(seen)
            line = decide_message(seen, actions, self._events).model_dump_json()
            self._events = []
            action = self._action(process.ask(line, timeout=self.timeout), actions)
        except BotError as fault:
            sentence = self._fault(str(fault))
            return Decision(self.fallback.decide(seen, actions, rng).action, sentence)
        return Decision(action, f"{self.bot_name or self.command} chose it.")

    def _start(self, seen: PlayerView) -> BotProcess:
        process = self._process = BotProcess(self._argv)
        hello = hello_message(seat=self.seat, rules=seen.rules, timeout=self.timeout)
        answer = process.ask(hello.model_dump_json(), timeout=self.timeout)
        try:
            reply = HelloReply.model_validate_json(answer)
        except ValidationError:
            raise BotError(
                f"answered the hello with {_shorten(answer)!r}, not an object like "
                f'{{"protocol": {PROTOCOL_VERSION}}}'
            ) from None
        if reply.protocol != PROTOCOL_VERSION:
            raise BotError(
                f"speaks protocol {reply.protocol}, but this game speaks {PROTOCOL_VERSION}"
            )
        self.bot_name = reply.name
        return process

    def _action(self, answer: str, legal: Sequence[Action]) -> Action:
        if not answer.strip():
            raise BotError("sent an empty line instead of an action")
        try:
            data = json.loads(answer)
        except ValueError:
            raise BotError(f"sent a line that is not JSON: {_shorten(answer)!r}") from None
        try:
            text = ActionReply.model_validate(data).action
        except ValidationError:
            raise BotError(
                f"sent {_shorten(answer)}, not an object like {_EXAMPLE_REPLY}"
            ) from None
        try:
            action = parse_action(text)
        except NotationError:
            raise BotError(f"sent {_shorten(text)!r}, which is not an action") from None
        if action not in legal:
            raise BotError(f"chose {action}, which is not legal now")
        return action

    def _fault(self, what: str) -> str:
        """Note the fault, end the program, and say what happened in one sentence."""
        self.close(reason=None)
        self._events = []
        fallback = f"the {self.fallback.name} bot"
        then = (
            f"{fallback} plays the seat from now on ({MAX_FAULTS} faults)"
            if len(self.faults) + 1 >= MAX_FAULTS
            else f"{fallback} played this decision for it"
        )
        sentence = f"{seat_name(self.seat)}'s bot ({_shorten(self.command, 40)}) {what}; {then}."
        self.faults.append(sentence)
        return sentence

    def close(self, reason: str | None = "game over") -> None:
        """End the program: with ``reason``, first tell it the last events and why
        (:class:`~.messages.End`); without, at once (after a fault)."""
        process, self._process = self._process, None
        if process is None:
            return
        if reason is None:
            process.kill()
            return
        process.close(End(events=self._events, reason=reason).model_dump_json())
        self._events = []


def seat_bot(
    kind: str, *, seat: int, timeout: float = DEFAULT_TIMEOUT, local: Callable[[str], Bot]
) -> Bot:
    """The bot for a seat value: an :class:`ExternalBot` for ``cmd:COMMAND``, else
    ``local(level)``."""
    if is_command(kind):
        return ExternalBot(kind, seat=seat, timeout=timeout)
    return local(kind)


def tell(bots: Iterable[Bot], events: Sequence[Event]) -> None:
    """Give ``events`` to the outside bots among ``bots`` (others need no telling)."""
    if events:
        for bot in bots:
            if isinstance(bot, ExternalBot):
                bot.observe(events)


def close_bots(bots: Iterable[Bot], *, reason: str = "game over") -> list[str]:
    """End the outside bots among ``bots``; return their faults, in seat order."""
    faults: list[str] = []
    for bot in bots:
        if isinstance(bot, ExternalBot):
            bot.close(reason)
            faults.extend(bot.faults)
    return faults
