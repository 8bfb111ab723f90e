"""How much ghosting each panel's glass may collect, and when it is cleaned: one policy a panel.

What Waveshare asks (its e-Paper precautions, and each driver's demo): a full refresh "after
refreshing partially several times" (no number is given: the 2.7" V2 Python demo stops after 10
partials of a clock, the C demo after 14: a demo's length, not a limit), the panel in sleep mode
when it is not refreshed for long, and never the high voltage on for hours. The drivers show
where the high voltage is: the SSD1680/SSD1683 panels (2.7", 4.2") end every update with
0x22 0xF7 / 0xFF, a sequence that ends "disable analog, disable clock" (their datasheets'
0x22 table), so between refreshes nothing is charged; the UC8179 (7.5") stays powered from its
0x04 power-on until sleep()'s 0x02 power off, so its idle sleep is what turns it off.

The policy of every partial panel (:func:`policy_for`):

* a clean-up (a full refresh of the frame on the glass) is *due* after ``full_every`` partials
  (20, assumed as "several" times a margin; the same on the three panels, none gives a number)
  or when a frame leaves its family after half as many; it is done once the keys have been quiet
  for ``QUIET_S`` (2 s). Presses within a step come about a second apart; a step's last press is
  followed by the table's pause (the next player's turn, 50-150 s): the clean-up runs at the head
  of that pause, where no press comes. A press waits behind a clean-up only if it comes 2 s to
  2 s + a full refresh after the previous one; the bench's table model counts such presses;
* no cap in a burst (a flash in the middle of pressing keys would make that press wait a full
  refresh): the glass takes at most the partials of one run of presses without a 2 s pause;
  the bench prints the longest run;
* no clean-up of a partial merely left on the glass (the old ``idle_after`` of 60 s): it ran in
  the middle of the table's pauses, in the way of the next turn's first press; a few partials'
  ghosts on a sleeping glass harm nothing, and the due clean-up still runs before the sleep;
* the panel sleeps after ``display.idle_sleep`` (120 s) without a frame, the 7.5" after at most
  :data:`HIGH_VOLTAGE_S` (30 s): its booster, on since init()'s 0x04, would otherwise stay on
  through every pause shorter than the idle sleep, for hours at a quick table (the precaution's
  "high voltage for a long time"); waking costs a reset,
  the init sequence and the base write (hardware/display/large.py, bulk_driver.py), no full
  refresh: the press after a rest is a partial like any other.
"""

from __future__ import annotations

from hardware.display.policy import RefreshPolicy

#: Quiet seconds before a due clean-up.
QUIET_S = 2.0

#: Partials after which a clean-up is due, per panel (all assumed: Waveshare says "several").
FULL_EVERY = {"2in7_V2": 20, "v2": 20, "4in2_V2": 20, "7in5_V2": 20}


#: The longest a panel's high voltage may stay on after its last refresh, where it stays on (the UC8179).
HIGH_VOLTAGE_S = {"7in5_V2": 30.0}


def idle_sleep_for(model: str, idle_sleep: float | None) -> float | None:
    """Seconds without a frame before the panel ``model`` sleeps: the settings' ``display.idle_sleep``,
    at most the panel's :data:`HIGH_VOLTAGE_S` (None: never, unless the panel's bound says otherwise)."""
    bound = HIGH_VOLTAGE_S.get(model)
    if bound is None:
        return idle_sleep
    return bound if idle_sleep is None else min(idle_sleep, bound)


def policy_for(model: str, partial: bool = True, full_every: int | None = None) -> RefreshPolicy:
    """The refresh policy of the panel ``model`` (a settings ``display.model`` name); ``full_every``:
    the settings' ``display.partials_before_full`` when given, else the panel's :data:`FULL_EVERY`."""
    return RefreshPolicy(partial=partial, full_every=FULL_EVERY.get(model, 20) if full_every is None else full_every,
                         quiet_after=QUIET_S, idle_after=None)
