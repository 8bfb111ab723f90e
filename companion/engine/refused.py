"""StepRefused on its own, so that the controller can catch a refusal before the journal's
vocabulary (companion/engine/steps.py, which re-exports it) is imported: a start on the
new-game wizard does not create the steps' classes."""


class StepRefused(ValueError):
    """A step the rules or the phase do not allow. The message is one line for the table."""


class Replayed(StepRefused):
    """A press that failed inside a game resumed from its snapshot: the snapshot is set aside and the
    game replayed from its log (issue 33). The message says so, and whether the step or undo stands;
    the controller shows the game's page again."""
