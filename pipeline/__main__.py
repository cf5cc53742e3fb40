"""`python -m wordlist_pipeline ...` is the `wordlist` command (the library's, which finds ours)."""

from wordlist.cli import main

main()
