"""wordlist: game word lists built from Wiktionary, and the games that play on them.

from wordlist import Lexicon
lexicon = Lexicon.open("en", "balda")
lexicon.is_word("email", pos=["noun", "verb"])
"""

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
