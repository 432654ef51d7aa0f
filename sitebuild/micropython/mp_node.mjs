// Runs the MicroPython copy of rules_pkg (built by transform.py) in Node, as a page's worker would.
//
//   node sitebuild/micropython/mp_node.mjs call  BUILD_DIR REQUESTS.json [--out FILE]
//       REQUESTS.json: a JSON array of request TEXTS; prints a JSON array with, for each, the exact
//       text rules_pkg.api.handle_json returned, or {"__exception__": message}.
//   node sitebuild/micropython/mp_node.mjs time  BUILD_DIR [REQUEST_TEXT]
//       one boot to the first answer and a repeat; prints one JSON line of milliseconds:
//       {"boot", "load_files", "import", "first", "repeat"}
//
// BUILD_DIR is a folder of the build (its mpy/ or py/ subfolder): every file under it is copied
// into MicroPython's file system under /lib, which is on sys.path.

import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const RUNTIME = join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs");
const HEAP = 64 * 1024 * 1024;
const DEFAULT_REQUEST = JSON.stringify({ op: "describe", game: "kovboy" });

function walk(dir, rel = "") {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path, rel + name + "/"));
    else out.push([rel + name, path]);
  }
  return out;
}

export async function boot(buildDir) {
  const t0 = performance.now();
  const { loadMicroPython } = await import(pathToFileURL(RUNTIME).href);
  const errors = [];
  const mp = await loadMicroPython({ heapsize: HEAP, stdout: (s) => process.stderr.write(s + "\n"),
    stderr: (s) => errors.push(s) });
  const t1 = performance.now();
  try { mp.FS.mkdir("/lib"); } catch { /* exists */ }
  for (const [rel, path] of walk(resolve(buildDir))) {
    const parts = rel.split("/");
    for (let i = 1; i < parts.length; i++) {
      const d = "/lib/" + parts.slice(0, i).join("/");
      try { mp.FS.mkdir(d); } catch { /* exists */ }
    }
    mp.FS.writeFile("/lib/" + rel, readFileSync(path));
  }
  const t2 = performance.now();
  mp.runPython("import rules_pkg.api");
  const t3 = performance.now();
  return { mp, timings: { boot: t1 - t0, load_files: t2 - t1, import: t3 - t2 } };
}

const CALL_PY = `
import rules_pkg.api as _api
def _answer(text):
    try:
        return _api.handle_json(text)
    except BaseException as exc:
        import sys, io
        buf = io.StringIO()
        sys.print_exception(exc, buf)
        return "__exception__\\n" + buf.getvalue()
`;

async function cmdCall(buildDir, requestsFile, out) {
  const { mp } = await boot(buildDir);
  mp.runPython(CALL_PY);
  const answer = mp.globals.get("_answer");
  const texts = JSON.parse(readFileSync(requestsFile, "utf8"));
  const results = texts.map((text) => {
    const r = answer(text);
    return r.startsWith("__exception__\n") ? { __exception__: r.slice(14) } : r;
  });
  const body = JSON.stringify(results);
  if (out) writeFileSync(out, body);
  else process.stdout.write(body + "\n");
}

async function cmdTime(buildDir, request) {
  const t0 = performance.now();
  const { mp, timings } = await boot(buildDir);
  const handle = mp.pyimport("rules_pkg.api").handle_json;
  const t1 = performance.now();
  const first = handle(request);
  const t2 = performance.now();
  handle(request);
  const t3 = performance.now();
  if (!JSON.parse(first).ok) throw new Error("the engine refused " + request);
  console.log(JSON.stringify({ ...timings, first: t2 - t1, repeat: t3 - t2, total: t2 - t0 }));
}

const [command, buildDir, ...rest] = process.argv.slice(2);
if (command === "call") {
  const outAt = rest.indexOf("--out");
  await cmdCall(buildDir, rest[0], outAt >= 0 ? rest[outAt + 1] : null);
} else if (command === "time") {
  await cmdTime(buildDir, rest[0] || DEFAULT_REQUEST);
} else {
  process.stderr.write("usage: node sitebuild/micropython/mp_node.mjs call|time BUILD_DIR ...\n");
  process.exitCode = 2;
}
