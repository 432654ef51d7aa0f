// The one way to run this site's Pyodide outside the browser (Node 18+).
//
// It boots the interpreter exactly as docs/assets/engine/worker.mjs does in the
// browser (stdLibURL = the trimmed standard library, the wheel unpacked with
// unpackArchive into site-packages, then `import rules_pkg.api`), or restores it
// from a memory snapshot the same way the worker does on a repeat visit.
// Used by tests/pyodide (parity), sitebuild/runtime/stdlib_trim.py (trace, compile),
// sitebuild/runtime/wheel_bytecode.py (compile), scripts/measure_runtime.py and
// scripts/bench (boot, snapshot).
//
//   node sitebuild/runtime/pyodide_node.mjs boot     [RUNTIME] [--snapshot FILE] [--request JSON]
//       one boot to the first answer (--request, default the «Ковбой» declaration,
//       which imports one game module; {"op": "games"} imports them all);
//       prints one JSON line of milliseconds:
//       {"path": "normal"|"snapshot", "load": ..., "wheel": ..., "import": ...,
//        "answer": ..., "total": ..., "cpu": ...}
//   node sitebuild/runtime/pyodide_node.mjs call     REQUESTS.json [RUNTIME] [--snapshot FILE] [--out FILE]
//       rules_pkg.api.handle_json on every request of a JSON array; the array of
//       responses (same order) on stdout or --out. A Python exception for one
//       request becomes {"__exception__": traceback}. stderr: Python version,
//       standard-library size, boot path.
//   node sitebuild/runtime/pyodide_node.mjs snapshot OUT [RUNTIME]
//       boot normally with the engine imported and warmed (every game module),
//       then write pyodide.makeMemorySnapshot() to OUT; prints a JSON line
//       {"bytes", "make_ms", "boot_ms"}.
//   node sitebuild/runtime/pyodide_node.mjs compile  CODE.py IN OUT [--args JSON]
//       run CODE.py in Pyodide (full standard library, PYTHONHASHSEED=0) with IN
//       at /tmp/in.zip; ARGS (a global) holds the --args JSON text; /tmp/out.zip
//       is written to OUT; the value of the code's last expression is printed as JSON.
//   node sitebuild/runtime/pyodide_node.mjs trace    ARGS.json RESULT.json
//       the standard-library import trace of sitebuild/runtime/stdlib_trim.py (ARGS: wheel,
//       requests, hostile, extra_imports, review_py; see that module).
//
// RUNTIME options (default: the built bundle build/pyodide/<version>/ named by
// build/pyodide/runtime.json, with its trimmed standard library and byte-code wheel):
//   --index DIR    another Pyodide folder (node_modules/pyodide: the full stdlib)
//   --stdlib ZIP   another standard library
//   --wheel WHL    another wheel ("auto": the one in build/wheel/)
//
// As a module: import { bootEngine, runtimeOptions } from "./pyodide_node.mjs".

import { readFileSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const NODE_PYODIDE = join(ROOT, "node_modules", "pyodide");
const asDir = (p) => (p.endsWith("/") ? p : p + "/");

class UsageError extends Error {}

// Game modules are imported lazily by the engine; a snapshot holds them all.
const WARM_PY = "import rules_pkg.games\nrules_pkg.games.load_all()";

/** {index, stdlib, wheel} from the RUNTIME options (see the header). */
export function runtimeOptions(opts = {}) {
  let index = opts.index ? resolve(opts.index) : null;
  let stdlib = opts.stdlib ? resolve(opts.stdlib) : null;
  let wheel = opts.wheel || null;
  if (!index) {
    const infoPath = join(ROOT, "build", "pyodide", "runtime.json");
    if (!existsSync(infoPath)) throw new UsageError(`${infoPath} is missing: run scripts/build-runtime.sh (or pass --index)`);
    const info = JSON.parse(readFileSync(infoPath, "utf8"));
    index = join(ROOT, "build", "pyodide", info.version);
    if (!stdlib) stdlib = join(index, info.stdlib);
    if (!wheel) wheel = join(index, info.wheel);
  }
  if (wheel === "auto") {
    const dir = join(ROOT, "build", "wheel");
    const found = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".whl")) : [];
    if (found.length !== 1) throw new UsageError(`expected one wheel in ${dir}, found ${found.length}`);
    wheel = join(dir, found[0]);
  }
  for (const p of [join(index, "pyodide.mjs"), stdlib, wheel]) {
    if (p && !existsSync(p)) throw new UsageError(`no such file: ${p}`);
  }
  return { index, stdlib, wheel: wheel ? resolve(wheel) : null };
}

