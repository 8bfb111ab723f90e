"""El Grande table companion: referee and scorekeeper for the board game El Grande."""

__version__ = "0.1.0"
