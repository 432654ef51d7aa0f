// @ts-check
// Module Web Worker: boots the self-hosted Pyodide, loads the rules engine
// wheel and answers JSON requests through rules_pkg.api.handle_json.
//
// Protocol: protocol.mjs next to this file (the message kinds, their payloads,
// a builder for each and a guard), shared with the page's engine-client.js.
// Only JSON strings cross into Python and back: no Pyodide proxy ever leaves
// this file.
//
// The worker URL carries the runtime:
//   worker.mjs?path=314.0.7/&package=rules-pkg&stdlib=python_stdlib.trim-<hash>.zip&wasm=<bytes>
// (engine-client.js reads them from <meta name="rules-runtime">; stdlib is the
// standard library trimmed to what the engine needs, sitebuild/runtime/stdlib_trim.py; wasm the
// decoded size of pyodide.asm.wasm, for the progress). Pyodide is
// served from <site root>/pyodide/<path>, found relative to this file, so the
// site works under any base path and nothing comes from another host.
//
// Two ways to boot (snapshot.mjs next to this file keeps the snapshot):
//   snapshot  a memory snapshot of the interpreter with every module of the
//             engine imported, made on this device after an earlier visit's first
//             answer, restored: loadPyodide({_loadSnapshot}), and the engine answers
//             at once. The file system is not in the snapshot: the wheel's files are
//             unpacked again only once the worker is idle after its first answer
//             (nothing the engine runs reads them then; afterwards the interpreter
//             is as after a normal boot). On the emulated phone the wheel's
//             download and unpacking took 0.23-0.28 s before the first answer.
//   normal    loadPyodide({_makeSnapshot}), the wheel (named and hashed by
//             pyodide-lock.json) unpacked into site-packages with unpackArchive
//             (loadPackage would leave JS references that forbid a snapshot),
//             import rules_pkg.api. Once the first answer is out and no call came
//             for a while, every module of the engine is imported and the
//             snapshot is made and stored.
// A snapshot that is missing, of another version, corrupt or fails to restore
// means a normal boot (a bad one is deleted first); storage that is refused
// means no snapshot. The page sees no difference but `ready.boot`.
//
// The MicroPython first answer (issue 28 § 1): with &mp=<hash>/ in its URL the worker
// also boots MicroPython and the engine's MicroPython copy from
// <site root>/micropython/<hash>/ (micropython-boot.mjs) at once, and Pyodide once
// its download no longer delays MicroPython's first answer (first-answer.mjs pyodideGate).
// Whichever is ready first answers (first-answer.mjs answeringRuntime): MicroPython
// sends `ready` with boot "micropython", Pyodide a second `ready` with its own boot
// when it takes over, and from then on answers everything. A request first-answer.mjs
// calls slow for MicroPython waits for Pyodide. Each call is answered once, by one
// runtime; a match continues across the hand-over because its state travels in every
// request (rules_pkg/match.py REPLAYS only spares a replay). MicroPython's failure is
// only logged (Pyodide answers); Pyodide's is reported only when MicroPython cannot
// answer either, and then slow requests are refused.
import * as snapshots from "./snapshot.mjs";
import {
  TO_WORKER, asCallMessage, failedMessage, progressMessage, readyMessage, resultMessage,
} from "./protocol.mjs";
import { BOOT_MICROPYTHON, answeringRuntime, pyodideGate, slowForMicroPython } from "./first-answer.mjs";
import { bootMicroPython } from "./micropython-boot.mjs";

const params = new URL(self.location.href).searchParams;
const runtimePath = params.get("path") || "";
const packageName = params.get("package") || "";
const stdlibName = params.get("stdlib") || "";
const mpFolder = params.get("mp") || "";
// MicroPython's folder (sitebuild/micropython/site_bundle.py), or "" when the page has none.
const micropythonURL = /^[0-9a-f]{12}\/$/.test(mpFolder)
  ? new URL(`../../micropython/${mpFolder}`, self.location.href).href : "";
// A call-free pause after an answer before the snapshot is made (it blocks
// the interpreter for some tens of milliseconds).
const SNAPSHOT_IDLE_MS = 1500;
// The warm-up (warmUp below): how many of rules_pkg.warmup's requests, answered
// this many per task so that a call waits for one slice at most (about 10 ms on
// the desktop; four times that expected on the emulated phone, not measured). 1,500 requests (3 s on the desktop)
// made Chromium 156 cache the optimized module; 400 ms of requests did not.
const WARM_REQUESTS = 1500;
const WARM_SLICE = 5;

let pyodide = null;
let handleJson = null; // PyProxy of rules_pkg.api.handle_json, kept for the worker's lifetime
let bootPath = "normal";
let snapshotKey = null; // set when this boot may store a snapshot
let pendingWheel = null; // a snapshot boot's wheel, unpacked once idle (unpackWhenIdle)

