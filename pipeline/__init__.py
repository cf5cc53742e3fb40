"""The build pipeline: Wiktionary dumps to entries tables and game word lists (`wordlist` CLI)."""

from wordlist_pipeline import compiled

compiled.choose()  # before any compiled module is imported: compiled, or its Python source
