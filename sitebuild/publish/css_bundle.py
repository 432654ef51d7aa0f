"""The site's own stylesheets as one file per page (issue 28 § 2).

mkdocs.yml lists the site's CSS one component per file (``extra_css``: easy to
read and to review); a built page would then ask for 16 render-blocking
stylesheets of 0.5–17 KB before its first paint. After the build, each page's
consecutive run of the site's own ``<link rel="stylesheet">`` tags becomes one
link to a bundle: the same files' text, joined in the same order (so the
cascade is what mkdocs.yml says), under a name made of its content's hash (a
changed rule is a new file, never a stale cached one). A stylesheet only some
pages link (postbuild.TOOL_CSS: quiz.css) stays a file of its own at its place
between two bundles, so a page without those tools still loads none of it.

The component files a bundle took in are then removed from the site: no page
links them, and the service worker would otherwise precache every rule twice.
mkdocs-material's own stylesheets (assets/stylesheets/) are left as they are.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

#: A link to one of the site's own stylesheets, as MkDocs writes it (one per line;
#: consecutive ones have only white space between them).
OWN_LINK = re.compile(r'<link rel="stylesheet" href="(?P<base>[^"]*?)(?P<css>assets/css/[\w-]+\.css)">')
BUNDLE_PREFIX = "assets/css/site-"


class BundleError(RuntimeError):
    pass


@dataclass
class Bundles:
    """The bundles written so far: {run of component paths: bundle path} (shared by pages)."""
    root: Path
    made: dict[tuple[str, ...], str] = field(default_factory=dict)
    pages: int = 0

    def path_for(self, run: tuple[str, ...]) -> str:
        if run not in self.made:
            self.made[run] = write_bundle(self.root, run)
        return self.made[run]


def write_bundle(root: Path, run: tuple[str, ...]) -> str:
    """Writes the files of ``run`` joined, each after a comment naming it; returns its path."""
    parts = []
    for css in run:
        source = root / css
        if not source.is_file():
            raise BundleError(f"{css}: страница ссылается на таблицу стилей, которой нет в сборке")
        parts.append(f"/* {css} */\n{source.read_text(encoding='utf-8').rstrip()}\n")
    text = "".join(parts)
    rel = f"{BUNDLE_PREFIX}{hashlib.sha256(text.encode('utf-8')).hexdigest()[:10]}.css"
    (root / rel).write_text(text, encoding="utf-8")
    return rel


def stands_alone(css: str, optional: frozenset[str]) -> bool:
    """An optional stylesheet, or a bundle already (a second run over the site)."""
    return css in optional or css.startswith(BUNDLE_PREFIX)


def runs_of(links: list[re.Match], optional: frozenset[str]) -> list[list[re.Match]]:
    """The page's own links split into runs at each stylesheet that stands alone (a run of its own)."""
    runs: list[list[re.Match]] = []
    for link in links:
        if stands_alone(link["css"], optional) or not runs or stands_alone(runs[-1][-1]["css"], optional):
            runs.append([link])
        else:
            runs[-1].append(link)
    return runs


def bundle_page(text: str, rel: str, bundles: Bundles, optional: frozenset[str]) -> str:
    """The page's HTML with each run of the site's own stylesheets linked as one bundle."""
    links = list(OWN_LINK.finditer(text))
    if not links:
        return text
    for before, after in zip(links, links[1:]):
        if text[before.end():after.start()].strip():
            raise BundleError(f"{rel}: таблицы стилей сайта в <head> идут не подряд — порядок каскада не сохранить")
    out = []
    for run in runs_of(links, optional):
        css = tuple(link["css"] for link in run)
        target = css[0] if stands_alone(css[0], optional) else bundles.path_for(css)
        out.append(f'<link rel="stylesheet" href="{run[0]["base"]}{target}">')
    bundles.pages += 1
    return text[: links[0].start()] + "\n".join(out) + text[links[-1].end():]


def bundle_site(root: Path, optional: frozenset[str] = frozenset()) -> Bundles:
    """Every page of the built site (not Pyodide's own files) linked to bundles; the bundled
    component files removed. A second run finds no component links and changes nothing."""
    bundles = Bundles(root)
    for path in sorted(root.rglob("*.html")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith("pyodide/"):
            continue
        text = path.read_text(encoding="utf-8")
        new = bundle_page(text, rel, bundles, optional)
        if new != text:
            path.write_text(new, encoding="utf-8")
    for css in {c for run in bundles.made for c in run} - optional:
        (root / css).unlink()
    return bundles
