// @ts-check
// The page chrome's part that tools.js mounts on every page shown (each
// document$ emission of instant navigation): the rules-and-tools layout
// (layout.js: the phone's «Правила»/«Счёт» tab bar, the tools' column) and
// the share button of a clause that is the page's target (clause-share.js),
// and taps on chips and check boxes that never scroll (lib/tap-still.js).
// Returns the layout's teardown. The rest of the chrome is loaded by the page
// itself: offline.js, glossary.js, search-input.js, search-highlight.js and page-a11y.js
// (mkdocs.yml extra_javascript), and the scripts postbuild.py inlines in
// <head> (early-anchors.js, search-lazy.js, instant-sitemap.js).

import { mountClauseShare } from "./clause-share.js";
import { mountLayout } from "./layout.js";
import { keepTapsStill } from "../lib/tap-still.js";

/** @returns {() => void} the layout's teardown */
export function mountPage() {
  const dispose = mountLayout();
  mountClauseShare();
  keepTapsStill(); // a tap on a chip or a check box never scrolls the page (lib/tap-still.js)
  return dispose;
}
