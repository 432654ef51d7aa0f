// The page side of the rules engine: ONE module worker per page lifetime.
//
// An ES module is evaluated once per document, so this file is a singleton:
// the worker starts when the module loads and survives mkdocs-material's
// instant navigation (which swaps the page content, not the document).
//
//   call(request)   -> Promise<response>   (the JSON API of rules_pkg.api)
//   subscribe(fn)   -> unsubscribe         fn({state, stage, text}) now and on change;
//                                          state is "loading" | "ready" | "failed"
//   retry()                                after "failed": start a new worker
//
// No polling, no timers: everything is driven by worker messages.

const listeners = new Set();
let status = { state: "loading", stage: "start", text: "Загрузка правил…" };
let worker = null;
let ready = null;
let nextId = 1;
const pending = new Map(); // id -> {resolve, reject}

function setStatus(next) {
  status = Object.freeze({ ...next });
  for (const fn of [...listeners]) {
    try {
      fn(status);
    } catch (err) {
      console.error(err);
    }
  }
}

function runtime() {
  const meta = document.querySelector('meta[name="rules-runtime"]');
  if (!meta) return null;
  try {
    const info = JSON.parse(meta.content);
    return typeof info.path === "string" && typeof info.package === "string" ? info : null;
  } catch {
    return null;
  }
}

function start() {
  let resolveReady;
  let rejectReady;
  ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => {}); // a failure is reported through the status, too

  const fail = (message) => {
    if (status.state === "failed") return;
    setStatus({ state: "failed", stage: "failed", text: message });
    rejectReady(new Error(message));
    for (const { reject } of pending.values()) reject(new Error(message));
    pending.clear();
    if (worker) worker.terminate();
    worker = null;
  };

  setStatus({ state: "loading", stage: "start", text: "Загрузка правил…" });
  const info = runtime();
  if (!info) {
    fail("Движок правил не загрузился: на странице нет сведений о среде Python. Текст правил доступен.");
    return;
  }
  if (typeof Worker === "undefined") {
    fail("Этот браузер не умеет запускать расчёт в фоне (нет Web Worker). Текст правил доступен.");
    return;
  }
  const url = new URL("../engine/worker.mjs", import.meta.url);
  url.searchParams.set("path", info.path);
  url.searchParams.set("package", info.package);
  try {
    worker = new Worker(url, { type: "module" });
  } catch (err) {
    fail("Этот браузер не смог запустить движок правил. Текст правил доступен.");
    return;
  }

  worker.onmessage = (event) => {
    const { id, type, data } = event.data || {};
    if (type === "result") {
      const entry = pending.get(id);
      if (!entry) return;
      pending.delete(id);
      entry.resolve(data);
    } else if (type === "progress") {
      setStatus({ state: "loading", stage: data.stage, text: data.text });
    } else if (type === "ready") {
      setStatus({ state: "ready", stage: "ready", text: "Правила загружены" });
      resolveReady();
    } else if (type === "failed") {
      fail(data && data.message ? data.message : "Движок правил не загрузился.");
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    fail("Движок правил не загрузился: не удалось запустить фоновый расчёт. Проверьте связь и обновите страницу.");
  };
  worker.onmessageerror = () => {
    fail("Движок правил прислал непонятный ответ. Обновите страницу.");
  };
}

export function call(request) {
  return ready.then(
    () =>
      new Promise((resolve, reject) => {
        if (!worker) {
          reject(new Error(status.text));
          return;
        }
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, type: "call", data: request });
      }),
  );
}

export function subscribe(fn) {
  listeners.add(fn);
  fn(status);
  return () => listeners.delete(fn);
}

export function getStatus() {
  return status;
}

export function retry() {
  if (status.state !== "failed") return;
  start();
}

start();
