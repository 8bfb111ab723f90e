"""A game at the table: the engine with its game log, its snapshot and undo."""
