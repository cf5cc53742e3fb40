"""After-game analyses, made once: a finished game never changes, so its analysis for a seat is kept
(a bounded number of them, the least recently asked for dropped first) and every later request is
answered from memory. The work itself runs among the server's searches (`Searches`: a few at once,
each request waiting a bounded time); an analysis a request gave up waiting for still ends and is
kept, for the request that asks again."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

ANALYSES_KEPT = 256  # a few KB each


class Analyses:
    """The analyses made so far, by game and seat; thread-safe."""

    def __init__(self, size: int = ANALYSES_KEPT) -> None:
        self.size = size
        self._done: OrderedDict[tuple[str, int], dict] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, seat: int, make: Callable[[], dict]) -> dict:
        """The analysis of `seat` in game `game_id`: kept, or made by `make` and kept."""
        key = (game_id, seat)
        with self._lock:
            found = self._done.get(key)
            if found is not None:
                self._done.move_to_end(key)
                return found
        made = make()  # outside the lock: another game's analysis may be asked for meanwhile
        with self._lock:
            self._done[key] = made
            while len(self._done) > self.size:
                self._done.popitem(last=False)
        return made
