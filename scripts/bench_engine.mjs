// The engine benchmark under Pyodide in Node: boots the built bundle
// (build/pyodide, through sitebuild/runtime/pyodide_node.mjs as every Node caller does), then runs
// measure() of scripts/bench_engine.py inside it and prints its rows as JSON.
//
//   node scripts/bench_engine.mjs [--sizes 10,100,1000,4999] [--runs 7]
//
// Normally started by `python scripts/bench_engine.py`.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { bootEngine, runtimeOptions } from "../sitebuild/runtime/pyodide_node.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const sizes = option("--sizes", "10,100,1000,4999").split(",").map(Number);
const runs = Number(option("--runs", "7"));
if (!sizes.every(Number.isInteger) || !Number.isInteger(runs)) {
  process.stderr.write("usage: node scripts/bench_engine.mjs [--sizes 10,100] [--runs 7]\n");
  process.exit(2);
}

const { pyodide } = await bootEngine(runtimeOptions());
process.stderr.write(`Pyodide ${pyodide.version}, Python ${pyodide.runPython("import sys; sys.version.split()[0]")}\n`);
pyodide.FS.writeFile("/tmp/bench_engine.py", readFileSync(join(HERE, "bench_engine.py"), "utf8"));
const rows = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/tmp")
import bench_engine
json.dumps(bench_engine.measure(${JSON.stringify(sizes)}, ${runs}))
`);
process.stdout.write(rows + "\n");
