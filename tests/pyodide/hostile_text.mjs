// Hostile request texts under Pyodide in Node (booted by sitebuild/runtime/pyodide_node.mjs, as the parity test is):
// prints, per attack, the answer, the time and the WebAssembly heap after it.
//   node tests/pyodide/hostile_text.mjs ATTACKS.json   (a JSON object: name -> request text)
import { readFileSync } from "node:fs";

import { bootEngine, runtimeOptions } from "../../sitebuild/runtime/pyodide_node.mjs";

const attacks = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { pyodide } = await bootEngine(runtimeOptions());
const handle = pyodide.runPython("import rules_pkg.api as api; api.handle_json");
handle('{"op": "games"}');
const heap = () => pyodide._module.HEAPU8.length;
const out = { start_heap: heap(), attacks: {} };
for (const [name, text] of Object.entries(attacks)) {
  const start = performance.now();
  const response = JSON.parse(handle(text));
  out.attacks[name] = { response, ms: performance.now() - start, heap: heap() };
}
handle.destroy();
process.stdout.write(JSON.stringify(out) + "\n");
