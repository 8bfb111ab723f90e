"""The game record: the journal, the phase machine, the referee and the 2023 dummy."""
