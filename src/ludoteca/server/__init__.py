"""The web server: FastAPI app, matches and seats, WebSocket views, SQLAlchemy storage."""

from ludoteca.server.app import create_app

__all__ = ["create_app"]
