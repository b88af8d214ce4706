"""Structured logs: one JSON object per line, for log collectors (`ludoteca serve --log-format
json`), and the logging configuration uvicorn and the app's own loggers share."""

from __future__ import annotations

import datetime as dt
import json
import logging
from typing import Any

# Attributes every LogRecord has; anything else on a record came from `extra=` and is kept.
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message", "asctime", "color_message",
}


class JsonFormatter(logging.Formatter):
    """Formats a record as one line of JSON: time (UTC, ISO 8601), level, logger, message, the
    exception if any, and every field passed with `extra=`."""

    def format(self, record: logging.LogRecord) -> str:
        """Return `record` as a JSON object on one line."""
        entry: dict[str, Any] = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(
                timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        for key, value in vars(record).items():
            if key not in _STANDARD and key not in entry:
                entry[key] = value
        return json.dumps(entry, default=str, ensure_ascii=False)


def json_log_config(level: str) -> dict[str, Any]:
    """Return a `logging.config.dictConfig` that writes uvicorn's and Ludoteca's logs at `level`
    to standard error as JSON lines."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{__name__}.JsonFormatter"}},
        "handlers": {"json": {"class": "logging.StreamHandler", "formatter": "json",
                              "stream": "ext://sys.stderr"}},
        "loggers": {
            name: {"handlers": ["json"], "level": level.upper(), "propagate": False}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "ludoteca")
        },
    }
