"""wordlist: game word lists built from Wiktionary, and the games that play on them.

>>> from wordlist import Lexicon
>>> lexicon = Lexicon.open("en", "balda")  # outputs/en/balda, built by `wordlist build`
>>> lexicon.is_word("E-Mail", pos=["noun", "verb"])
True
"""

# The distribution's version (wiktionary-wordlist): pyproject.toml reads it from here.
__version__ = "0.2.0"

from wordlist.errors import ArtefactError, WordlistError
from wordlist.format import POS, Alphabet, FormatError, GameSpec, Manifest, pos_mask, pos_names
from wordlist.graph import Graph
from wordlist.lexicon import Lexicon, WordRecord

__all__ = [
    "POS",
    "Alphabet",
    "ArtefactError",
    "FormatError",
    "GameSpec",
    "Graph",
    "Lexicon",
    "Manifest",
    "WordRecord",
    "WordlistError",
    "pos_mask",
    "pos_names",
]
