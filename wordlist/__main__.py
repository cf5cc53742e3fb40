"""`python -m wordlist ...` is the `wordlist` command."""

from wordlist.cli import main

main()
