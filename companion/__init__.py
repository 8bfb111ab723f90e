"""El Grande table companion: referee and scorekeeper for the board game El Grande."""

import logging

__version__ = "0.8.0"

# Quiet unless the running command says where its log goes (`run` sends it to stderr,
# which systemd keeps in the journal on the Pi).
logging.getLogger(__name__).addHandler(logging.NullHandler())
