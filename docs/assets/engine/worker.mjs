// @ts-check
// Module Web Worker: boots the self-hosted Pyodide, loads the rules engine
// wheel and answers JSON requests through rules_pkg.api.handle_json.
//
// Protocol (ARCHITECTURE.md, "Worker protocol"):
//   page -> worker  {id, type: "call", data: request}
//   worker -> page  {id, type: "result", data: response}
//                   {type: "progress", data: {stage, loaded, total, text}}
//                   {type: "ready", data: {boot: "snapshot" | "normal", ms}}
//                   {type: "failed", data: {message}}
// Only JSON strings cross into Python and back: no Pyodide proxy ever leaves
// this file.
//
// The worker URL carries the runtime:
//   worker.mjs?path=314.0.7/&package=rules-pkg&stdlib=python_stdlib.trim-<hash>.zip
// (engine-client.js reads them from <meta name="rules-runtime">; stdlib is the
// standard library trimmed to what the engine needs, sitebuild/stdlib_trim.py). Pyodide is
// served from <site root>/pyodide/<path>, found relative to this file, so the
// site works under any base path and nothing comes from another host.
//
// Two ways to boot (snapshot.mjs next to this file keeps the snapshot):
//   snapshot  a memory snapshot of the interpreter with the engine imported, made
//             on this device after an earlier visit's first answer, restored:
//             loadPyodide({_loadSnapshot}); the wheel's files are unpacked again
//             (the file system is not in the snapshot).
//   normal    loadPyodide({_makeSnapshot}), the wheel (named and hashed by
//             pyodide-lock.json) unpacked into site-packages with unpackArchive
//             (loadPackage would leave JS references that forbid a snapshot),
//             import rules_pkg.api. Once the first answer is out and no call came
//             for a while, the snapshot is made and stored.
// A snapshot that is missing, of another version, corrupt or fails to restore
// means a normal boot (a bad one is deleted first); storage that is refused
// means no snapshot. The page sees no difference but `ready.boot`.
import * as snapshots from "./snapshot.mjs";

const params = new URL(self.location.href).searchParams;
const runtimePath = params.get("path") || "";
const packageName = params.get("package") || "";
const stdlibName = params.get("stdlib") || "";
// A call-free pause after an answer before the snapshot is made (it blocks
// the interpreter for some tens of milliseconds).
const SNAPSHOT_IDLE_MS = 1500;

let pyodide = null;
let handleJson = null; // PyProxy of rules_pkg.api.handle_json, kept for the worker's lifetime
let bootPath = "normal";
let snapshotKey = null; // set when this boot may store a snapshot

class BootError extends Error {}

// ------------------------------------------------------------------ progress

const PROGRESS_EVERY_MS = 100;
const bytes = { loaded: 0, total: 0 };
let stage = { stage: "start", text: "Загрузка правил…" };
let lastProgress = 0;
let booting = true; // no progress after "ready" or "failed"
let wasmBytes = 0;

function runtimeLoaded() {
  bytes.loaded += wasmBytes;
  wasmBytes = 0;
}

function progress(next, force = true) {
  if (!booting) return;
  if (next) stage = next;
  const now = performance.now();
  if (!force && now - lastProgress < PROGRESS_EVERY_MS) return;
  lastProgress = now;
  self.postMessage({
    type: "progress",
    data: { stage: stage.stage, loaded: bytes.loaded, total: Math.max(bytes.total, bytes.loaded), text: stage.text },
  });
}

// Counts the bytes of a response body as they arrive, on a clone: the real
// Response goes to Pyodide untouched. Not for the WebAssembly binary: a clone of
// it made the streaming compilation slower (cold visit, headless Chromium:
// median 2.6 s to ready with it, 2.1 s without, 12 visits each); its
// Content-Length counts at once instead. Content-Length is the total only for
// an unencoded body; an encoded one adds its decoded bytes as they come.
function count(response, name) {
  if (!response.body) return;
  const length = Number(response.headers.get("Content-Length"));
  const encoded = (response.headers.get("Content-Encoding") || "identity") !== "identity";
  if (name.endsWith(".wasm")) {
    if (length > 0) {
      bytes.total += length;
      wasmBytes += length; // loaded once loadPyodide has it compiled (runtimeLoaded)
    }
    return;
  }
  if (length > 0 && !encoded) bytes.total += length;
  const reader = response.clone().body.getReader();
  const pump = () => reader.read().then(({ done, value }) => {
    if (done) return;
    bytes.loaded += value.byteLength;
    if (encoded || !(length > 0)) bytes.total += value.byteLength;
    progress(null, false);
    return pump();
  });
  pump().catch(() => {});
}