/**
 * Boot Pyodide as the worker does. Returns {pyodide, path, timings}.
 * snapshot: bytes of a memory snapshot to restore from; makeSnapshot: allow
 * makeMemorySnapshot() later; engine: unpack the wheel and import rules_pkg.api.
 */
export async function bootEngine({ index, stdlib, wheel, snapshot = null, makeSnapshot = false,
  engine = true, env = {} }) {
  const t0 = performance.now();
  const { loadPyodide } = await import(pathToFileURL(join(index, "pyodide.mjs")).href);
  const config = { indexURL: asDir(index), env, stdout: () => {}, stderr: () => {} };
  if (stdlib) config.stdLibURL = stdlib;
  if (snapshot) config._loadSnapshot = snapshot;
  if (makeSnapshot) config._makeSnapshot = true;
  const pyodide = await loadPyodide(config);
  const t1 = performance.now();
  // The files of site-packages are not in the memory snapshot: unpacked on every boot.
  if (engine && wheel) pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
  const t2 = performance.now();
  if (engine) pyodide.runPython("import rules_pkg.api");
  const t3 = performance.now();
  return {
    pyodide,
    path: snapshot ? "snapshot" : "normal",
    timings: { load: t1 - t0, wheel: t2 - t1, import: t3 - t2 },
  };
}

/** rules_pkg.api.handle_json(text) without leaving a proxy behind. */
export function handleJson(pyodide, text) {
  const fn = pyodide.pyimport("rules_pkg.api").handle_json;
  try {
    return fn(text);
  } finally {
    fn.destroy();
  }
}

/** A memory snapshot of an interpreter booted with makeSnapshot, the engine warmed. */
export function makeSnapshot(pyodide) {
  pyodide.runPython(WARM_PY);
  return pyodide.makeMemorySnapshot();
}

// ------------------------------------------------------------------ commands

const CALL_PY = `
import json, traceback
import rules_pkg.api as _api

def _run_all(text):
    out = []
    for request in json.loads(text):
        try:
            out.append(json.loads(_api.handle_json(json.dumps(request, ensure_ascii=False))))
        except BaseException:
            out.append({"__exception__": traceback.format_exc()})
    return json.dumps(out, ensure_ascii=False)
`;

const DEFAULT_REQUEST = JSON.stringify({ op: "describe", game: "kovboy" });

function readSnapshot(opts) {
  return opts.snapshot ? new Uint8Array(readFileSync(resolve(opts.snapshot))) : null;
}

async function cmdBoot(opts) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const { pyodide, path, timings } = await bootEngine({ ...runtimeOptions(opts), snapshot: readSnapshot(opts) });
  const t1 = performance.now();
  const request = opts.request || DEFAULT_REQUEST;
  const answer = JSON.parse(handleJson(pyodide, request));
  const t2 = performance.now();
  if (!answer.ok) throw new Error(`the engine did not answer ${request}`);
  const cpu = process.cpuUsage(c0);
  console.log(JSON.stringify({ path, ...timings, answer: t2 - t1, total: t2 - t0, cpu: (cpu.user + cpu.system) / 1000 }));
}

async function cmdCall(opts) {
  const [requests] = opts.positional;
  if (!requests) throw new UsageError("call needs REQUESTS.json");
  const text = readFileSync(resolve(requests), "utf8");
  if (!Array.isArray(JSON.parse(text))) throw new UsageError("the request file must hold a JSON array");
  const { pyodide, path } = await bootEngine({ ...runtimeOptions(opts), snapshot: readSnapshot(opts) });
  process.stderr.write(`Pyodide ${pyodide.version}, Python ${pyodide.runPython("import sys; sys.version.split()[0]")}\n`);
  const stdlibZip = pyodide.FS.readdir("/lib").find((n) => /^python\d+\.zip$/.test(n));
  if (stdlibZip) process.stderr.write(`stdlib: ${pyodide.FS.stat(`/lib/${stdlibZip}`).size} bytes\n`);
  process.stderr.write(`boot: ${path}\n`);
  pyodide.runPython(CALL_PY);
  const runAll = pyodide.globals.get("_run_all");
  const result = runAll(text);
  runAll.destroy();
  if (opts.out) writeFileSync(opts.out, result + "\n");
  else process.stdout.write(result + "\n");
}

