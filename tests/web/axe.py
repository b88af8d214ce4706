"""axe-core in the browser tests: installed once from npm (pinned), injected into a page, run.

The page's Content-Security-Policy forbids inline scripts, so axe is not added as a script tag:
`page.evaluate` runs its source through the DevTools protocol, which the policy does not govern.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

AXE_VERSION = "4.10.3"
CACHE = Path(__file__).resolve().parents[2] / ".cache" / "axe-core"  # git-ignored
INSTALL_SECONDS = 300

# Runs in the page: every rule axe runs by default (WCAG A/AA and best practices), and also the
# experimental check that a control's accessible name contains its visible text (WCAG 2.5.3);
# violations only.
RUN_AXE = """async () => {
  const result = await axe.run(document, {
    resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } },
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map((node) => node.target.join(" ")),
  }));
}"""


def axe_source() -> str:
    """Return axe.min.js of the pinned version, installing it from npm on first use."""
    script = CACHE / AXE_VERSION / "axe.min.js"
    if not script.exists():
        _install(script.parent)
    return script.read_text(encoding="utf-8")


def _install(target: Path) -> None:
    # xdist workers may install at the same time: each installs into its own folder and renames
    # it into place; the rename is atomic, and a worker that finds the place taken keeps that one.
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail("the accessibility tests need npm to install axe-core: "
                    "apt-get install nodejs npm (.ci/run does this)", pytrace=False)
    CACHE.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=CACHE, prefix=f"{AXE_VERSION}-installing-"))
    try:
        answer = subprocess.run(
            [npm, "install", "--prefix", str(staging), "--no-save", "--no-package-lock",
             "--no-audit", "--no-fund", "--ignore-scripts", f"axe-core@{AXE_VERSION}"],
            capture_output=True, text=True, timeout=INSTALL_SECONDS, check=False)
        if answer.returncode != 0:
            pytest.fail(f"npm could not install axe-core@{AXE_VERSION}:\n{answer.stderr}",
                        pytrace=False)
        package = staging / "node_modules" / "axe-core"
        shutil.copy(package / "axe.min.js", staging / "axe.min.js")
        shutil.copy(package / "LICENSE", staging / "LICENSE")
        shutil.rmtree(staging / "node_modules")
        try:
            os.rename(staging, target)
        except OSError:
            if not (target / "axe.min.js").exists():
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Return axe's violations on the page as it is now: rule id, impact, help, targets."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(f"{axe_source()}\n;void 0")
    violations: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    return violations


def violations_text(violations: list[dict[str, Any]]) -> str:
    """Return the violations one per line: rule id, impact, what it asks, the elements."""
    return "\n".join(
        f"  {v['id']} ({v['impact']}): {v['help']}\n      at " + ", ".join(v["targets"][:8])
        + (f" and {len(v['targets']) - 8} more" if len(v["targets"]) > 8 else "")
        for v in violations)


def assert_no_violations(page: Page, where: str) -> None:
    """Fail with a readable list if axe finds any violation on the page."""
    violations = axe_violations(page)
    assert not violations, f"axe-core {AXE_VERSION} on {where}:\n{violations_text(violations)}"