// ------------------------------------------------------------------ fetches

// Pyodide does not always give up when a download fails (an aborted wasm
// download leaves loadPyodide pending forever), so the worker watches its own
// fetches: a failed one ends the boot at once with a clear message. A slow
// download is not a failure: no timer here.
let reportFetchFailure;
const fetchFailure = new Promise((_, reject) => {
  reportFetchFailure = reject;
});
fetchFailure.catch(() => {});
// After a failed download Pyodide's own promises reject with nobody
// listening; the page already has the Russian message, so only log them.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  console.warn("rules worker:", event.reason);
});
const realFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input instanceof Request ? input.url : String(input);
  const name = decodeURIComponent(new URL(url, self.location.href).pathname.split("/").pop() || url);
  let response;
  try {
    response = await realFetch(input, init);
  } catch (err) {
    reportFetchFailure(new BootError(`не удалось скачать ${name}: нет связи с сервером.`));
    throw err;
  }
  if (!response.ok) {
    reportFetchFailure(new BootError(`не удалось скачать ${name} (ответ сервера ${response.status}).`));
  } else {
    count(response, name);
  }
  return response; // the real Response: streaming compilation and its code cache stay intact
};

// ------------------------------------------------------------------ boot

// The wheel's name and sha256 from the bundle's lock file (sitebuild/runtime.py).
async function wheelOf(indexURL) {
  const lock = await (await fetch(`${indexURL}pyodide-lock.json`)).json();
  const entry = lock && lock.packages && lock.packages[packageName];
  if (!entry || typeof entry.file_name !== "string" || typeof entry.sha256 !== "string") {
    throw new BootError(`в pyodide-lock.json нет пакета ${packageName}.`);
  }
  return { url: `${indexURL}${entry.file_name}`, sha256: entry.sha256 };
}

async function wheelBytes(wheel) {
  const data = await (await fetch(wheel.url)).arrayBuffer();
  if ((await snapshots.sha256(data)) !== wheel.sha256) {
    throw new BootError("файл правил повреждён (не сходится контрольная сумма).");
  }
  return data;
}

function options(indexURL, extra) {
  return {
    indexURL,
    lockFileURL: `${indexURL}pyodide-lock.json`,
    // The full python_stdlib.zip is not shipped: only what the engine imports.
    stdLibURL: `${indexURL}${stdlibName}`,
    // Also Pyodide's fallback "CDN" for packages: without it that would be
    // a public CDN. Every file comes from this site.
    packageBaseUrl: indexURL,
    stdout: () => {},
    stderr: () => {},
    ...extra,
  };
}

function installEngine(interpreter, wheel) {
  interpreter.unpackArchive(wheel, "wheel"); // into site-packages
  // Both proxies live as long as the worker; the attribute is borrowed
  // from the module proxy, so the module proxy is never destroyed.
  return interpreter.pyimport("rules_pkg.api").handle_json;
}