async function cmdSnapshot(opts) {
  const [out] = opts.positional;
  if (!out) throw new UsageError("snapshot needs OUT");
  const t0 = performance.now();
  const { pyodide } = await bootEngine({ ...runtimeOptions(opts), makeSnapshot: true });
  JSON.parse(handleJson(pyodide, JSON.stringify({ op: "games" })));
  const t1 = performance.now();
  const bytes = makeSnapshot(pyodide);
  const t2 = performance.now();
  writeFileSync(out, bytes);
  console.log(JSON.stringify({ bytes: bytes.length, boot_ms: t1 - t0, make_ms: t2 - t1 }));
}

async function cmdCompile(opts) {
  const [codeFile, input, out] = opts.positional;
  if (!codeFile || !input || !out) throw new UsageError("compile needs CODE.py IN OUT");
  const { pyodide } = await bootEngine({ index: opts.index ? resolve(opts.index) : NODE_PYODIDE, engine: false,
    env: { PYTHONHASHSEED: "0" } });
  pyodide.FS.writeFile("/tmp/in.zip", readFileSync(resolve(input)));
  pyodide.globals.set("ARGS", opts.args || "{}");
  const value = pyodide.runPython(readFileSync(resolve(codeFile), "utf8"));
  writeFileSync(out, pyodide.FS.readFile("/tmp/out.zip"));
  console.log(JSON.stringify({ pyodide: pyodide.version, value: value === undefined ? null : value }));
}

const SNAPSHOT_MODULES_PY = `
def _trace_snapshot():
    import sys
    rows = []
    for name, mod in list(sys.modules.items()):
        spec = getattr(mod, "__spec__", None)
        origin = getattr(spec, "origin", None)
        rows.append(name + "\\t" + (origin if isinstance(origin, str) else ""))
    return "\\n".join(rows)
`;

const REQUESTS_PY = `
def _trace_requests(text):
    import json, traceback
    import rules_pkg.api as api
    failures = []
    for request in json.loads(text):
        try:
            json.loads(api.handle_json(json.dumps(request, ensure_ascii=False)))
        except BaseException:
            failures.append(traceback.format_exc())
    return "\\n".join(failures)
_trace_requests(REQUESTS)
`;

const STATIC_PY = `
def _trace_static(extra):
    import importlib, json, os, rules_pkg
    root = os.path.dirname(rules_pkg.__file__)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for f in sorted(filenames):
            if f.endswith(".py") and f != "__main__.py":
                rel = os.path.relpath(os.path.join(dirpath, f[:-3]), os.path.dirname(root))
                name = rel.replace(os.sep, ".").removesuffix(".__init__")
                importlib.import_module(name)
    for name in json.loads(extra):
        try:
            importlib.import_module(name)
        except ImportError:
            pass
_trace_static(EXTRA)
`;

// What a worker may do besides calling handle_json: exceptions crossing into
// JavaScript (traceback formatting, non-ASCII source lines), async code, globals,
// and a memory snapshot with every game module imported.
async function useAsAWorkerDoes(pyodide) {
  const tries = [
    () => pyodide.runPython("raise ValueError('ошибка: ' + 'ё' * 3)"),
    () => pyodide.runPython("def _trace_f():\n    return {'ключ': 1}['нет']  # ё\n_trace_f()"),
    () => pyodide.runPython("import rules_pkg.api as a\na.handle(None)['нет']"),
    () => handleJson(pyodide, null),
  ];
  for (const t of tries) {
    try { t(); } catch (err) { String(err && err.message); }
  }
  await pyodide.runPythonAsync("import asyncio\nawait asyncio.sleep(0)");
  await pyodide.loadPackagesFromImports("import json\nimport rules_pkg.api");
  pyodide.registerJsModule("_trace_js", { answer: 42 });
  pyodide.runPython("import _trace_js\n_trace_js.answer");
  pyodide.unregisterJsModule("_trace_js");
  pyodide.toPy({ a: [1, 2] }).destroy();
  pyodide.runPython(WARM_PY);
}

