// The server's HTTP API and the per-match WebSocket (docs/web-api.md). Seat tokens never go
// into a URL (logs and console errors keep URLs): an Authorization header for HTTP, the first
// message on the socket.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function request(method, path, body, token) {
  const options = { method, headers: {} };
  if (token) options.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(`/api${path}`, options);
  } catch (error) {
    throw new ApiError(0, "network", error.message);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data?.error ?? {};
    throw new ApiError(response.status, error.code ?? "http", error.message ?? response.statusText);
  }
  return data;
}

const query = (params) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null);
  return entries.length ? `?${new URLSearchParams(entries)}` : "";
};
const match = (id) => `/matches/${encodeURIComponent(id)}`;

export const api = {
  games: () => request("GET", "/games"),
  board: (game) => request("GET", `/games/${encodeURIComponent(game)}/board`),
  matches: (status, limit) => request("GET", `/matches${query({ status, limit })}`),
  match: (id) => request("GET", match(id)),
  createMatch: (body) => request("POST", "/matches", body),
  join: (id, seat, name) => request("POST", `${match(id)}/join`, { seat, name }),
  start: (id, token) => request("POST", `${match(id)}/start`, { token }),
  view: (id, token) => request("GET", `${match(id)}/view`, undefined, token),
  act: (id, token, stateId, action) =>
    request("POST", `${match(id)}/actions`, { token, state_id: stateId, action }),
  undo: (id, token, stateId) => request("POST", `${match(id)}/undo`, { token, state_id: stateId }),
  history: (id, step, token) => request("GET", `${match(id)}/history/${step}`, undefined, token),
  rematch: (id, tokens) => request("POST", `${match(id)}/rematch`, { tokens }),
  vote: (id, token, seat) => request("POST", `${match(id)}/votes`, { token, seat }),
  takeBack: (id, token) => request("POST", `${match(id)}/return`, { token }),
  chat: (id, text, { token, name } = {}) =>
    request("POST", `${match(id)}/chat`, { text, token, name }),
};

/**
 * The match's WebSocket: calls `onView(view)` for every view the server pushes and
 * `onState("online" | "offline")` on (dis)connection. Reconnects with growing pauses until
 * closed; the server sends the current view on every (re)connect, so nothing is missed.
 * The first message on each connection is the hello naming the seat: `{"token": …}` (null:
 * a spectator).
 */
export class MatchSocket {
  constructor(matchId, token, { onView, onMessage = () => {}, onState = () => {} }) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.url = `${scheme}://${location.host}/api${match(matchId)}/ws`;
    this.token = token ?? null;
    this.onView = onView;
    this.onMessage = onMessage;
    this.onState = onState;
    this.closed = false;
    this.retryMs = 500;
    this.connect();
  }

  connect() {
    if (this.closed) return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ token: this.token }));
      this.retryMs = 500;
      this.onState("online");
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") this.onView(message);
      else if (message.type === "message") this.onMessage(message);
      else if (message.type === "messages") message.messages.forEach((m) => this.onMessage(m));
    };
    socket.onclose = () => {
      if (this.closed) return;
      this.onState("offline");
      this.timer = setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 8000);
    };
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }
}
