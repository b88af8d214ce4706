"""The security headers of every answer: what a page may load, and no sniffing, framing or
referrers. Kept apart so that both the middleware and the last-resort error handler use them."""

from __future__ import annotations

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    # The page sets a few style attributes from its own scripts (an SVG label's font size,
    # a counter's colour variables); style attributes cannot run code, <style> elements and
    # inline scripts stay forbidden.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",  # data: for the empty favicon of index.html
    "font-src 'self'",
    "connect-src 'self'",  # the API and the match's WebSocket (same origin)
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
])
"""What the front end may load: its own scripts, styles and data, nothing inline or foreign."""

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
