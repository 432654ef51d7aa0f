"""Libraries from npm the pages load, copied into the site at build time
(nothing at runtime from another host). Each is the pinned version from
package.json, checked against node_modules; the service worker precaches it
like every other file of the site (sitebuild/publish/offline.py lists them all).

- ``assets/vendor/qrcode-generator/qrcode.mjs``: the share link's QR code
  (docs/assets/js/scorekeeper/match-qr.js loads it when a link is shown).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"

#: site path -> (npm package, file inside it)
VENDORED = {
    "assets/vendor/qrcode-generator/qrcode.mjs": ("qrcode-generator", "dist/qrcode.mjs"),
}


class VendorError(RuntimeError):
    pass


def pinned_version(package: str) -> str:
    manifest = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    for group in ("dependencies", "devDependencies"):
        if package in manifest.get(group, {}):
            return manifest[group][package]
    raise VendorError(f"{package} нет в package.json")


def copy_vendored(site_root: Path) -> list[str]:
    """Copy every vendored file into ``site_root``; returns their site paths."""
    for rel, (package, inner) in VENDORED.items():
        installed = json.loads((NODE_MODULES / package / "package.json").read_text(encoding="utf-8"))["version"]
        if installed != pinned_version(package):
            raise VendorError(f"node_modules has {package} {installed}, package.json pins {pinned_version(package)}: "
                              "run scripts/setup.sh")
        target = site_root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(NODE_MODULES / package / inner, target)
    return list(VENDORED)
