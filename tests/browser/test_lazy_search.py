"""Material's search (its index and its lunr worker) only once the search box is used
(issue 19): a game page's first answer shares the network and the CPU with nothing else."""

from __future__ import annotations

from test_kovboy_page import CALC, PAGE, open_tool
from test_search import open_search, search
from tools_helpers import wait_engine_ready


def searched(requests) -> list[str]:
    return [u for u in requests if "search_index.json" in u or "/workers/search." in u]


def record_the_pages_own_requests(context) -> list[str]:
    """The page's requests and its workers', not the service worker's: once the first answer is
    in, the service worker saves the site for offline use, the search files among the rest (by
    design, after the answer), and that must not count as the page using the search."""
    urls: list[str] = []
    context.on("request", lambda r: None if r.service_worker else urls.append(r.url))
    return urls


def test_the_search_index_and_worker_wait_for_the_search_box(context, page, base_url):
    own = record_the_pages_own_requests(context)
    page.goto(base_url + PAGE)
    open_tool(page, CALC)
    wait_engine_ready(page, CALC)
    page.wait_for_load_state("load")
    assert searched(own) == []
    open_search(page)
    links = search(page, "карамболь")
    assert links, "no result once the search box was used"
    assert any("search_index.json" in u for u in searched(own))
    assert any("/workers/search." in u for u in searched(own))
