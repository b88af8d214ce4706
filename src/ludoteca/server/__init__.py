"""The web server: FastAPI app, matches and seats, WebSocket views, SQLAlchemy storage.

The app is built by `ludoteca.server.app.create_app`. This package file imports nothing, so
that the command line can read the server's settings without the server extra installed.
"""
