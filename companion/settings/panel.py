"""The panels the screens are drawn for: what the settings file may name and the layout fits.

Kept apart from the drawing (companion/ui/draw/layout.py) so that the settings file checks a
panel's size without importing the renderer, and apart from ``hardware/`` so that the registry
(one entry per supported Waveshare panel, as Pimoroni's inky has one class per controller) is
plain data: the hardware adapters, the bench's panel model, the renderer and the install
script's ``--check`` all read it from here.

``display.model`` in the settings file names one of :data:`PANELS` (or an alias of
:data:`ALIASES`, or "none"). The times are Waveshare's product-page figures for each panel:
they are what the bench's model charges, not measurements (``bench --panel`` measures).
"""

from __future__ import annotations

from companion.rules.plain_data import dataclass  # no code compiled at import (issue 23)

#: The Waveshare 2.7inch e-Paper HAT in landscape.
PANEL_SIZE = (264, 176)

#: The smallest panel the layout is made for.
MIN_SIZE = (160, 96)

#: ``display.reading_distance``: held in the hand ("arm") or read across the table ("table").
DISTANCES = ("arm", "table")

#: On "table", the first line and the standings are at least this high on the glass (mm).
TABLE_TEXT_MM = 6.0


@dataclass(frozen=True)
class PanelSpec:
    """One supported panel: what the settings, the renderer, the drivers and the bench know of it."""

    name: str                       # the settings file's display.model
    title: str                      # what the board is called when bought
    size: tuple[int, int]           # pixels, landscape (long side first)
    mm: tuple[float, float]         # the active area, landscape, in millimetres
    partial: bool                   # quick partial refreshes (else every change is a full one)
    full_s: float                   # a full refresh, seconds (Waveshare's figure)
    partial_s: float                # a partial refresh, seconds (= full_s without partials)
    module: str                     # Waveshare's driver module (waveshare_epd.<module>)
    busy_level: int                 # the BUSY line's level while the controller works
    keys: bool                      # the board has the four keys (else: buttons on GPIO pins)

    @property
    def px_per_mm(self) -> float:
        """Pixels per millimetre on the glass (the smaller of the two directions)."""
        return min(self.size[0] / self.mm[0], self.size[1] / self.mm[1])

    @property
    def frame_bytes(self) -> int:
        """Bytes of one black/white frame in the controller's memory."""
        return self.size[0] * self.size[1] // 8


PANELS: dict[str, PanelSpec] = {spec.name: spec for spec in (
    PanelSpec("2in7_V2", "Waveshare 2.7inch e-Paper HAT (V2)", (264, 176), (57.29, 38.19),
              partial=True, full_s=6.0, partial_s=0.3, module="epd2in7_V2", busy_level=1, keys=True),
    PanelSpec("2in7", "Waveshare 2.7inch e-Paper HAT (V1)", (264, 176), (57.29, 38.19),
              partial=False, full_s=6.0, partial_s=6.0, module="epd2in7", busy_level=0, keys=True),
    PanelSpec("4in2_V2", "Waveshare 4.2inch e-Paper Module (V2)", (400, 300), (84.8, 63.6),
              partial=True, full_s=4.0, partial_s=0.4, module="epd4in2_V2", busy_level=1, keys=False),
    PanelSpec("7in5_V2", "Waveshare 7.5inch e-Paper HAT (V2)", (800, 480), (163.2, 97.92),
              partial=True, full_s=5.0, partial_s=0.4, module="epd7in5_V2", busy_level=0, keys=False),
)}

#: The older names of the 2.7inch panels, still understood (settings files that installers before
#: 0.7 wrote say "v2" or "v1"); every command, the installer and the docs name a panel as
#: :data:`PANELS` does: Waveshare's own driver name without its "epd" (epd2in7_V2.py -> 2in7_V2),
#: the one name that stays unique across sizes and that Waveshare's wiki and files use.
ALIASES = {"v2": "2in7_V2", "v1": "2in7"}

#: Every value ``display.model`` may take: the panels' names, "none", then the older names.
MODEL_NAMES = (*PANELS, "none", *ALIASES)


def panel(model: str) -> PanelSpec | None:
    """The panel ``model`` names (an alias too); None for "none". Raises KeyError for others."""
    if model == "none":
        return None
    return PANELS[ALIASES.get(model, model)]


def size_problem(model: str, width: int, height: int) -> str:
    """Why the panel of ``model`` cannot show frames of ``width`` x ``height`` ("" when it can;
    with model "none" any size between the keys' limits is drawn)."""
    spec = panel(model)
    if spec is None or sorted((width, height)) == sorted(spec.size):
        return ""
    return (f"display.width x display.height is {width}x{height}, but the {spec.title} "
            f"is {spec.size[0]}x{spec.size[1]}: remove width and height from the settings "
            f"(other sizes only with display.model = \"none\")")


def scale_for(size: tuple[int, int], model: str = "2in7_V2", distance: str = "arm") -> int:
    """How many panel pixels each pixel of the layout takes: 1 at arm's length; at the table,
    enough that 16 px body text is :data:`TABLE_TEXT_MM` high on this panel's glass, as long as
    the layout still gets :data:`MIN_SIZE` (the 2.7inch panels stay at 1)."""
    if distance not in DISTANCES:
        raise ValueError(f"reading distance must be one of {DISTANCES}, not {distance!r}")
    spec = panel(model) if model in MODEL_NAMES else None
    if distance == "arm" or spec is None:
        return 1
    scale = 1
    while 16 * scale / spec.px_per_mm < TABLE_TEXT_MM:
        scale += 1
    while scale > 1 and (size[0] // scale < MIN_SIZE[0] or size[1] // scale < MIN_SIZE[1]):
        scale -= 1
    return scale


def supported() -> str:
    """One line per panel: its settings name, what it is, its size and refreshes (``config --panels``)."""
    lines = []
    for spec in PANELS.values():
        refresh = (f"partial {spec.partial_s:g} s, full {spec.full_s:g} s" if spec.partial
                   else f"full refresh only, {spec.full_s:g} s")
        keys = "keys on the board" if spec.keys else "four buttons on GPIO pins (keys.pins)"
        lines.append(f"{spec.name:8} {spec.title}: {spec.size[0]}x{spec.size[1]}, {refresh}; {keys}")
    return "\n".join(lines)