async function boot() {
  if (!/^[\w.-]+\/$/.test(runtimePath) || !packageName || !/^python_stdlib\.trim-[0-9a-f]{12}\.zip$/.test(stdlibName)) {
    throw new BootError("страница не сообщила, где лежит среда для расчёта (нет метаданных rules-runtime).");
  }
  const indexURL = new URL(`../../pyodide/${runtimePath}`, self.location.href).href;
  const started = performance.now();

  progress({ stage: "runtime", text: "Загрузка среды для расчёта…" });
  const wheel = wheelOf(indexURL);
  const wheelData = wheel.then(wheelBytes);
  wheelData.catch(() => {});
  const key = wheel.then((w) => snapshots.keyOf(runtimePath, stdlibName, w.sha256));
  key.catch(() => {});
  const stored = snapshots.read(key).catch(() => null);
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(`${indexURL}pyodide.mjs`));
  } catch (err) {
    throw new BootError("не удалось скачать среду для расчёта (pyodide.mjs): нет связи с сервером.");
  }

  const snapshot = await stored;
  if (snapshot) {
    progress({ stage: "snapshot", text: "Восстановление сохранённого движка правил…" });
    try {
      const restored = await loadPyodide(options(indexURL, { _loadSnapshot: snapshot.bytes }));
      runtimeLoaded();
      progress({ stage: "restored", text: "Загрузка правил…" });
      handleJson = installEngine(restored, await wheelData);
      pyodide = restored;
      bootPath = "snapshot";
    } catch (err) {
      console.warn("rules worker: the stored snapshot was not restored, booting normally:", err);
      handleJson = null;
      await snapshots.remove();
    }
  }
  if (!pyodide) {
    const canStore = await snapshots.available();
    try {
      pyodide = await loadPyodide(options(indexURL, canStore ? { _makeSnapshot: true } : {}));
    } catch (err) {
      throw new BootError("не удалось запустить среду для расчёта: " + shortMessage(err));
    }
    runtimeLoaded();
    progress({ stage: "rules", text: "Загрузка правил…" });
    try {
      handleJson = installEngine(pyodide, await wheelData);
    } catch (err) {
      console.error(err);
      throw err instanceof BootError ? err : new BootError("не удалось загрузить правила: " + shortMessage(err));
    }
    if (canStore) snapshotKey = await key.catch(() => null);
  }
  progress({ stage: "done", text: "Готово" });
  return performance.now() - started;
}

// ------------------------------------------------------------------ the snapshot, after an answer

let snapshotTimer = null;

// Re-armed by every call: the snapshot waits for a pause after the first answer.
function scheduleSnapshot() {
  if (!snapshotKey) return;
  clearTimeout(snapshotTimer);
  snapshotTimer = setTimeout(storeSnapshot, SNAPSHOT_IDLE_MS);
}

async function storeSnapshot() {
  const key = snapshotKey;
  snapshotKey = null; // once per worker, whatever happens
  try {
    pyodide.runPython("import rules_pkg.games\nrules_pkg.games.load_all()");
    await snapshots.write(key, pyodide.makeMemorySnapshot());
  } catch (err) {
    console.warn("rules worker: no snapshot stored:", err);
  }
}

function shortMessage(err) {
  const text = String((err && err.message) || err || "неизвестная ошибка");
  // A Python traceback is for developers: keep its "SomethingError: ..." line.
  const lines = text.trim().split("\n").map((l) => l.trim()).filter(Boolean);
  const pyError = lines.filter((l) => /^[A-Za-z_.]*(Error|Exception)\b/.test(l)).pop();
  return (pyError || lines[0] || "неизвестная ошибка").slice(0, 300);
}

// Calls may arrive before the engine is ready: they wait for it.
const ready = Promise.race([boot(), fetchFailure]).then(
  (ms) => {
    booting = false;
    self.postMessage({ type: "ready", data: { boot: bootPath, ms: Math.round(ms) } });
    return true;
  },
  (err) => {
    booting = false;
    const message = err instanceof BootError ? err.message : "непредвиденная ошибка: " + shortMessage(err);
    self.postMessage({
      type: "failed",
      data: { message: `Движок правил не загрузился: ${message} Текст правил на странице доступен.` },
    });
    return false;
  },
);

self.onmessage = async (event) => {
  const msg = event.data || {};
  if (msg.type !== "call") return;
  clearTimeout(snapshotTimer);
  let data;
  if (!(await ready)) {
    data = engineError("Движок правил не загрузился: расчёт недоступен.");
  } else {
    try {
      data = JSON.parse(handleJson(JSON.stringify(msg.data)));
    } catch (err) {
      console.error(err);
      data = engineError("Внутренняя ошибка движка правил. Попробуйте ещё раз или обновите страницу.");
    }
  }
  self.postMessage({ id: msg.id, type: "result", data });
  scheduleSnapshot();
};

function engineError(message) {
  return { ok: false, error: { code: "internal", message, field: null } };
}
