// @ts-check
// Inlined into every page's <head> by sitebuild/publish/offline.py, right after
// <meta name="rules-runtime">: starts the rules engine's worker while the page
// is still being parsed, so Python boots next to the page's own loading instead
// of after it (on a phone that is about a second earlier).
//
// engine-client.js is the one client of the worker: it adopts this worker with
// its messages so far (window.rbEngineBoot.adopt()), and its retry() starts a
// new one with window.rbEngineBoot.start(). The worker's URL carries the
// runtime: worker.mjs?path=314.0.7/&package=rules-pkg&stdlib=python_stdlib.trim-<hash>.zip&wasm=<bytes>
// and, when the site has the MicroPython first answer, &mp=<hash>/ (its folder under micropython/),
// and &save=1 when the browser's data saver is on.
//
// start() returns {worker, messages, errors} or {failure: "runtime" | "worker"}.
// On a page marked data-rb-engine="later" nothing starts here: adopt() starts it.
// A classic script, not a module (it runs before the page's modules): types
// come in as import("../lib/types.js") expressions, no top-level declarations (a block).
// A block, not a function: its parts stay out of the page's globals, each a function of its own.
{
  /** The worker's address from the script's data-worker, or null.
   * @param {HTMLOrSVGScriptElement | null} script @returns {string | null} */
  const workerAddress = function (script) {
    var workerAttr = script ? script.getAttribute("data-worker") : null;
    try {
      return workerAttr ? new URL(workerAttr, document.baseURI).href : null;
    } catch (err) {
      return null;
    }
  };

  /** @returns {{ path: string, package: string, stdlib: string, wasm?: number, mp?: string } | null} */
  const runtime = function () {
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
  };

  /** Until engine-client.js takes over: keep what the worker says.
   * @param {Worker} worker @returns {import("../lib/types.js").StartedEngine} */
  const keptMessages = function (worker) {
    /** @type {import("../lib/types.js").StartedEngine} */
    var boot = { worker: worker, messages: [], errors: [] };
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
  };

  const script = document.currentScript;
  const workerURL = workerAddress(script);

  /** @returns {import("../lib/types.js").EngineBoot} */
  const start = function () {
    var info = runtime();
    if (!info || !workerURL) return { failure: "runtime" };
    if (typeof Worker === "undefined") return { failure: "worker" };
    var url = new URL(workerURL);
    url.searchParams.set("path", info.path);
    url.searchParams.set("package", info.package);
    url.searchParams.set("stdlib", info.stdlib);
    if (typeof info.wasm === "number") url.searchParams.set("wasm", String(info.wasm));
    if (typeof info.mp === "string") url.searchParams.set("mp", info.mp);
    // The data saver on (Save-Data): MicroPython answers, Pyodide's 5 MB only when a call needs them.
    var connection = /** @type {{ connection?: { saveData?: boolean } }} */ (/** @type {unknown} */ (navigator)).connection;
    if (connection && connection.saveData === true) url.searchParams.set("save", "1");
    try {
      return keptMessages(new Worker(url.href, { type: "module" }));
    } catch (err) {
      return { failure: "worker" };
    }
  };

  // A page without a tool that asks the engine (the glossary, «Пункты правил»: the
  // build marks it data-rb-engine="later") starts it once the page is idle
  // (engine-client.js): the text first on a weak signal.
  const later = script ? script.getAttribute("data-rb-engine") === "later" : false;
  /** @type {import("../lib/types.js").EngineBoot | null} */
  let early = later ? null : start();
  /** @type {import("../lib/types.js").SiteWindow} */ (window).rbEngineBoot = {
    start: start,
    later: later,
    // The worker started with the page, once; later calls start a new one.
    adopt: function () {
      var boot = early;
      early = null;
      return boot || start();
    },
  };
}
