"""The bench's figures for a navigation press from key to the panel's bytes, on each panel (issue 36).

A press is not done when its frame is drawn: the display turns the frame into the controller's bytes
before anything goes to the glass. Counted as bench_instructions.py counts (callgrind, the difference
of two child processes that do the same but for the presses measured), on the menu of a turn of
round 2 of the sample game, with each panel's frame size at the settings' defaults (rotation 0, keys
on the left, read at arm's length: scale 1), and three ways to end a press: the frame drawn only, its
whole conversion (framebuffer.to_buffer / large.landscape_buffer), and the conversion the panel makes
(the 2.7inch: the whole one; the larger panels: frame_bytes.FrameBytes, only what changed since the
last frame). The target is on the press with the panel's conversion. Figures only: nothing here asserts.
"""

from __future__ import annotations

from companion.measure.bench_instructions import NAV_AFTER, NAV_PRESSES, Counter

#: argv: presses of the sample game first, navigation presses, the panel model, and the conversion
#: ("none", "whole", "panel": the panel's own, hardware/display/large.py _LargeRules._buffer).
NAVIGATE_TO_BYTES = """
import sys, tempfile
from pathlib import Path
from companion.settings.panel import panel
from companion.measure.key_scripts import play, sample_presses
from companion.ui.draw.render import render, scroll_end
from hardware.display.frame_bytes import FrameBytes
from hardware.display.framebuffer import to_buffer
from hardware.display.large import _TO_LANDSCAPE, NATIVE, landscape_buffer
after, presses, model, how = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
size = panel(model).size
if model in NATIVE:
    changed = FrameBytes(NATIVE[model], _TO_LANDSCAPE[0], invert=model == "7in5_V2")
    whole = lambda image: landscape_buffer(image, 0, invert=model == "7in5_V2")
else:
    whole = changed = lambda image: to_buffer(image, 0)
convert = {"none": lambda image: None, "whole": whole, "panel": changed}[how]
ui = play(sample_presses()[:after], Path(tempfile.mkdtemp()))
ui.measure = lambda screen: scroll_end(screen, size, "left")
ui.press(0, True)  # hold KEY1: the menu
convert(render(ui.screen(), size))
for i in range(presses):
    ui.press(1 if i % 12 < 6 else 0)  # six down, six up, ...
    convert(render(ui.screen(), size))
"""

#: Each panel the bench counts, and its target for a navigation press with the conversion (issue 36).
PANELS = (("v2", '2.7"', 2.0), ("4in2_V2", '4.2"', None), ("7in5_V2", '7.5"', 4.0))

M = 1_000_000


def press_to_bytes_figures(count: Counter) -> None:
    """A line per panel: a navigation press to its frame, to its whole conversion, to the panel's conversion."""
    print("a navigation press to the controller's bytes (callgrind; the menu of a round-2 turn, mean of "
          f"{NAV_PRESSES} presses; rotation 0, scale 1):")
    for model, name, target in PANELS:
        per = {}
        for how in ("none", "whole", "panel") if model != "v2" else ("none", "whole"):
            base = count(NAVIGATE_TO_BYTES, str(NAV_AFTER), "0", model, how)
            moved = count(NAVIGATE_TO_BYTES, str(NAV_AFTER), str(NAV_PRESSES), model, how)
            per[how] = (moved - base) / NAV_PRESSES
        press = per.get("panel", per["whole"])
        goal = "no target" if target is None else f"target <= {target:.1f} M: {'met' if press <= target * M else 'NOT met'}"
        how = "the whole frame" if model == "v2" else \
            f"what changed since the last frame; the whole frame: {(per['whole'] - per['none']) / M:,.2f} M"
        print(f"  {name}: {press / M:,.2f} M with the panel's conversion ({goal}); the frame drawn only "
              f"{per['none'] / M:,.2f} M; the conversion {(press - per['none']) / M:,.2f} M ({how})")
