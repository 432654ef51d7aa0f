"""The scorekeeper's dispose function (scorekeeper/index.js, mountScorekeeper):
when the page's content is swapped away (mkdocs-material's document$ emits
with the tool gone, tools.js then calls every gone tool's dispose), the
listeners it added to the window and to its own elements are removed, with
the wake lock's and the page stream's. Counted with the DevTools protocol."""

from __future__ import annotations

from tools_helpers import open_game, sk, start_match

GAME = "kovboy"


def listeners(page, cdp, expression: str) -> list[str]:
    """The types of the event listeners on the object `expression` evaluates to."""
    target = cdp.send("Runtime.evaluate", {"expression": expression})["result"]
    found = cdp.send("DOMDebugger.getEventListeners", {"objectId": target["objectId"]})["listeners"]
    return sorted(entry["type"] for entry in found)


def test_dispose_removes_what_mount_added(page, base_url):
    open_game(page, base_url, GAME, sk(GAME))
    start_match(page, GAME, ["Аня", "Борис"])
    cdp = page.context.new_cdp_session(page)
    tool = f"document.querySelector('{sk(GAME)}')"
    before = listeners(page, cdp, "window")
    assert "hashchange" in before and "storage" in before
    assert listeners(page, cdp, f"{tool}.querySelector('[data-rb-undo]')") == ["click"]
    assert "submit" in listeners(page, cdp, f"{tool}.querySelector('[data-rb-action-form]')")

    # The content swapped away: tools.js disposes the tool on the next document$ emission.
    page.evaluate(f"""() => {{
        window.rbGoneTool = {tool};
        window.rbGoneTool.remove();
        window.document$.next(document);
    }}""")
    page.wait_for_function("() => !document.querySelector('[data-rb-tool=scorekeeper]')")
    after = listeners(page, cdp, "window")
    for kind in ("hashchange", "storage"):
        assert after.count(kind) == before.count(kind) - 1, (kind, before, after)
    gone = "window.rbGoneTool"
    assert listeners(page, cdp, f"{gone}.querySelector('[data-rb-undo]')") == []
    assert listeners(page, cdp, f"{gone}.querySelector('[data-rb-list]')") == []
    assert "submit" not in listeners(page, cdp, f"{gone}.querySelector('[data-rb-action-form]')")
    assert "submit" not in listeners(page, cdp, f"{gone}.querySelector('[data-rb-setup]')")
    assert "toggle" in listeners(page, cdp, gone)  # tools.js's own (the panel remembered open or closed)
