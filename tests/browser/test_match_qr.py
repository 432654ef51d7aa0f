"""The share link as a QR code (issue 18 §3): «Поделиться партией» draws the
link's QR code on the page — qrcode-generator, vendored into the site and
loaded only then — with the link's length; decoded by jsQR (loaded into the
test page only) it is exactly the share link, for a match of 10 and of 300
actions. A link no QR code holds (version 40, level L) is not drawn: the page
says so and offers the link and the protocol. Every request stays on the
site's own host."""

from __future__ import annotations

import base64
import json
import random
import re
import zlib
from pathlib import Path

import pytest

from tools_helpers import PHONE, is_external, open_game, screenshot, sk

from rules_pkg.api import handle
from rules_pkg.games import GAMES
from rules_pkg.match import Match

pytestmark = pytest.mark.browser
GAME = "kovboy"
SK = sk(GAME)
ROOT = Path(__file__).resolve().parents[2]
JSQR = ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"
LIBRARY = "assets/vendor/qrcode-generator/qrcode.mjs"
QR_MAX_BYTES = 2953  # version 40, level L, byte mode (match-qr.js)


def random_match(actions: int, seed: int = 1) -> dict:
    """A «Ковбой» match of ``actions`` random valid shots (an ended match is left for a new one's shots)."""
    rng = random.Random(seed)
    game = GAMES[GAME]
    state = handle({"op": "match.new", "game": GAME, "players": ["Анна", "Борис"]})["state"]
    while len(state["actions"]) < actions:
        inner, _ = Match.from_json(state, GAMES).replay()
        out = handle({"op": "match.play", "state": state, "action": game.random_action(inner, rng),
                      "want": {"state": True}})
        if out["ok"] and not out["view"].get("finished"):
            state = out["state"]
    return state


def link_of(base_url: str, state: dict) -> str:
    """A link to ``state`` made here (match-link.js: #match=1z<base64url of deflate-raw(UTF-8 JSON)>)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(json.dumps(state, ensure_ascii=False).encode()) + packer.flush()
    body = base64.urlsafe_b64encode(packed).rstrip(b"=").decode()
    return f"{base_url}games/{GAME}/#match=1z{body}"


def open_shared_match(page, base_url: str, state: dict) -> None:
    page.goto(link_of(base_url, state))
    box = page.locator(f"{SK} [data-rb-import]")
    box.locator("button", has_text="Сохранить как новую партию").click(timeout=90_000)
    page.wait_for_function("sel => !document.querySelector(sel + ' [data-rb-match]').hidden", arg=SK)


def share(page, base_url: str) -> str:
    """Press «Поделиться партией» (the clipboard allowed); the link it copied."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    page.locator(f"{SK} [data-rb-share]").click()
    page.locator(f"{SK} [data-rb-match-qr]").wait_for()
    url = page.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(re.escape(base_url) + r"games/kovboy/#match=1z[A-Za-z0-9_-]+", url), url
    return url


DECODE = """async (sel) => {
  const svg = document.querySelector(sel + ' [data-rb-match-qr] svg');
  const width = Number(svg.getAttribute('width')), height = Number(svg.getAttribute('height'));
  const image = new Image();
  image.src = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(svg)], {type: 'image/svg+xml'}));
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width; canvas.height = height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, width, height);
  const pixels = context.getImageData(0, 0, width, height);
  const found = jsQR(pixels.data, width, height, {inversionAttempts: 'dontInvert'});
  const shown = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;  // CSS px a module is drawn at
  return {text: found ? found.data : null, modulePx: shown, version: found ? found.version : null};
}"""


def library_requests(page) -> list[str]:
    return [u for u in page.context.recorded_urls if u.endswith(LIBRARY)]


@pytest.mark.parametrize("actions", [10, 300])
def test_share_qr_decodes_to_exactly_the_share_link(tool_page, base_url, actions):
    page = tool_page(PHONE)
    open_game(page, base_url, GAME, SK)
    open_shared_match(page, base_url, random_match(actions))
    assert library_requests(page) == []  # not loaded before the share panel opens
    url = share(page, base_url)
    assert library_requests(page) != []
    panel = page.locator(f"{SK} [data-rb-match-qr]")
    assert panel.get_attribute("data-rb-link-length") == str(len(url))
    length = f"{len(url):,}".replace(",", "\u00a0")
    assert re.search(rf"Ссылка — {length} символ(а|ов)?\.", panel.inner_text()), panel.inner_text()
    page.add_script_tag(path=str(JSQR))  # the decoder, in the test page only
    decoded = page.evaluate(DECODE, SK)
    assert decoded["text"] == url
    assert decoded["modulePx"] >= 4
    screenshot(page, f"share-qr-{actions}", f"{SK} [data-rb-match-qr]")
    assert [u for u in page.context.recorded_urls if is_external(u)] == []


def test_a_link_too_long_for_a_qr_code_says_so(tool_page, base_url):
    page = tool_page(PHONE)
    open_game(page, base_url, GAME, SK)
    open_shared_match(page, base_url, random_match(560, seed=2))
    url = share(page, base_url)
    assert len(url.encode()) > QR_MAX_BYTES
    panel = page.locator(f"{SK} [data-rb-match-qr]")
    assert panel.locator("svg").count() == 0
    text = panel.inner_text()
    assert "больше, чем вмещает QR-код" in text and "«Поделиться партией»" in text and "протокол" in text
    length = f"{len(url):,}".replace(",", "\u00a0")
    assert f"Ссылка на партию — {length} символ" in text
    screenshot(page, "share-qr-too-long", f"{SK} [data-rb-match-qr]")
    assert [u for u in page.context.recorded_urls if is_external(u)] == []


def test_the_library_is_vendored_and_precached(site_dir):
    """The site's copy is the pinned npm file, and the service worker lists it (offline at the table)."""
    npm = ROOT / "node_modules" / "qrcode-generator" / "dist" / "qrcode.mjs"
    assert (site_dir / LIBRARY).read_bytes() == npm.read_bytes()
    assert f'"{LIBRARY}":' in (site_dir / "sw.js").read_text(encoding="utf-8")
