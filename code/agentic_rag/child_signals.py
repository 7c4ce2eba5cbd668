"""Child processes that are sent Ctrl-C must get it as from a terminal.

A shell without job control starts a background command (`make test &`, `nohup … &`) with
SIGINT ignored, and every child inherits that. Python then installs no KeyboardInterrupt
handler, so a Ctrl-C sent to a `chat` or `streamlit run` child is lost and the child waits on.
Whoever starts a child it will interrupt passes `preexec_fn=sigint_as_in_a_terminal`.
"""

from __future__ import annotations

import signal


def sigint_as_in_a_terminal() -> None:
    """SIGINT back to its default action in the child (run between fork and exec)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
