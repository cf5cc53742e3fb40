"""The HTTP server: the word lists' queries and the games over JSON, and the web page that plays them.

    from wordlist.server import create_app, serve
    app = create_app("outputs", "games.sqlite")   # an ASGI app (FastAPI)
    serve("outputs", "games.sqlite", port=8000)    # what `wordlist serve` runs

Needs the `server` extra (FastAPI, uvicorn): `pip install 'wiktionary-wordlist[server]'`.
"""

from wordlist.server.app import create_app, serve

__all__ = ["create_app", "serve"]
