"""The screens: view model (view), renderer (render), fonts and soft keys.

``view`` is plain data; ``render`` turns any view into a 1-bit image of the
panel. See docs/ui.md.
"""
