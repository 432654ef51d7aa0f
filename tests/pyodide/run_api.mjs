// Run rules_pkg.api.handle_json under Pyodide in Node, offline, on a file of requests.
//
//   node tests/pyodide/run_api.mjs REQUESTS.json [--out RESPONSES.json]
//        [--stdlib path/to/python_stdlib.zip] [--wheel path/to/x.whl] [--index DIR]
//
// REQUESTS.json holds a JSON array of requests; a JSON array of responses (same
// order) goes to stdout (or --out). On stderr: the Python version Pyodide runs and
// the size of the standard library it mounted (--stdlib: a trimmed one).
//
// Default (the browser's path): boot from the built bundle build/pyodide/<version>/
// (runtime.json names it) with its trimmed standard library (runtime.json "stdlib";
// the full one is not shipped), then `pyodide.loadPackage("<package>")` resolves the wheel
// through the bundle's pyodide-lock.json and checks its sha256.
// --wheel: boot from node_modules/pyodide instead and unpack that wheel directly.
// --index DIR: boot from another Pyodide folder (its lock file must list the package).
//
// The request array is handed to Python as the file's text and each request is
// re-serialized by Python's json, so JavaScript never reinterprets a number
// (1.0 stays a float) and CPython and Pyodide see byte-identical request strings.
// A Python exception for one request becomes {"__exception__": traceback}.

import { readFileSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

function usage(msg) {
  if (msg) process.stderr.write(`run_api: ${msg}\n`);
  process.stderr.write(
    "usage: node tests/pyodide/run_api.mjs REQUESTS.json [--out FILE] [--stdlib ZIP] [--wheel WHL | --index DIR]\n",
  );
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { requests: null, out: null, stdlib: null, wheel: null, index: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} needs a value`));
    if (a === "--out") opts.out = value();
    else if (a === "--stdlib") opts.stdlib = value();
    else if (a === "--wheel") opts.wheel = value();
    else if (a === "--index") opts.index = value();
    else if (a === "-h" || a === "--help") usage();
    else if (a.startsWith("--")) usage(`unknown option ${a}`);
    else if (opts.requests === null) opts.requests = a;
    else usage(`unexpected argument ${a}`);
  }
  if (opts.requests === null) usage("no request file");
  return opts;
}

const asDir = (p) => (p.endsWith("/") ? p : p + "/");

export async function boot(opts) {
  const config = {};
  if (opts.stdlib) {
    const zip = resolve(opts.stdlib);
    if (!existsSync(zip)) usage(`no such file: ${zip}`);
    config.stdLibURL = zip;
  }
  let indexDir;
  let packageName = null;
  if (opts.wheel) {
    indexDir = join(ROOT, "node_modules", "pyodide");
  } else if (opts.index) {
    indexDir = resolve(opts.index);
    const info = join(indexDir, "..", "runtime.json");
    packageName = existsSync(info) ? JSON.parse(readFileSync(info, "utf8")).package : "rules-pkg";
  } else {
    const infoPath = join(ROOT, "build", "pyodide", "runtime.json");
    if (!existsSync(infoPath)) {
      usage(`${infoPath} is missing: run scripts/build-runtime.sh (or pass --wheel)`);
    }
    const info = JSON.parse(readFileSync(infoPath, "utf8"));
    indexDir = join(ROOT, "build", "pyodide", info.version);
    packageName = info.package;
    // As the browser's worker does: the bundle ships only the trimmed standard library.
    if (!config.stdLibURL && info.stdlib) config.stdLibURL = join(indexDir, info.stdlib);
  }
  const loader = join(indexDir, "pyodide.mjs");
  if (!existsSync(loader)) usage(`${loader} is missing`);
  const { loadPyodide } = await import(pathToFileURL(loader).href);
  const pyodide = await loadPyodide({ indexURL: asDir(indexDir), ...config });

  if (opts.wheel) {
    let wheel = opts.wheel;
    if (wheel === "auto") {
      const dir = join(ROOT, "build", "wheel");
      const found = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".whl")) : [];
      if (found.length !== 1) usage(`expected one wheel in ${dir}, found ${found.length}`);
      wheel = join(dir, found[0]);
    }
    pyodide.unpackArchive(new Uint8Array(readFileSync(resolve(wheel))), "wheel");
  } else {
    const errors = [];
    await pyodide.loadPackage(packageName, {
      messageCallback: () => {},
      errorCallback: (m) => errors.push(m),
    });
    if (errors.length) throw new Error(`loadPackage(${packageName}): ${errors.join("; ")}`);
  }
  return pyodide;
}

const RUNNER = `
import json, sys, traceback
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

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const text = readFileSync(resolve(opts.requests), "utf8");
  if (!Array.isArray(JSON.parse(text))) usage("the request file must hold a JSON array");
  const pyodide = await boot(opts);
  process.stderr.write(`Pyodide ${pyodide.version}, Python ${pyodide.runPython("import sys; sys.version.split()[0]")}\n`);
  // Which standard library was mounted (Pyodide writes it to /lib/pythonXY.zip).
  const stdlibZip = pyodide.FS.readdir("/lib").find((n) => /^python\d+\.zip$/.test(n));
  if (stdlibZip) {
    const size = pyodide.FS.stat(`/lib/${stdlibZip}`).size;
    process.stderr.write(`stdlib: ${size} bytes from ${opts.stdlib ? resolve(opts.stdlib) : "the default python_stdlib.zip"}\n`);
  }
  pyodide.runPython(RUNNER);
  const runAll = pyodide.globals.get("_run_all");
  const result = runAll(text);
  runAll.destroy();
  if (opts.out) writeFileSync(opts.out, result + "\n");
  else process.stdout.write(result + "\n");
}

// Run as a script (scripts/bench_engine.mjs imports boot() instead).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    process.stderr.write(`run_api: ${err && err.stack ? err.stack : err}\n`);
    process.exitCode = 1;
  });
}
