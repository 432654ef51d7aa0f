// @ts-check
// Inlined into every page's <head> by sitebuild/offline.py, right after
// <meta name="rules-runtime">: starts the rules engine's worker while the page
// is still being parsed, so Python boots next to the page's own loading instead
// of after it (on a phone that is about a second earlier).
//
// engine-client.js is the one client of the worker: it adopts this worker with
// its messages so far (window.rbEngineBoot.adopt()), and its retry() starts a
// new one with window.rbEngineBoot.start(). The worker's URL carries the
// runtime: worker.mjs?path=314.0.7/&package=rules-pkg&stdlib=python_stdlib.trim-<hash>.zip&wasm=<bytes>
//
// start() returns {worker, messages, errors} or {failure: "runtime" | "worker"}.
// On a page marked data-rb-engine="later" nothing starts here: adopt() starts it.
// A classic script, not a module (it runs before the page's modules): types
// come in as import("./types.js") expressions, no top-level declarations.
(function () {
  var script = document.currentScript;
  var workerAttr = script ? script.getAttribute("data-worker") : null;
  /** @type {string | null} */
  var workerURL = null;
  try {
    workerURL = workerAttr ? new URL(workerAttr, document.baseURI).href : null;
  } catch (err) {
    workerURL = null;
  }

  /** @returns {{ path: string, package: string, stdlib: string, wasm?: number } | null} */
  function runtime() {
    var meta = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="rules-runtime"]'));
    if (!meta) return null;
    try {
      var info = JSON.parse(meta.content);
      var ok = info && typeof info.path === "string" && typeof info.package === "string" &&
        typeof info.stdlib === "string";
      return ok ? info : null;
    } catch (err) {
      return null;
    }
  }

  /** @returns {import("./types.js").EngineBoot} */
  function start() {
    var info = runtime();
    if (!info || !workerURL) return { failure: "runtime" };
    if (typeof Worker === "undefined") return { failure: "worker" };
    var url = new URL(workerURL);
    url.searchParams.set("path", info.path);
    url.searchParams.set("package", info.package);
    url.searchParams.set("stdlib", info.stdlib);
    if (typeof info.wasm === "number") url.searchParams.set("wasm", String(info.wasm));
    /** @type {Worker} */
    var worker;
    try {
      worker = new Worker(url.href, { type: "module" });
    } catch (err) {
      return { failure: "worker" };
    }
    /** @type {import("./types.js").StartedEngine} */
    var boot = { worker: worker, messages: [], errors: [] };
    // Until engine-client.js takes over: keep what the worker says.
    worker.onmessage = function (event) {
      boot.messages.push(event);
    };
    worker.onerror = function (event) {
      event.preventDefault();
      boot.errors.push(event);
    };
    worker.onmessageerror = function (event) {
      boot.errors.push(event);
    };
    return boot;
  }

  // A page without a tool that asks the engine (the glossary, «Пункты правил»: the
  // build marks it data-rb-engine="later") starts it once the page is idle
  // (engine-client.js): the text first on a weak signal.
  var later = script ? script.getAttribute("data-rb-engine") === "later" : false;
  /** @type {import("./types.js").EngineBoot | null} */
  var early = later ? null : start();
  /** @type {import("./types.js").SiteWindow} */ (window).rbEngineBoot = {
    start: start,
    later: later,
    // The worker started with the page, once; later calls start a new one.
    adopt: function () {
      var boot = early;
      early = null;
      return boot || start();
    },
  };
})();
