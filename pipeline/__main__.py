"""`python -m pipeline ...` is the `wordlist` command."""

from pipeline.cli import main

main()
