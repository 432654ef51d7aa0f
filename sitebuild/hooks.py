"""MkDocs hooks of the rulebook site (build time only): a thin layer.

The page text is made by the Markdown extension listed in mkdocs.yml
(``sitebuild/extension.py``), the steps after the pages by
``sitebuild/publish/postbuild.py``; neither depends on MkDocs. What is left here is
what only MkDocs has:

- on_config: start the extension's build with the config's values (a broken
  quiz or glossary file stops the build here, with its message);
- on_page_markdown: tell the extension which page it renders next (MkDocs
  gives Markdown extensions no page);
- on_page_content: anchors rendered from stashed HTML (толкования, outside
  facts) are not seen by MkDocs' own anchor collection: register them for its
  link checks;
- on_post_page: on the glossary page, fill in where each term appears —
  known only once every game page is rendered (MkDocs renders every page's
  content before it writes any page);
- on_post_build: the glossary check, then each step of
  ``postbuild.STEPS`` (head tags, Pyodide copy, quiz exports, service
  worker, ``_headers``, precompressed copies).
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def _ensure_path() -> None:
    # MkDocs restores sys.path after loading a hook file, so this runs again
    # in on_config before the engine is imported.
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))


_ensure_path()

from sitebuild import extension  # noqa: E402  (the page text: anchors, markers, glossary)
from sitebuild.pages import index_markers  # noqa: E402  (games list, clause index, glossary)
from sitebuild.publish import postbuild  # noqa: E402  (everything after the pages)

log = logging.getLogger("mkdocs.hooks.rulebook")


def on_config(config, **kwargs):
    _ensure_path()
    postbuild.read_runtime()  # fail early when build/pyodide/ is missing
    extension.start_build(config.docs_dir, config.use_directory_urls)
    return config


def on_page_markdown(markdown, page, config, files, **kwargs):
    extension.expect_page(page.file.src_uri, page.url, page.meta)
    return markdown


def on_page_content(html_text, page, config, files, **kwargs):
    if page.present_anchor_ids is not None:
        anchors = extension.current_build().context.page.anchors
        page.present_anchor_ids = set(page.present_anchor_ids) | set(anchors)
    return html_text


def on_post_page(output, page, config, **kwargs):
    return index_markers.post_page(output, page)  # the glossary: where each term appears


def on_post_build(config, **kwargs):
    # A game without a page has no tool on the site, so no ruling can link
    # into the void; say so, do not fail (pages arrive game by game).
    build = extension.current_build()
    missing = [g for g in build.context.catalog.game_ids() if g not in build.game_pages]
    if missing:
        log.info("игры без страницы на сайте (их инструментов нет): %s", ", ".join(missing))
    index_markers.post_build()  # every glossary term appears in some rule text
    site = postbuild.open_site(config.site_dir, config.site_url)
    for step in postbuild.STEPS:
        step(site)
