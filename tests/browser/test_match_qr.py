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
import math
import random
import re
import zlib
from pathlib import Path

import pytest

from tools_helpers import ENGINE_TIMEOUT_MS, MATCH_DRAWN, PHONE, is_external, open_game, screenshot, sk

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
    box.locator("button", has_text="Сохранить как новую партию").click(timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(MATCH_DRAWN, arg=SK)


def share(page, base_url: str) -> str:
    """Press «Поделиться партией» (the clipboard allowed); the link it copied."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    page.locator(f"{SK} [data-rb-share]").click()
    page.locator(f"{SK} [data-rb-match-qr]").wait_for()
    url = page.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(re.escape(base_url) + r"games/kovboy/#match=1z[A-Za-z0-9_-]+", url), url
    return url


PHONES = {  # the two phone screens the code must fit at once
    "360x740": PHONE,
    "390x844": {**PHONE, "viewport": {"width": 390, "height": 844}, "device_scale_factor": 3},
}
_MATCHES: dict[int, dict] = {}


def match_of(actions: int) -> dict:
    if actions not in _MATCHES:
        _MATCHES[actions] = random_match(actions)
    return _MATCHES[actions]


DECODE_PNG = """async (png) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + png;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  const found = jsQR(pixels.data, canvas.width, canvas.height, {inversionAttempts: 'dontInvert'});
  return found ? found.data : null;
}"""

PLACE = """(svg) => {
  const rect = svg.getBoundingClientRect(), frame = svg.parentElement;
  return {left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom,
          viewportWidth: innerWidth, viewportHeight: innerHeight,
          pageWidth: document.documentElement.scrollWidth,
          frameScrolls: frame.scrollWidth > frame.clientWidth,
          modulePx: rect.width / svg.viewBox.baseVal.width, ratio: devicePixelRatio};
}"""


def scan_distance_cm(module_px: float) -> int:
    """The distance the page says (match-qr.js): the sizing guides' rule of thumb, a module
    of 4 mm at 1 m (250 module widths), with a phone's CSS px of 65/390 mm; 5 cm steps."""
    cm = module_px * 65 / 390 * 250 / 10
    return max(5, math.floor(cm / 5 + 0.5) * 5)


def decode_shown(page, svg) -> str | None:
    """jsQR's reading of ``svg`` as the screen shows it: a screenshot of the element at its rendered size."""
    png = svg.screenshot(animations="disabled")
    return page.evaluate(DECODE_PNG, base64.b64encode(png).decode())


def wholly_on_screen(svg) -> dict:
    """The code's box after it is scrolled into view: all of it inside the viewport, no sideways scroll."""
    svg.evaluate("svg => svg.scrollIntoView({block: 'center', inline: 'center'})")
    place = svg.evaluate(PLACE)
    assert place["left"] >= 0 and place["right"] <= place["viewportWidth"], place
    assert place["top"] >= 0 and place["bottom"] <= place["viewportHeight"], place
    assert place["pageWidth"] <= place["viewportWidth"] and not place["frameScrolls"], place
    return place


def library_requests(page) -> list[str]:
    return [u for u in page.context.recorded_urls if u.endswith(LIBRARY)]


def shared_qr(tool_page, base_url, phone: str, actions: int):
    """A phone page with a match of ``actions`` shared; (page, share link, the code's SVG locator)."""
    page = tool_page(PHONES[phone])
    open_game(page, base_url, GAME, SK)
    open_shared_match(page, base_url, match_of(actions))
    assert library_requests(page) == []  # not loaded before the share panel opens
    url = share(page, base_url)
    assert library_requests(page) != []
    page.add_script_tag(path=str(JSQR))  # the decoder, in the test page only
    return page, url, page.locator(f"{SK} [data-rb-match-qr] svg")


@pytest.mark.parametrize("actions", [10, 300])
@pytest.mark.parametrize("phone", list(PHONES))
def test_share_qr_fits_the_screen_and_decodes_to_exactly_the_share_link(tool_page, base_url, phone, actions):
    page, url, svg = shared_qr(tool_page, base_url, phone, actions)
    panel = page.locator(f"{SK} [data-rb-match-qr]")
    assert panel.get_attribute("data-rb-link-length") == str(len(url))
    length = f"{len(url):,}".replace(",", "\u00a0")
    assert re.search(rf"Ссылка — {length} символ(а|ов)?\.", panel.inner_text()), panel.inner_text()
    place = wholly_on_screen(svg)
    device = place["modulePx"] * place["ratio"]
    assert device >= 1 and abs(device - round(device)) < 1e-6, place  # whole device pixels: crisp
    small = panel.locator("[data-rb-qr-small]")  # the note comes exactly with modules under 2 CSS px
    assert small.is_visible() == (place["modulePx"] < 2), place
    distance = panel.locator("[data-rb-qr-distance]").inner_text()
    assert f"примерно с {scan_distance_cm(place['modulePx'])} см" in distance, (distance, place)
    print(f"{phone} {actions} actions: {len(url)} characters, module {place['modulePx']} CSS px, {distance!r}")
    assert decode_shown(page, svg) == url
    screenshot(page, f"share-qr-{actions}-{phone}")
    assert [u for u in page.context.recorded_urls if is_external(u)] == []


def test_full_screen_shows_the_code_alone_and_returns_focus(tool_page, base_url):
    page, url, svg = shared_qr(tool_page, base_url, "360x740", 300)
    inline = wholly_on_screen(svg)
    opener = page.locator(f"{SK} [data-rb-qr-full]")
    assert opener.inner_text() == "На весь экран"
    opener.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="QR-код партии на весь экран")
    dialog.wait_for()
    assert page.evaluate("document.activeElement.textContent") == "Закрыть"
    big = dialog.locator("svg")
    whole = wholly_on_screen(big)
    assert whole["modulePx"] >= inline["modulePx"], (whole, inline)
    assert decode_shown(page, big) == url
    screenshot(page, "share-qr-300-full-screen")
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    assert page.evaluate("document.activeElement.dataset.rbQrFull") == ""  # back on «На весь экран»
    page.keyboard.press("Enter")
    dialog.wait_for()
    page.keyboard.press("Enter")  # on «Закрыть»
    dialog.wait_for(state="detached")
    assert page.evaluate("document.activeElement.dataset.rbQrFull") == ""


def test_a_code_too_fine_for_the_screen_says_so_and_still_fits(tool_page, base_url):
    """A narrower window refits the code; its modules under 2 CSS px, the page says to come closer."""
    page, url, svg = shared_qr(tool_page, base_url, "360x740", 300)
    page.set_viewport_size({"width": 280, "height": 740})
    note = page.locator(f"{SK} [data-rb-qr-small]")
    note.wait_for()
    assert "поднесите телефоны ближе" in note.inner_text()
    place = wholly_on_screen(svg)
    assert place["modulePx"] < 2, place
    screenshot(page, "share-qr-300-narrow", f"{SK} [data-rb-match-qr]")


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
