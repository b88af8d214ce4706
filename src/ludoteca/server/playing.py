"""Playing a match: a seat's action, and taking back the last one (server/undo.py).

Both follow the hub's one path under the match's lock: check against the copy in memory,
commit (shielded, `MatchCache.commit_shielded`), then update memory and broadcast. A commit
refused by the database (another process, or a commit that outlived its request, was first)
makes the copy catch up and the request answer stale_state.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ludoteca.core import IllegalActionError, InvalidActionError, Seat
from ludoteca.server import absence, catch_up, storage, undo
from ludoteca.server.bot_play import kick_bots
from ludoteca.server.errors import ApiError
from ludoteca.server.expiry import expired_error, mark_expired
from ludoteca.server.following import level
from ludoteca.server.listeners import broadcast, post_message, tell_others
from ludoteca.server.live import LiveMatch
from ludoteca.server.match_cache import in_thread

if TYPE_CHECKING:
    from ludoteca.server.hub import MatchHub


async def act(
    hub: MatchHub, live: LiveMatch, seat: Seat, state_id: int, text: str, by_bot: bool = False
) -> str:
    """Apply `seat`'s action `text` at `state_id`; return that seat's new view as JSON.

    `by_bot`: the server's bot plays it (a person's token cannot act for a bot's seat).
    """
    async with live.lock:
        if not hub.cache.is_current(live):
            # This copy left the cache (idle) while the request waited for its lock: only
            # the copy in memory may change the match, so act on that one.
            return await act(
                hub, await hub.cache.get(live.match_id), seat, state_id, text, by_bot
            )
        if live.info.status == "expired":
            raise expired_error(hub.limits)
        if state_id > live.state_id or not live.started:
            await level(hub, live)  # the client saw a newer state on another process
        absence.check_may_act(live, seat, by_bot)
        state = live.state
        game = live.game
        if game.is_terminal(state):
            raise ApiError("game_over", "the match is over")
        if state_id != live.state_id:
            raise ApiError(
                "stale_state",
                f"the match is at state {live.state_id}, not {state_id}; "
                "reload the view and try again",
            )
        to_move = game.current_player(state)
        if seat != to_move:
            raise ApiError(
                "not_your_turn", f"it is seat {to_move}'s turn, not seat {seat}'s"
            )
        try:
            action = game.action_from_text(state, text)
            after = game.apply(state, action)
        except InvalidActionError as error:
            raise ApiError("invalid_action", str(error)) from error
        except IllegalActionError as error:
            raise ApiError("illegal_action", str(error)) from error
        canonical = game.action_to_text(state, action)
        now = storage.utc_now()
        index = live.state_id
        columns = live.columns_after(after, index + 1, now)

        async def commit_then_show() -> str:
            await in_thread(functools.partial(
                storage.append_action, hub.db.engine, live.match_id, index, seat,
                canonical, columns, undos=live.info.undos,
            ))
            live.push(after, canonical, columns)
            # The others get the action itself: a copy one behind need not read it back.
            tell_others(
                hub, live.match_id, "action", index=index, undos=live.info.undos,
                text=canonical, columns=catch_up.columns_to_json(columns),
            )
            await broadcast(hub, live, first=seat, announce=False)
            return live.view_json(seat)

        try:
            view = await hub.cache.commit_shielded(live, commit_then_show())
        except storage.ActionAlreadyStored as error:
            # Only a commit outliving its cancelled request, or another process on this
            # database, can be there first: nothing was stored; memory catches up.
            await level(hub, live)
            raise ApiError(
                "stale_state",
                f"the match moved on from state {index}; reload the view and try again",
            ) from error
        except storage.MatchClosed as error:
            if error.expired:
                await mark_expired(hub, live)
                raise expired_error(hub.limits) from error
            # Another process made the game's last move first: this copy follows it.
            await level(hub, live)
            raise ApiError(
                "game_over", "the match ended before this action arrived: another move was first"
            ) from error
    kick_bots(hub, live)
    return view


async def take_back_last(hub: MatchHub, live: LiveMatch, seat: Seat, state_id: int) -> str:
    """Take back `seat`'s last action at `state_id` (server/undo.py); return its new view.

    As `act`: checked in memory, committed, then memory follows (shielded), the views are
    broadcast and an "undo" notice is posted.
    """
    async with live.lock:
        if not hub.cache.is_current(live):  # see act
            return await take_back_last(hub, await hub.cache.get(live.match_id), seat, state_id)
        if state_id > live.state_id:
            await level(hub, live)  # see act
        taken = undo.check_undo(live, seat, state_id)
        columns = live.columns_after(live.states[-2], taken.state_id, storage.utc_now())
        undos = live.info.undos

        async def commit_then_show() -> str:
            await in_thread(functools.partial(
                storage.remove_last_action, hub.db.engine, live.match_id, taken.state_id,
                columns, undos=undos,
            ))
            columns["undos"] = undos + 1
            undo.take_back(live, columns)
            await broadcast(hub, live, first=seat)
            return live.view_json(seat)

        try:
            view = await hub.cache.commit_shielded(live, commit_then_show())
        except storage.NotLastAction as error:
            await level(hub, live)
            raise ApiError(
                "stale_state", "the match changed meanwhile; reload the view and try again"
            ) from error
        name = live.info.seats[seat].name
        await post_message(
            hub, live, "undo", undo.notice_text(name or f"seat {seat}", taken.action),
            seat=seat, name=name, params={"seat": seat, "action": taken.action},
        )
    return view
