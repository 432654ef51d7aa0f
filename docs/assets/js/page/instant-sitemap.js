// @ts-check
// Instant navigation from the very first page of a site built without site_url
// (as the README builds it). Inlined into <head> by sitebuild/publish/postbuild.py for
// such a build only, so it runs before mkdocs-material's bundle.
//
// Material follows a link without a page load only if sitemap.xml lists it.
// MkDocs cannot know the address of a site built without site_url, so its
// sitemap.xml lists nothing, and every link was a full page load that booted
// the engine again (6 s on the benchmark's phone). The service worker answers
// sitemap.xml with every stored page once it controls the page
// (sitebuild/publish/offline_sw.js); before that, on the first visit, this script
// answers material's one request for it: the pages of the site's own
// navigation, under the address the page was opened at. Material asks with
// XMLHttpRequest, so that request is sent to a local copy instead; every other
// request is left as it was.
(function () {
  var script = document.currentScript;
  // The site root, from where this page was built (postbuild writes it).
  var root = new URL((script && script.getAttribute("data-root")) || "./", window.location.href);
  var sitemap = new URL("sitemap.xml", root).href;
  var open = XMLHttpRequest.prototype.open;

  /** Every page the navigation links to, and the home page. */
  function pages() {
    var found = new Set([root.href]);
    document.querySelectorAll("a.md-nav__link[href], a.md-header__button[href]").forEach(function (a) {
      var url = new URL(/** @type {HTMLAnchorElement} */ (a).href);
      url.hash = url.search = "";
      if (url.href.indexOf(root.href) === 0) found.add(url.href);
    });
    return Array.from(found);
  }

  /** @param {string} url */
  function escape(url) {
    return url.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  }

  /**
   * @this {XMLHttpRequest} @param {string} method @param {string | URL} url
   * @param {boolean} [async] @param {string | null} [user] @param {string | null} [password]
   */
  function openWithSitemap(method, url, async, user, password) {
    try {
      var controlled = navigator.serviceWorker && navigator.serviceWorker.controller;
      if (!controlled && String(method).toUpperCase() === "GET" && new URL(String(url), window.location.href).href === sitemap) {
        // Only material reads this copy (by element names): no namespace needed.
        var xml = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset>\n'
          + pages().map(function (p) { return "<url><loc>" + escape(p) + "</loc></url>\n"; }).join("")
          + "</urlset>\n";
        url = URL.createObjectURL(new Blob([xml], { type: "application/xml" }));
      }
    } catch (err) {
      // the request as it was
    }
    // open(method, url) is open(method, url, true, null, null): undefined takes the default.
    return open.call(this, method, url, async === undefined ? true : async, user, password);
  }
  XMLHttpRequest.prototype.open = openWithSitemap;
})();
