"""A key press as the screens see it: which of the four keys, short or long.

The keys' adapters (hardware/keys/ on the Pi, hardware/sim/ in the simulator) make these; the
controller reads them. It lives with the screens, the one thing of the companion that hardware/
imports (docs/architecture.md).
"""

from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)


@dataclass(frozen=True)
class KeyEvent:
    """A finished key gesture: ``key`` 0..3 (KEY1..KEY4), ``long`` for a long press."""

    key: int
    long: bool = False