class BootError extends Error {}

// ------------------------------------------------------------------ progress

const PROGRESS_EVERY_MS = 100;
const bytes = { loaded: 0, total: 0 };
let stage = { stage: "start", text: "Загрузка правил…" };
let lastProgress = 0;
let booting = true; // no progress after "ready" or "failed"
// The WebAssembly binary: its bytes on the wire (Content-Length) and how many of them
// are counted in bytes.loaded so far; the rest counts once loadPyodide has it compiled.
const wasm = { length: 0, counted: 0 };
// Its decoded size (the page's rules-runtime meta, sitebuild/publish/postbuild.py): an
// encoded body's decoded bytes, scaled by length / decoded size, are bytes on the wire.
const wasmSize = Number(params.get("wasm")) || 0;
// The binary is counted as it arrives only when at the rate of the worker's
// downloads so far it would take longer than this: a clone of its body made the
// streaming compilation slower (cold visit, headless Chromium, fast network:
// median 2.6 s to ready with it, 2.1 s without, 12 visits each), which a slow
// network (a phone: 20 s of download) hides, and which a fast one or the
// device's cache has no need of.
const SLOW_WASM_S = 1;

function runtimeLoaded() {
  bytes.loaded += wasm.length - wasm.counted;
  wasm.length = wasm.counted = 0;
}

function progress(next, force = true) {
  if (!booting) return;
  if (next) stage = next;
  const now = performance.now();
  if (!force && now - lastProgress < PROGRESS_EVERY_MS) return;
  lastProgress = now;
  self.postMessage(progressMessage(
    { stage: stage.stage, loaded: bytes.loaded, total: Math.max(bytes.total, bytes.loaded), text: stage.text },
  ));
}

/** Reads a clone of the body; add(n) gets the byte count of every chunk. */
function pumpClone(response, add) {
  const reader = response.clone().body.getReader();
  const pump = () => reader.read().then(({ done, value }) => {
    if (done) return;
    add(value.byteLength);
    progress(null, false);
    return pump();
  });
  pump().catch(() => {});
}

// Whether the wasm's `length` bytes would take longer than SLOW_WASM_S at the
// rate of the largest download finished so far (pyodide.asm.mjs: it is imported
// before the binary is asked for; from the device's cache it takes milliseconds).
// No finished download known (no Resource Timing): not slow, counted once compiled.
function slowDownload(length) {
  let rate = 0;
  let largest = 0;
  for (const entry of /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"))) {
    const size = entry.encodedBodySize || entry.decodedBodySize || 0;
    const seconds = (entry.responseEnd - entry.startTime) / 1000;
    if (size > largest && seconds > 0) {
      largest = size;
      rate = size / seconds;
    }
  }
  return largest > 0 && length / rate > SLOW_WASM_S;
}

// The WebAssembly binary: its Content-Length counts at once in the total; on a
// slow download its bytes count as they arrive (on a clone), else once compiled.
function countWasm(response, length, encoded) {
  const onWire = length > 0 ? length : wasmSize;
  if (!(onWire > 0)) return;
  bytes.total += onWire;
  wasm.length += onWire;
  // Without a Content-Length the total is the decoded size: decoded bytes count as they are.
  const scale = !encoded || !(length > 0) ? 1 : wasmSize > 0 ? length / wasmSize : 0;
  if (!scale || !slowDownload(onWire)) return;
  pumpClone(response, (n) => {
    const add = Math.min(n * scale, wasm.length - wasm.counted);
    wasm.counted += add;
    bytes.loaded += add;
    // Every byte is here, but compiling and starting the runtime takes seconds more:
    // say so rather than let «N из N МБ» stand still (progress-text.js, "starting").
    if (wasm.counted >= wasm.length && stage.stage === "runtime") {
      progress({ stage: "starting", text: "Калькулятор правил загружен, запускаем его…" });
    }
  });
}

