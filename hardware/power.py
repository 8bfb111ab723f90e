"""Powering the Pi off: ``systemctl poweroff``, as the service's user.

The installer's polkit rule (systemd/elgrande-companion.rules, installed by scripts/install-pi.sh)
lets that user power the machine off and nothing else; systemd then stops the service (the panel
already asleep on its standby picture) and the file systems are unmounted cleanly, which pulling
the plug does not do (hardware/README.md, "Switching off"). Imported only when the table switches
off: a start does not pay for subprocess.
"""

from __future__ import annotations

import subprocess

COMMAND = ("systemctl", "poweroff")
#: systemctl only asks systemd (logind) to start the power-off job: it answers at once.
ANSWER_WITHIN = 30.0


def power_off() -> str:
    """Ask systemd to power the machine off: "" once it took the job, else why not in one line.
    ``systemctl`` is the one on PATH (the service's PATH; the tests put a fake one first)."""
    try:
        done = subprocess.run(COMMAND, capture_output=True, text=True, timeout=ANSWER_WITHIN, check=False)
    except FileNotFoundError:
        return "there is no systemctl here: switch the Pi off with sudo poweroff"
    except subprocess.TimeoutExpired:
        return f"systemctl poweroff did not answer within {ANSWER_WITHIN:.0f} s"
    except OSError as error:
        return f"systemctl poweroff could not run: {error.strerror or error}"
    if done.returncode != 0:
        said = " ".join((done.stderr or done.stdout).split()) or f"exit status {done.returncode}"
        return f"systemctl poweroff was refused ({said}): is the installer's polkit rule in place? (hardware/README.md)"
    return ""
