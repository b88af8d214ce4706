"""Debian's nginx in front of `ludoteca serve` processes, configured from
deploy/nginx.conf.template as docs/deploy.md tells (tests/deploy/test_nginx.py, the chaos test)."""

from __future__ import annotations

import grp
import os
import pwd
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.server.support import POLL_SECONDS, wait_for
from tests.services import free_port

TEMPLATE = Path(__file__).parents[1] / "deploy" / "nginx.conf.template"
TEMP_PATHS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
"""nginx's temporary folders (each module compiled in wants one, writable)."""


def nginx_binary() -> str:
    """Return the path of nginx; AssertionError saying what to install if there is none."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
    assert found is not None, "nginx is not installed: install Debian's nginx-light (.ci/run does)"
    return found


def render(listen: str, upstreams: list[str]) -> str:
    """Return the template with its placeholders filled in, as docs/deploy.md tells."""
    servers = " ".join(f"server {address};" for address in upstreams)
    text = TEMPLATE.read_text(encoding="utf-8")
    return text.replace("@LISTEN@", listen).replace("@UPSTREAM_SERVERS@", servers)


def main_config(binary: str) -> str:
    """Return a whole nginx.conf around `include ludoteca.conf;`: what Debian's own nginx.conf
    does for conf.d/, with the pid, logs and temporary files under the prefix folder."""
    built = subprocess.run([binary, "-V"], capture_output=True, text=True, check=True).stderr
    temp = [f"    {name}_temp_path temp/{name};" for name in TEMP_PATHS
            if f"--without-http_{name}_module" not in built]
    # As root, nginx's workers would run as nobody, who cannot enter pytest's folders.
    user = f"user {pwd.getpwuid(os.getuid()).pw_name} {grp.getgrgid(os.getgid()).gr_name};"
    return "\n".join([
        user if os.getuid() == 0 else "",
        "worker_processes 1;", "pid nginx.pid;", "error_log logs/error.log info;",
        "events { worker_connections 256; }", "http {", "    access_log logs/access.log;",
        *temp, "    include ludoteca.conf;", "}", "",
    ])



@contextmanager
def nginx_proxy(prefix: Path, upstreams: list[str]) -> Iterator[str]:
    """Run nginx with its files under `prefix` in front of the `upstreams` (HOST:PORT); yield
    its base URL."""
    binary = nginx_binary()
    for folder in ("logs", *(f"temp/{name}" for name in TEMP_PATHS)):
        (prefix / folder).mkdir(parents=True)
    port = free_port()
    (prefix / "ludoteca.conf").write_text(render(f"127.0.0.1:{port}", upstreams))
    (prefix / "nginx.conf").write_text(main_config(binary))
    with (prefix / "logs" / "output.log").open("wb") as out:
        process = subprocess.Popen(
            [binary, "-p", f"{prefix}/", "-c", "nginx.conf", "-g", "daemon off;"],
            stdout=out, stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        def answers() -> bool:
            assert process.poll() is None, (prefix / "logs" / "output.log").read_text() + (
                prefix / "logs" / "error.log").read_text()
            try:
                return httpx.get(f"{base}/healthz").status_code == 200
            except httpx.TransportError:
                return False

        wait_for(answers, "nginx to answer")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=POLL_SECONDS)
