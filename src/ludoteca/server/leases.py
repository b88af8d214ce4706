"""Bot leases: with several server processes on one database, one process plays a match's bots.

A process plays a bot move only while it holds the match's lease (table `bot_leases`), which it
takes or renews before every move and gives up when no bot is to move. A lease runs out after
`bot_lease_seconds`: when its holder dies, another process, which looks every third of a lease
for matches with a bot to move and no live lease, takes the lease and plays on. The database
stores one action per (match, index), so even a holder too slow to renew in time cannot make a
bot move twice: the second is refused.
Each function is one transaction.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete, insert, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ludoteca.server.storage import utc_now, waiting_for_bots
from ludoteca.server.tables import Base, BotLeaseRow, MatchRow

_LEASES = Base.metadata.tables["bot_leases"]


def take(engine: Engine, match_id: str, holder: str, seconds: float) -> bool:
    """Take or renew the lease of a match for `seconds`; return False if another holds it."""
    now = utc_now()
    until = now + dt.timedelta(seconds=seconds)
    with engine.begin() as connection:
        renewed = connection.execute(
            update(_LEASES)
            .where(
                _LEASES.c.match_id == match_id,
                or_(_LEASES.c.holder == holder, _LEASES.c.expires_at <= now),
            )
            .values(holder=holder, expires_at=until)
        )
        if renewed.rowcount == 1:
            return True
    try:  # no lease yet: the first to insert it holds it
        with engine.begin() as connection:
            connection.execute(
                insert(_LEASES).values(match_id=match_id, holder=holder, expires_at=until)
            )
    except IntegrityError:
        return False  # another process inserted it (or holds a live one)
    return True


def give_up(engine: Engine, match_id: str, holder: str) -> None:
    """Drop `holder`'s lease of a match (none to move), so any process may take it at once."""
    with engine.begin() as connection:
        connection.execute(
            delete(_LEASES).where(_LEASES.c.match_id == match_id, _LEASES.c.holder == holder)
        )


def give_up_all(engine: Engine, holder: str) -> None:
    """Drop every lease `holder` has (its process is shutting down)."""
    with engine.begin() as connection:
        connection.execute(delete(_LEASES).where(_LEASES.c.holder == holder))


def unattended(session: Session, now: dt.datetime) -> list[str]:
    """Return the ids of open or running matches whose seat to move is a bot and whose lease is
    missing or ran out before `now`: their holder died, or none has taken them yet."""
    live_lease = (
        select(BotLeaseRow.match_id)
        .where(BotLeaseRow.match_id == MatchRow.id, BotLeaseRow.expires_at > now)
        .exists()
    )
    return list(session.scalars(waiting_for_bots().where(~live_lease)).all())
