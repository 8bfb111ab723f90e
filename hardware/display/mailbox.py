"""A one-slot mailbox: the newest item replaces one not yet taken.

The game draws a frame per key press; the panel takes 0.3 to 6 s per
refresh. A queue would make the panel replay every stale frame; one slot
means five quick presses cost one refresh, and :meth:`Mailbox.put` never
waits for the panel.
"""

from __future__ import annotations

import threading
from typing import Generic, TypeVar

T = TypeVar("T")


class Mailbox(Generic[T]):
    """Holds at most one item. ``put`` never blocks; ``wait`` lets a consumer sleep."""

    def __init__(self):
        self._changed = threading.Condition()
        self._item: T | None = None
        self._full = False
        self._closed = False
        self.replaced = 0  # items dropped unseen because a newer one came

    def put(self, item: T) -> None:
        with self._changed:
            if self._full:
                self.replaced += 1
            self._item, self._full = item, True
            self._changed.notify_all()

    def take(self) -> T | None:
        """The item, emptying the slot (None when empty)."""
        with self._changed:
            item, self._item, self._full = self._item, None, False
            return item

    @property
    def full(self) -> bool:
        return self._full

    def wait(self, timeout: float | None = None) -> bool:
        """Block until an item is there, the mailbox is closed, or ``timeout`` passes.

        Returns True if there is an item.
        """
        with self._changed:
            self._changed.wait_for(lambda: self._full or self._closed, timeout)
            return self._full

    def close(self) -> None:
        """Wake any waiter for good (items can still be taken)."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    @property
    def closed(self) -> bool:
        return self._closed