// Boot with the full standard library and record sys.modules after each stage
// of what a visitor's worker does (see sitebuild/runtime/stdlib_trim.py, STAGES).
async function cmdTrace(opts) {
  const [argsFile, resultFile] = opts.positional;
  if (!argsFile || !resultFile) throw new UsageError("trace needs ARGS.json RESULT.json");
  const args = JSON.parse(readFileSync(argsFile, "utf8"));
  const { pyodide } = await bootEngine({ index: opts.index ? resolve(opts.index) : NODE_PYODIDE, engine: false,
    env: { PYTHONHASHSEED: "0" } });
  const result = { pyodide: pyodide.version };
  pyodide.runPython(SNAPSHOT_MODULES_PY);
  const snap = pyodide.globals.get("_trace_snapshot");
  const stages = {};
  const take = (stage) => { stages[stage] = snap(); };
  take("startup");

  pyodide.unpackArchive(new Uint8Array(readFileSync(args.wheel)), "wheel"); // as the worker does
  take("package");

  pyodide.runPython("import rules_pkg.api");
  JSON.parse(handleJson(pyodide, JSON.stringify({ op: "games" })));
  take("engine");

  pyodide.globals.set("REQUESTS", readFileSync(args.requests, "utf8"));
  const failures = pyodide.runPython(REQUESTS_PY);
  if (failures) throw new Error("requests raised:\n" + failures);
  take("requests");

  for (const text of args.hostile) {
    try { JSON.parse(handleJson(pyodide, text)); } catch (err) { String(err && err.message); }
  }
  take("hostile");

  await useAsAWorkerDoes(pyodide);
  take("worker-api");

  pyodide.globals.set("EXTRA", JSON.stringify(args.extra_imports));
  pyodide.runPython(STATIC_PY);
  take("static");

  result.stages = stages;
  result.python = pyodide.runPython("import sys; sys.version.split()[0]");
  result.zip_prefix = pyodide.runPython("import sys; '/lib/python%d%d.zip/' % sys.version_info[:2]");
  result.frozen = pyodide.runPython("import _imp, json; json.dumps(sorted(_imp._frozen_module_names()))");
  result.review = pyodide.runPython(args.review_py);
  snap.destroy();
  writeFileSync(resultFile, JSON.stringify(result));
}

const COMMANDS = { boot: cmdBoot, call: cmdCall, snapshot: cmdSnapshot, compile: cmdCompile, trace: cmdTrace };
const VALUE_OPTIONS = { "--index": "index", "--stdlib": "stdlib", "--wheel": "wheel", "--snapshot": "snapshot",
  "--out": "out", "--args": "args", "--request": "request" };

export function parseArgs(argv) {
  const [command, ...rest] = argv;
  if (!Object.hasOwn(COMMANDS, command || "")) throw new UsageError(`unknown command ${command ?? "(none)"}`);
  const opts = { command, positional: [] };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (Object.hasOwn(VALUE_OPTIONS, a)) {
      if (i + 1 >= rest.length) throw new UsageError(`${a} needs a value`);
      opts[VALUE_OPTIONS[a]] = rest[++i];
    } else if (a.startsWith("--")) {
      throw new UsageError(`unknown option ${a}`);
    } else {
      opts.positional.push(a);
    }
  }
  return opts;
}

async function main(argv) {
  let opts;
  try {
    opts = parseArgs(argv);
    await COMMANDS[opts.command](opts);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`pyodide_node: ${err.message}\nusage: node sitebuild/runtime/pyodide_node.mjs `
        + "boot|call|snapshot|compile|trace ... (see the header of this file)\n");
      process.exitCode = 2;
    } else {
      process.stderr.write(`pyodide_node: ${err && err.stack ? err.stack : err}\n`);
      process.exitCode = 1;
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
