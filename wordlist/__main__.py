"""`python -m wordlist ...` is the `wordlist` command.

Only this entry point reaches the pipeline (which owns the command line); the library modules
never import it, so `wordlist` stays usable on its own.
"""

from importlib import import_module

import_module("wordlist_pipeline.cli").main()
