"""StepRefused on its own, so that the controller can catch a refusal before the journal's
vocabulary (companion/game/steps.py, which re-exports it) is imported: a start on the
new-game wizard does not create the steps' classes."""


class StepRefused(ValueError):
    """A step the rules or the phase do not allow. The message is one line for the table."""
