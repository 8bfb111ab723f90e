"""Edges in, short and long presses out: pure, with the time passed in.

gpiozero reports edges; the companion wants "KEY2, short" or "KEY4, long".
Doing this ourselves (rather than with gpiozero's ``bounce_time`` and
``when_held``) keeps it testable with a fake clock: gpiozero's mock pins
ignore ``bounce_time``, and its hold thread runs on real time.

Rules, per key:

* A press counts only once the line has stayed low for ``debounce``
  without an edge (30 ms by default, ``keys.debounce`` in the settings).
  A glitch on the line (a spark, a cable picking up noise, a finger that
  barely touches the key) is shorter than that and never presses. Contact
  bounce as the key goes down only delays the press until the contacts
  are quiet; the press is timed from the last edge down.
* A release of a key that is down counts at once (the key was low for
  ``debounce`` since its last edge, so this edge is no bounce). The
  bounce after a release never stays low for ``debounce``, so it never
  makes a second press.
* Why only the press waits: a key line idles high on the Pi's weak
  internal pull-up, so noise pulls it low for a moment; a pressed key
  ties it hard to ground.
* A release after less than ``long_after`` of holding is a short press.
* Holding ``long_after`` is a long press, emitted once, as soon as a
  :meth:`PressDetector.poll` or the release sees it; the release then
  emits nothing.
* A key held longer than ``stuck_after`` is stuck (a jammed key, a
  shorted wire): it emits nothing more until it is released.
"""

from __future__ import annotations

from companion.ui.key_event import KeyEvent

KEY_COUNT = 4


class _Key:
    """One key's state (a plain class: a dataclass compiles its methods at import, issue 23)."""

    __slots__ = ("down", "down_since", "long_sent", "stuck", "raw", "raw_t")

    def __init__(self) -> None:
        self.down = False                 # the accepted level
        self.down_since = 0.0
        self.long_sent = False
        self.stuck = False
        self.raw = False                  # the level the last edge reported
        self.raw_t: float | None = None   # when that edge came


class PressDetector:
    """Turns timestamped edges of a few keys into :class:`KeyEvent` values.

    Call :meth:`press` / :meth:`release` for every edge and :meth:`poll`
    now and then (by :meth:`next_deadline` at the latest); each returns the
    events that became known, oldest first.
    """

    def __init__(self, keys: int = KEY_COUNT, *, long_after: float = 0.8,
                 debounce: float = 0.03, stuck_after: float = 10.0):
        if not 0 <= debounce < long_after < stuck_after:
            raise ValueError("need 0 <= debounce < long_after < stuck_after")
        self.long_after = long_after
        self.debounce = debounce
        self.stuck_after = stuck_after
        self._keys = [_Key() for _ in range(keys)]

    def press(self, key: int, t: float) -> list[KeyEvent]:
        return self.edge(key, True, t)

    def release(self, key: int, t: float) -> list[KeyEvent]:
        return self.edge(key, False, t)

    def edge(self, key: int, pressed: bool, t: float) -> list[KeyEvent]:
        """The contacts of ``key`` went to ``pressed`` at time ``t``."""
        state = self._state(key)
        events = self._settle(key, state, t)  # the level that held until now, if it held long enough
        events += self._check_hold(key, state, t)
        state.raw, state.raw_t = pressed, t
        if not pressed and state.down:
            # A key down has been low for debounce since its last edge: this release is no bounce.
            events += self._accept(key, state, False, t)
        elif pressed and self.debounce == 0:
            events += self._settle(key, state, t)  # no minimum: the press counts now
        return events

    def poll(self, t: float) -> list[KeyEvent]:
        """What time alone reveals at ``t``: presses now low long enough, long presses, stuck keys."""
        events = []
        for key, state in enumerate(self._keys):
            events += self._settle(key, state, t)
            events += self._check_hold(key, state, t)
        return events

    def next_deadline(self) -> float | None:
        """The earliest time a :meth:`poll` could change something (None: only an edge can)."""
        times = []
        for state in self._keys:
            if state.raw_t is not None and state.raw != state.down:
                times.append(state.raw_t + self.debounce)
            if state.down and not state.stuck and not state.long_sent:
                times.append(state.down_since + self.long_after)
        return min(times, default=None)

    @property
    def stuck(self) -> frozenset[int]:
        """Keys held longer than ``stuck_after`` and ignored until released."""
        return frozenset(k for k, s in enumerate(self._keys) if s.stuck)

    @property
    def held(self) -> frozenset[int]:
        """Keys down now (as accepted after debouncing)."""
        return frozenset(k for k, s in enumerate(self._keys) if s.down)

    def _state(self, key: int) -> _Key:
        if not 0 <= key < len(self._keys):
            raise ValueError(f"no key {key}: keys are 0..{len(self._keys) - 1}")
        return self._keys[key]

    def _settle(self, key: int, state: _Key, t: float) -> list[KeyEvent]:
        """The line has stayed at its last level for ``debounce``: that level is the key's now.

        A press is timed from its last edge down (``raw_t``), so bounce does not shorten a long press.
        """
        if state.raw_t is not None and state.raw != state.down and t >= state.raw_t + self.debounce:
            return self._accept(key, state, state.raw, state.raw_t)
        return []

    def _check_hold(self, key: int, state: _Key, t: float) -> list[KeyEvent]:
        if not state.down or state.stuck:
            return []
        # Compared as sums, the way next_deadline() computes them, so a poll at a deadline acts.
        if t > state.down_since + self.stuck_after:
            state.stuck = True
            return []
        if t >= state.down_since + self.long_after and not state.long_sent:
            state.long_sent = True
            return [KeyEvent(key, long=True)]
        return []

    def _accept(self, key: int, state: _Key, pressed: bool, t: float) -> list[KeyEvent]:
        if pressed:
            state.down, state.down_since, state.long_sent, state.stuck = True, t, False, False
            return []
        events = self._check_hold(key, state, t)
        quiet = state.stuck or state.long_sent
        state.down, state.long_sent, state.stuck = False, False, False
        return events if quiet else [KeyEvent(key, long=False)]
