"""The table's footer (its keys come and go with the turn): Textual's
:class:`~textual.widgets.Footer`, its keys relabelled in place when they change.

Textual's footer removes every key and mounts them anew whenever a key's availability
changes; at the table that is several times a turn, and mounting and styling the keys made
up about a third of the table's work per move. Here the keys already mounted take the new
labels (only the keys added or dropped at the end are mounted or removed), and the footer
looks the same as Textual's.
"""

from __future__ import annotations

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["KeysFooter"]

#: The classes a key of its own may have.
_PLAIN = frozenset({"-disabled", "-compact"})


class KeysFooter(Footer):
    """Textual's footer, which keeps its keys' widgets when the keys change."""

    async def recompose(self) -> None:
        """Show the keys as :meth:`Footer.compose` makes them, relabelling the mounted keys."""
        if not self.is_attached or self._pruning:
            return
        fresh = list(self.compose())
        mounted = list(self.children)
        if not all(_plain(key) for key in (*fresh, *mounted)):
            await super().recompose()  # binding groups, the command palette's key
            return
        async with self.batch():
            for old, new in zip(mounted, fresh, strict=False):
                assert isinstance(old, FooterKey) and isinstance(new, FooterKey)
                _relabel(old, new)
            if len(mounted) > len(fresh):
                await self.remove_children(mounted[len(fresh) :])
            if len(fresh) > len(mounted):
                await self.mount_all(fresh[len(mounted) :])


def _plain(widget: object) -> bool:
    """A key of its own (not one of a group, nor the command palette's)."""
    return type(widget) is FooterKey and widget.classes <= _PLAIN


def _relabel(key: FooterKey, like: FooterKey) -> None:
    """Make ``key`` show what ``like`` would."""
    shown = (key.key, key.key_display, key.description, key.action, key._disabled)
    wanted = (like.key, like.key_display, like.description, like.action, like._disabled)
    if shown != wanted:
        key.key, key.key_display, key.description, key.action, key._disabled = wanted
        key.set_class(like._disabled, "-disabled")
        key.refresh(layout=True)
    if key.tooltip != like.tooltip:
        key.tooltip = like.tooltip
