// @ts-check
// Inlined into every page's <head> by sitebuild/postbuild.py, so it runs BEFORE
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
  /** @type {import("./types.js").SiteWindow} */ (window).rbPageShown = function () {
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
