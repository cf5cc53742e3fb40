"""`python -m wordlist_pipeline ...` is the `wordlist` command."""

from wordlist_pipeline.cli import main

main()
