"""Gestures on the table drawing as a finger makes them (Chromium's own touch
input through CDP: touch-action, pointer capture and the click a browser may
or may not send all behave as on a phone). Shared by tests/browser/test_drawing_drag.py
and scripts/bench_usability.py."""

from __future__ import annotations

import json

STEPS = 8  # touch moves between the press and the release


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None, "the part to touch is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch_drag(page, source, target) -> None:
    """One finger pressed on `source`, carried to `target` and lifted (one gesture).
    If the source or the target is hidden (under a sticky bar, off screen), the
    drawing is first brought to the middle of the screen, as a player would
    scroll (the bench then counts that scroll)."""
    for part in (source, target):
        part.evaluate("""el => {
            const r = el.getBoundingClientRect(), svg = el.closest('svg');
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            if (!hit || !svg.contains(hit)) svg.scrollIntoView({ block: 'center', behavior: 'instant' });
        }""")
    (x0, y0), (x1, y1) = centre(source), centre(target)
    cdp = page.context.new_cdp_session(page)
    try:
        point = lambda x, y: [{"x": x, "y": y, "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}]  # noqa: E731
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point(x0, y0)})
        for i in range(1, STEPS + 1):
            t = i / STEPS
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": point(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def drawing_part(tool, kind: str, part_id=None):
    """A tappable part of the scorekeeper's drawing: a ball, the cue ball or a pocket (its id as JSON)."""
    selector = f"[data-rb-action-form] [data-rb-tap={kind}]"
    if part_id is not None:
        selector += f"[data-rb-id='{json.dumps(part_id)}']"
    return tool.locator(selector)
