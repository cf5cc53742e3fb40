"""The `wordlist` command (`python -m wordlist`): the library's commands, and those the pipeline
adds from above (see wordlist.cli.root). Any of them runs from Python too: run(["query", ...])."""

from wordlist.cli.root import app, main, run

__all__ = ["app", "main", "run"]