// Counts the bytes of a response body as they arrive, on a clone: the real
// Response goes to Pyodide untouched. Content-Length is the total only for
// an unencoded body; an encoded one adds its decoded bytes as they come.
function count(response, name) {
  if (!response.body) return;
  const length = Number(response.headers.get("Content-Length"));
  const encoded = (response.headers.get("Content-Encoding") || "identity") !== "identity";
  if (name.endsWith(".wasm")) {
    countWasm(response, length, encoded);
    return;
  }
  if (length > 0 && !encoded) bytes.total += length;
  pumpClone(response, (n) => {
    bytes.loaded += n;
    if (encoded || !(length > 0)) bytes.total += n;
  });
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
  // MicroPython's files are not Pyodide's boot: neither counted nor fatal to it.
  if (micropythonURL && new URL(url, self.location.href).href.startsWith(micropythonURL)) return realFetch(input, init);
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

// The wheel's name and sha256 from the bundle's lock file (sitebuild/runtime/bundle.py).
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

// Both proxies live as long as the worker; the attribute is borrowed
// from the module proxy, so the module proxy is never destroyed.
function engineOf(interpreter) {
  return interpreter.pyimport("rules_pkg.api").handle_json;
}

function installEngine(interpreter, wheel) {
  interpreter.unpackArchive(wheel, "wheel"); // into site-packages
  return engineOf(interpreter);
}

async function boot() {
  if (!/^[\w.-]+\/$/.test(runtimePath) || !packageName || !/^python_stdlib\.trim-[0-9a-f]{12}\.zip$/.test(stdlibName)) {
    throw new BootError("страница не сообщила, где лежит среда для расчёта (нет метаданных rules-runtime).");
  }
  const indexURL = new URL(`../../pyodide/${runtimePath}`, self.location.href).href;
  const started = performance.now();

  progress({ stage: "runtime", text: "Загрузка среды для расчёта…" });
  const wheel = wheelOf(indexURL);
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
  // A snapshot boot needs the wheel only once idle: its download waits until then.
  const wheelData = snapshot ? null : wheel.then(wheelBytes);
  wheelData?.catch(() => {});
  if (snapshot) {
    progress({ stage: "snapshot", text: "Восстановление сохранённого движка правил…" });
    try {
      const restored = await loadPyodide(options(indexURL, { _loadSnapshot: snapshot.bytes }));
      runtimeLoaded();
      progress({ stage: "restored", text: "Загрузка правил…" });
      handleJson = engineOf(restored);
      pyodide = restored;
      bootPath = "snapshot";
      pendingWheel = wheel;
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
      handleJson = installEngine(pyodide, await (wheelData || wheel.then(wheelBytes)));
    } catch (err) {
      console.error(err);
      throw err instanceof BootError ? err : new BootError("не удалось загрузить правила: " + shortMessage(err));
    }
    if (canStore) snapshotKey = await key.catch(() => null);
  }
  progress({ stage: "done", text: "Готово" });
  return performance.now() - started;
}

// ------------------------------------------------------------------ idle work, after an answer

let idleTimer = null;
let warmTried = false;

// Re-armed by every call: the snapshot, a snapshot boot's wheel and the warm-up
// wait for a pause after the first answer.
function scheduleIdleWork() {
  if (!snapshotKey && !pendingWheel && warmTried) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(async () => {
    if (pendingWheel) await unpackWhenIdle();
    else if (snapshotKey) await storeSnapshot();
    await warmUp();
  }, SNAPSHOT_IDLE_MS);
}

// Where the compiled WebAssembly is kept: Chromium stores it beside the response
// it was compiled from. A module that came from the service worker's cache is
// kept there; one from the network (the first visit, before the service worker
// controls the page) beside an HTTP cache entry that later visits never read.
// The key names the runtime and the service worker's cache(s), or is null.
async function warmKey() {
  // Only Chromium caches compiled WebAssembly beside a Cache Storage entry (Firefox
  // and WebKit keep none): the warm-up would cost them CPU for nothing.
  if (!("userAgentData" in navigator)) return null;
  const entry = performance.getEntriesByType("resource").find((e) => e.name.split("?")[0].endsWith(".wasm"));
  if (!entry || !(/** @type {PerformanceResourceTiming} */ (entry).workerStart > 0)) return null;
  const names = (await caches.keys()).filter((name) => name.startsWith("rules-site-")).sort();
  return names.length ? `${runtimePath}${names.join(",")}` : null;
}

// Once per device, runtime and site version: answer rules_pkg.warmup's requests
// in slices, so that V8 optimizes enough of the module for Chromium to cache it
// (rules_pkg/warmup.py says why). Calls are answered between the slices.
async function warmUp() {
  if (warmTried) return;
  warmTried = true;
  let warm = null;
  try {
    const key = await warmKey();
    if (!key || (await snapshots.warmed(key))) return;
    warm = pyodide.pyimport("rules_pkg.warmup").Warmup();
    while (warm.step(WARM_SLICE) < WARM_REQUESTS) await new Promise((resolve) => setTimeout(resolve, 0));
    await snapshots.markWarmed(key);
  } catch (err) {
    console.warn("rules worker: no warm-up:", err);
  } finally {
    warm?.destroy();
  }
}

// A snapshot boot's wheel: its files, so that the interpreter's file system is a
// normal boot's. A failed download leaves the engine answering as it does.
async function unpackWhenIdle() {
  const wheel = pendingWheel;
  pendingWheel = null;
  try {
    pyodide.unpackArchive(await wheelBytes(await wheel), "wheel");
  } catch (err) {
    console.warn("rules worker: the engine's files were not unpacked:", err);
  }
}

async function storeSnapshot() {
  const key = snapshotKey;
  snapshotKey = null; // once per worker, whatever happens
  try {
    // Every module in the snapshot: a restored engine answers without its wheel.
    pyodide.pyimport("rules_pkg.warmup").import_every_module();
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

// ------------------------------------------------------------------ the two runtimes

let answered = 0; // calls answered so far, by either runtime
let pyodideUp = false;

// MicroPython: true once it answers (the page is told "ready" if Pyodide is not yet),
// false when the page has none or it failed (logged: Pyodide answers instead).
/** @type {((text: string) => string) | null} */
let micropythonJson = null;
const micropythonReady = !micropythonURL ? Promise.resolve(false) : bootMicroPython(micropythonURL).then(
  (handle) => {
    micropythonJson = handle;
    if (!pyodideUp) self.postMessage(readyMessage({ boot: BOOT_MICROPYTHON, ms: Math.round(performance.now()) }));
    return true;
  },
  (err) => {
    console.warn("rules worker: MicroPython did not start, Pyodide answers:", err);
    return false;
  },
);

// Pyodide starts once its download no longer delays the first answer (first-answer.mjs
// pyodideGate): MicroPython answered or failed, a call only Pyodide answers came, or a while passed.
// The browser's data saver (Save-Data, engine-boot.js &save=1): Pyodide only when a call needs it.
const gate = pyodideGate({ idleMs: 3000, headStartMs: 8000, onDemand: params.get("save") === "1" });
micropythonReady.then((up) => gate.micropython(up));
// A device with a stored snapshot has Pyodide's files cached: no download to wait for, only
// MicroPython's start (the worker's one thread: Pyodide's restore would hold it ~2 s).
if (micropythonURL) {
  snapshots.present().then((stored) => {
    if (stored) micropythonReady.then(() => gate.open());
  });
}
const pyodideStart = gate.opened;
// Calls may arrive before the engine is ready: they wait for it.
const ready = Promise.race([pyodideStart.then(boot), fetchFailure]).then(
  (ms) => {
    booting = false;
    pyodideUp = true;
    self.postMessage(readyMessage({ boot: bootPath, ms: Math.round(ms) }));
    if (answered > 0) scheduleIdleWork(); // MicroPython answered: the idle work is due now
    return true;
  },
  async (err) => {
    booting = false;
    const message = err instanceof BootError ? err.message : "непредвиденная ошибка: " + shortMessage(err);
    if (await micropythonReady) {
      console.warn("rules worker: Pyodide did not start, MicroPython answers every call:", message);
      self.postMessage(readyMessage({ boot: BOOT_MICROPYTHON, ms: Math.round(performance.now()), alone: true }));
    } else {
      self.postMessage(failedMessage(`Движок правил не загрузился: ${message} Текст правил на странице доступен.`));
    }
    return false;
  },
);

/**
 * The request's answer text from the runtime first-answer.mjs picks, or null when none can answer.
 * @param {unknown} request @param {string} text
 */
async function answerText(request, text) {
  if (pyodideUp) return String(handleJson(text)); // once Pyodide has taken over, always Pyodide
  const light = !slowForMicroPython(request, text.length);
  if (!light) gate.open(); // Pyodide answers it (MicroPython only if Pyodide fails)
  const runtime = await answeringRuntime(ready, micropythonReady, light);
  if (runtime === "pyodide") return String(handleJson(text));
  if (runtime === "micropython" && micropythonJson) {
    const answer = micropythonJson(text);
    gate.answered(); // the first answer is out: now Pyodide may have the link
    return answer;
  }
  return null;
}

/** @param {import("./protocol.mjs").CallMessage} msg */
async function answerCall(msg) {
  clearTimeout(idleTimer);
  let data;
  try {
    const text = JSON.stringify(msg.data);
    const answer = await answerText(msg.data, text);
    data = answer === null ? engineError("Движок правил не загрузился: расчёт недоступен.") : JSON.parse(answer);
  } catch (err) {
    console.error(err);
    data = engineError("Внутренняя ошибка движка правил. Попробуйте ещё раз или обновите страницу.");
  }
  answered += 1;
  self.postMessage(resultMessage(msg.id, data));
  if (pyodideUp) scheduleIdleWork();
}

/** What the worker does with each kind of page message (protocol.mjs TO_WORKER). */
const PAGE_HANDLERS = { [TO_WORKER.CALL]: answerCall };

self.onmessage = (event) => {
  const msg = asCallMessage(event.data);
  if (msg) PAGE_HANDLERS[msg.type](msg);
};

function engineError(message) {
  return { ok: false, error: { code: "internal", message, field: null } };
}
