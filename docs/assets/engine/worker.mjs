// Module Web Worker: boots the self-hosted Pyodide, loads the rules engine
// wheel and answers JSON requests through rules_pkg.api.handle_json.
//
// Protocol (ARCHITECTURE.md, "Worker protocol"):
//   page -> worker  {id, type: "call", data: request}
//   worker -> page  {id, type: "result", data: response}
//                   {type: "progress", data: {stage, text}}
//                   {type: "ready"}
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

const params = new URL(self.location.href).searchParams;
const runtimePath = params.get("path") || "";
const packageName = params.get("package") || "";
const stdlibName = params.get("stdlib") || "";

let handleJson = null; // PyProxy of rules_pkg.api.handle_json, kept for the worker's lifetime

function progress(stage, text) {
  self.postMessage({ type: "progress", data: { stage, text } });
}

class BootError extends Error {}

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
  const url = typeof input === "string" ? input : input.url || String(input);
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
  }
  return response; // the real Response: streaming compilation and its code cache stay intact
};

async function boot() {
  if (!/^[\w.-]+\/$/.test(runtimePath) || !packageName || !/^python_stdlib\.trim-[0-9a-f]{12}\.zip$/.test(stdlibName)) {
    throw new BootError("страница не сообщила, где лежит среда Python (нет метаданных rules-runtime).");
  }
  const indexURL = new URL(`../../pyodide/${runtimePath}`, self.location.href).href;

  progress("runtime", "Загрузка среды Python…");
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(`${indexURL}pyodide.mjs`));
  } catch (err) {
    throw new BootError("не удалось скачать среду Python (pyodide.mjs): нет связи с сервером.");
  }
  let pyodide;
  try {
    pyodide = await loadPyodide({
      indexURL,
      lockFileURL: `${indexURL}pyodide-lock.json`,
      // The full python_stdlib.zip is not shipped: only what the engine imports.
      stdLibURL: `${indexURL}${stdlibName}`,
      // Also Pyodide's fallback "CDN" for packages: without it that would be
      // a public CDN. Every file comes from this site.
      packageBaseUrl: indexURL,
      // Fetched while the interpreter boots: the wheel arrives in parallel.
      packages: [packageName],
      stdout: () => {},
      stderr: () => {},
    });
  } catch (err) {
    throw new BootError("не удалось запустить среду Python: " + shortMessage(err));
  }

  progress("rules", "Загрузка правил…");
  try {
    // Both proxies live as long as the worker; the attribute is borrowed
    // from the module proxy, so the module proxy is never destroyed.
    const api = pyodide.pyimport("rules_pkg.api");
    handleJson = api.handle_json;
    // One real round trip, so "ready" means the engine answers.
    const probe = JSON.parse(handleJson(JSON.stringify({ op: "games" })));
    if (!probe || probe.ok !== true) throw new Error("движок не ответил на проверочный запрос");
  } catch (err) {
    console.error(err);
    throw new BootError("не удалось загрузить правила: " + shortMessage(err));
  }
  progress("done", "Готово");
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
  () => {
    self.postMessage({ type: "ready" });
    return true;
  },
  (err) => {
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
};

function engineError(message) {
  return { ok: false, error: { code: "internal", message, field: null } };
}
