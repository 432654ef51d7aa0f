// Inlined into every page's <head> by sitebuild/offline.py, right after
// <meta name="rules-runtime">: starts the rules engine's worker while the page
// is still being parsed, so Python boots next to the page's own loading instead
// of after it (on a phone that is about a second earlier).
//
// engine-client.js is the one client of the worker: it adopts this worker with
// its messages so far (window.rbEngineBoot.adopt()), and its retry() starts a
// new one with window.rbEngineBoot.start(). The worker's URL carries the
// runtime: worker.mjs?path=314.0.7/&package=rules-pkg&stdlib=python_stdlib.trim-<hash>.zip
//
// start() returns {worker, messages, errors} or {failure: "runtime" | "worker"}.
(function () {
  var script = document.currentScript;
  var workerURL = null;
  try {
    workerURL = new URL(script.getAttribute("data-worker"), document.baseURI).href;
  } catch (err) {
    workerURL = null;
  }

  function runtime() {
    var meta = document.querySelector('meta[name="rules-runtime"]');
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

  function start() {
    var info = runtime();
    if (!info || !workerURL) return { failure: "runtime" };
    if (typeof Worker === "undefined") return { failure: "worker" };
    var url = new URL(workerURL);
    url.searchParams.set("path", info.path);
    url.searchParams.set("package", info.package);
    url.searchParams.set("stdlib", info.stdlib);
    var boot = { worker: null, messages: [], errors: [] };
    try {
      boot.worker = new Worker(url.href, { type: "module" });
    } catch (err) {
      return { failure: "worker" };
    }
    // Until engine-client.js takes over: keep what the worker says.
    boot.worker.onmessage = function (event) {
      boot.messages.push(event);
    };
    boot.worker.onerror = function (event) {
      event.preventDefault();
      boot.errors.push(event);
    };
    boot.worker.onmessageerror = function (event) {
      boot.errors.push(event);
    };
    return boot;
  }

  var early = start();
  window.rbEngineBoot = {
    start: start,
    // The worker started with the page, once; later calls start a new one.
    adopt: function () {
      var boot = early;
      early = null;
      return boot || start();
    },
  };
})();
