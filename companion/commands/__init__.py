"""The subcommands of `elgrande-companion`, one module each."""


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""
