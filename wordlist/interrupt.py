"""SIGTERM and SIGHUP end a run the way Ctrl-C does.

Python turns Ctrl-C (SIGINT) into KeyboardInterrupt, so `finally` blocks and context managers
remove temporary files and stop worker processes. SIGTERM (`kill`, a service manager) and SIGHUP
(the terminal closed) would kill the process outright and leave both behind. `install()` makes
them raise `Terminated`, a KeyboardInterrupt, so the same cleanup runs, and the command exits
with 128 + the signal's number, as a shell reports a process killed by it.

A signal is raised wherever the main thread is, and a few steps must not be cut in half:
starting worker processes is one (an exception inside fork's bookkeeping leaves a pool that
never shuts down). `deferred()` holds SIGINT, SIGTERM and SIGHUP until such a step is done.

Worker processes forked after `install()` leave the stopping to their parent: they ignore SIGINT
and SIGHUP (the terminal sends those to the whole process group), and die at once on SIGTERM,
which is how the parent stops them.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from types import FrameType

TERMINATING = (signal.SIGTERM, signal.SIGHUP)

_received: list[int] = []  # the terminating signals that arrived, first first
_held: list[int] = []  # signals that arrived inside deferred(), raised when it ends
_deferring = 0
_fork_hook_registered = False


class Terminated(KeyboardInterrupt):
    """A SIGTERM or SIGHUP arrived; raised where the main thread was, like Ctrl-C's KeyboardInterrupt."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _stop(signum: int) -> None:
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    _received.append(signum)
    for other in TERMINATING:  # a second signal must not cut the cleanup short
        signal.signal(other, signal.SIG_IGN)
    raise Terminated(signum)


def _handle(signum: int, frame: FrameType | None) -> None:
    if _deferring:
        _held.append(signum)
        return
    _stop(signum)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Run the block whole: a signal that arrives meanwhile takes effect when it ends."""
    global _deferring
    _deferring += 1
    try:
        yield
    finally:
        _deferring -= 1
        if not _deferring and _held:
            signum = _held[0]
            _held.clear()
            _stop(signum)


def check() -> None:
    """Raise Terminated if a signal came and the run still goes on: for the main loop of long work.

    A handler's exception is lost when it lands in a finalizer (a `__del__`, a callback), which
    Python reports as "Exception ignored" and carries on; a loop that calls this stops anyway.
    """
    if _received and not _deferring:
        raise Terminated(_received[0])


def _in_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def install() -> None:
    """From now on SIGTERM, SIGHUP and SIGINT stop the main thread (call it once, from main)."""
    global _fork_hook_registered
    for signum in TERMINATING:
        signal.signal(signum, _handle)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not when started ignoring it
        signal.signal(signal.SIGINT, _handle)
    if not _fork_hook_registered:  # hooks cannot be unregistered: once per process
        os.register_at_fork(after_in_child=_in_worker)
        _fork_hook_registered = True


def received() -> int | None:
    """The terminating signal that stopped this run, if one did."""
    return _received[0] if _received else None


def name(signum: int) -> str:
    """A signal's name: 15 is "SIGTERM"."""
    return signal.Signals(signum).name
