"""The panels the screens are drawn for: what the settings file may name and the layout fits.

Kept apart from the drawing (companion/ui/draw/layout.py) so that the settings file checks a
panel's size without importing the renderer.
"""

#: The Waveshare 2.7inch e-Paper HAT in landscape.
PANEL_SIZE = (264, 176)

#: The smallest panel the layout is made for.
MIN_SIZE = (160, 96)
