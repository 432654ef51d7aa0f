// @ts-check
// mkdocs-material's search only once the search box is first used (issue 19).
// Inlined into <head> by sitebuild/publish/postbuild.py, so it runs before material's bundle.
//
// On every page load material fetches search/search_index.json (XMLHttpRequest) and
// starts its search worker (lunr), competing with the rules engine for the network
// and the CPU of a phone before the first answer. Here the index request is sent,
// and the worker started, only when the player first touches the search: the box
// gets the focus (a tap, or material's keys «/», «s», «f») or its toggle is pressed.
// Material sees no difference but the timing: its request answers later, and its
// worker is a stand-in that starts the real one with the first message, which
// material sends once the index is there.
// A block, not a function: its parts stay out of the page's globals, each a function of its own.
{
  /**
   * The first use of the search: the box focused, or its toggle pressed.
   * @returns {{ used: () => boolean, wait: (fn: () => void) => void }}
   */
  const firstUseGate = function () {
    var QUERY = '[data-md-component="search-query"]';
    var TOGGLE = 'label[for="__search"]';
    var used = false;
    /** @type {(() => void)[]} */
    var waiting = [];
    function release() {
      if (used) return;
      used = true;
      var run = waiting;
      waiting = [];
      run.forEach(function (fn) { fn(); });
    }
    /** @param {Event} event */
    function onUse(event) {
      var target = /** @type {Element | null} */ (event.target instanceof Element ? event.target : null);
      if (target && (target.matches(QUERY) || target.closest(TOGGLE))) release();
    }
    document.addEventListener("focusin", onUse, true);
    document.addEventListener("pointerdown", onUse, true);
    document.addEventListener("click", onUse, true);
    return {
      used: function () { return used; },
      wait: function (fn) { waiting.push(fn); },
    };
  };

  /**
   * The index request: held until the search is used.
   * @param {{ used: () => boolean, wait: (fn: () => void) => void }} gate
   */
  const holdIndexRequest = function (gate) {
    var open = XMLHttpRequest.prototype.open;
    var send = XMLHttpRequest.prototype.send;
    var HELD = "rbSearchIndex";
    /** @this {XMLHttpRequest} */
    XMLHttpRequest.prototype.open = function (method, url) {
      var isIndex = false;
      try {
        isIndex = /\/search\/search_index\.json$/.test(new URL(String(url), window.location.href).pathname);
      } catch (err) {
        isIndex = false;
      }
      /** @type {any} */ (this)[HELD] = isIndex;
      return open.apply(this, /** @type {any} */ (arguments));
    };
    /** @this {XMLHttpRequest} */
    XMLHttpRequest.prototype.send = function () {
      var xhr = this;
      var args = arguments;
      if (gate.used() || !(/** @type {any} */ (xhr)[HELD])) return send.apply(xhr, /** @type {any} */ (args));
      gate.wait(function () { send.apply(xhr, /** @type {any} */ (args)); });
    };
  };

  /** The search worker: a stand-in that starts the real one with material's first message. */
  const lazySearchWorker = function () {
    var RealWorker = window.Worker;
    if (typeof RealWorker !== "function" || typeof EventTarget !== "function") return;
    /** @param {string | URL} url @param {WorkerOptions} [options] */
    function LazyWorker(url, options) {
      if (!/\/workers\/search\.[^/]*\.js$/.test(String(url))) return new RealWorker(url, options);
      var target = new EventTarget();
      /** @type {Worker | null} */
      var real = null;
      var stand = /** @type {any} */ (target);
      stand.postMessage = function (/** @type {any} */ message, /** @type {any} */ transfer) {
        if (!real) {
          real = new RealWorker(url, options);
          real.onmessage = function (e) { target.dispatchEvent(new MessageEvent("message", { data: e.data })); };
          real.onerror = function () { target.dispatchEvent(new Event("error")); };
        }
        real.postMessage(message, transfer);
      };
      stand.terminate = function () { if (real) real.terminate(); };
      return stand;
    }
    LazyWorker.prototype = RealWorker.prototype;
    /** @type {any} */ (window).Worker = LazyWorker;
  };

  const gate = firstUseGate();
  holdIndexRequest(gate);
  lazySearchWorker();
}
