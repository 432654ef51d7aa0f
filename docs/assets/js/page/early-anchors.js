// @ts-check
// Inlined into every page's <head> by sitebuild/publish/postbuild.py, so it runs BEFORE
// mkdocs-material's bundle and its listeners come first.
//
// Same-page anchors ("#kovboy-rule-4", the table of contents) stay plain
// browser fragment navigation. mkdocs-material 9.8's instant navigation feeds
// every internal link click and every popstate into its location$ stream, and
// the first emission always refetches the page and swaps the content, even
// when only the hash changed: a tapped clause link would wipe a calculator
// result, and with no signal the refetch fails into a full page load.
// Material still closes its drawer on the hashchange. Navigation between
// pages is left to Material untouched.
(function () {
  var shownPath = window.location.pathname;

  // tools.js calls this after each page is shown (document$ emission).
  /** @type {import("../lib/types.js").SiteWindow} */ (window).rbPageShown = function () {
    shownPath = window.location.pathname;
  };

  /** @param {URL} url */
  function samePage(url) {
    var here = window.location;
    return url.origin === here.origin && url.pathname === here.pathname && url.search === here.search;
  }

  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    var link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    // An <a> in SVG has an SVGAnimatedString href, not a URL: not a same-page anchor.
    if (!(link instanceof HTMLAnchorElement) || link.target) return;
    var url = new URL(link.href, window.location.href);
    if (url.hash && samePage(url)) event.stopPropagation();
  }, true);

  window.addEventListener("popstate", function (event) {
    if (window.location.pathname !== shownPath) return; // another page: Material's job
    event.stopImmediatePropagation();
    if (history.scrollRestoration !== "manual") return; // the browser restores the scroll itself
    var target = null;
    try {
      var id = decodeURIComponent(window.location.hash.slice(1));
      target = id ? document.getElementById(id) : null;
    } catch (err) {
      target = null;
    }
    if (target) target.scrollIntoView();
    else if (history.state && typeof history.state.y === "number") window.scrollTo(0, history.state.y);
  });
})();

// The rules and the tools side by side from the first paint (layout.css,
// layout.js): a game page's calculator and scorekeeper are put into their
// column (aside.rb-split-tools) while the page is still being parsed. A
// MutationObserver's callback runs before the browser paints what the parser
// added; and until the article shows whether the page has such tools (they
// come right after its title and lead), the page is not painted at all: the
// header and the sidebars, parsed before the article, are drawn in the
// split page's widths or the plain page's (a render-blocking `expect` link,
// taken away then; the end of parsing takes it away too). The split made
// after the first paint moved the whole page (layout shift 0.07-0.12 on every
// game page, issue 26). layout.js calls window.rbSplitTools for a page shown
// by instant navigation and takes the column from there.
// A block, not a function: its parts stay out of the page's globals, each a function of its own.
{
  const TOOLS = ':scope > [data-rb-tool="calculator"], :scope > [data-rb-tool="scorekeeper"]';
  const TAB_KEY = "rules-site:tab:";

  /** The tab a phone shows first: the tab of the tool the address names
   * (#rb-calculator-kovboy: «Калькулятор», any other tool «Счёт»), else the one
   * the reader left this page on (layout-core.js storedTab, the same choice). */
  const savedTab = function () {
    var named = /^#rb-([a-z]+)-/.exec(window.location.hash);
    if (named) return named[1] === "calculator" ? "calculator" : "tools";
    try {
      var kept = window.sessionStorage.getItem(TAB_KEY + window.location.pathname);
      return kept === "tools" || kept === "calculator" ? kept : "rules";
    } catch (err) {
      return "rules";
    }
  };

  /** After a reload on «Счёт», the page is as tall as it was from the start
   * (layout.js holds it so until the saved match is drawn, holdAt): with only
   * the tools shown, a shorter page clamped the scroll the browser restores. */
  const keepHeight = function () {
    try {
      var kept = JSON.parse(window.sessionStorage.getItem("rules-site:tab-top:" + window.location.pathname) || "null");
      var height = kept && typeof kept.height === "number" && isFinite(kept.height) ? Math.min(kept.height, 1e6) : 0;
      if (height > 0) document.documentElement.style.minHeight = Math.round(height) + "px";
    } catch (err) {
      /* the page's own height */
    }
  };

  /** Whether the reader left the tool `id` open on this device (tools.js rememberPanel keeps it).
   * @param {string} id */
  const leftOpen = function (id) {
    try {
      return window.localStorage.getItem("rules-site:panel:" + id) === "open";
    } catch (err) {
      return false;
    }
  };

  /** The tools' column of a page's article, made or completed; null on a page without such tools.
   * @param {Element} article .md-content__inner @returns {HTMLElement | null} */
  const splitTools = function (article) {
    var aside = /** @type {HTMLElement | null} */ (article.querySelector(":scope > .rb-split-tools"));
    var tools = article.querySelectorAll(TOOLS);
    if (!aside && !tools.length) return null;
    if (!aside) {
      aside = document.createElement("aside");
      aside.className = "rb-split-tools";
      aside.setAttribute("aria-label", "Калькулятор и счёт");
      tools[0].before(aside);
      article.classList.add("rb-has-split");
      article.setAttribute("data-rb-tab", savedTab());
      if (savedTab() !== "rules") keepHeight();
    }
    document.body.classList.add("rb-split-page");
    for (var i = 0; i < tools.length; i++) {
      aside.append(tools[i]);
      // The tool a link names (#rb-calculator-kovboy), and one the reader left open on
      // this device (tools.js rememberPanel), is open from the first paint: opened later,
      // it pushed the tool below it down (fragment-target.js; the walk: the calculator
      // over the match, a layout shift of 0.034–0.043 after a reload at 1280×800).
      if ("#" + tools[i].id === window.location.hash || leftOpen(tools[i].id)) /** @type {HTMLDetailsElement} */ (tools[i]).open = true;
    }
    return aside;
  };
  /** @type {any} */ (window).rbSplitTools = splitTools;

  // Not an element's id: the link holds the first paint until it is removed.
  const hold = document.createElement("link");
  hold.rel = "expect";
  hold.href = "#rb-layout-known";
  hold.setAttribute("blocking", "render");
  document.head.append(hold);

  /** Whether the article is parsed past the place of the tools (after its title and lead).
   * @param {Element} article */
  const toolsKnown = function (article) {
    for (var el = article.firstElementChild; el; el = el.nextElementSibling) {
      if (!el.matches("h1, .rb-lead, .rb-split-tools, [data-rb-tool]")) return true;
    }
    return false;
  };

  const split = function () {
    var article = document.querySelector(".md-content__inner");
    if (!article) return;
    splitTools(article);
    if (toolsKnown(article)) hold.remove();
  };
  const parsing = new MutationObserver(split);
  parsing.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", function () {
    parsing.disconnect();
    split();
    hold.remove();
  }, { once: true });
}
