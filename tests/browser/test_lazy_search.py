"""Material's search (its index and its lunr worker) only once the search box is used
(issue 19): a game page's first answer shares the network and the CPU with nothing else."""

from __future__ import annotations

from test_kovboy_page import CALC, PAGE, open_tool
from test_search import open_search, search
from tools_helpers import wait_engine_ready


def searched(context) -> list[str]:
    return [u for u in context.recorded_urls if "search_index.json" in u or "/workers/search." in u]


def test_the_search_index_and_worker_wait_for_the_search_box(context, page, base_url):
    page.goto(base_url + PAGE)
    open_tool(page, CALC)
    wait_engine_ready(page, CALC)
    page.wait_for_load_state("load")
    assert searched(context) == []
    open_search(page)
    links = search(page, "карамболь")
    assert links, "no result once the search box was used"
    assert any("search_index.json" in u for u in searched(context))
    assert any("/workers/search." in u for u in searched(context))
