// No function of the project's JavaScript is over 60 lines (issue 27: the
// browser half in the engine's shape; tests/test_engine_structure.py holds the
// Python engine to the same). Counted as the TypeScript compiler parses it:
// every function declaration, expression, arrow and method, nested ones too
// (a closure's lines count to the function around it as well).
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { test } from "node:test";
import ts from "typescript";

const ROOT = new URL("../../", import.meta.url).pathname;
const FOLDERS = ["docs/assets/js", "docs/assets/engine", "sitebuild", "scripts"];
const MAX_LINES = 60;

/** @param {string} dir @returns {string[]} the .js and .mjs files under dir */
function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sources(path);
    return /\.m?js$/.test(name) ? [path] : [];
  });
}

/** @param {string} path @returns {string[]} "file:line name (n lines)" of each function over MAX_LINES */
export function longFunctions(path) {
  const text = readFileSync(path, "utf8");
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
  const found = [];
  const visit = (/** @type {ts.Node} */ node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = file.getLineAndCharacterOfPosition(node.end).line;
      const named = "name" in node && node.name ? node.name : ts.isVariableDeclaration(node.parent) ? node.parent.name : null;
      const name = named ? named.getText(file) : "(anonymous)";
      if (last - first + 1 > MAX_LINES) found.push(`${relative(ROOT, path)}:${first + 1} ${name} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

test("the counter finds a long function, nested or not", () => {
  const body = Array.from({ length: 61 }, (_, i) => `  x += ${i};`).join("\n");
  const path = join(tmpdir(), "rb-function-length-probe.mjs");
  writeFileSync(path, `export function outer() {\n  let x = 0;\n  const inner = () => {\n${body}\n  };\n  return inner;\n}\n`);
  const found = longFunctions(path);
  assert.equal(found.length, 2, found.join("\n"));
  assert.match(found[0], /outer \(6\d lines\)/);
  assert.match(found[1], /inner \(6\d lines\)/);
});

test("no function of the project's JavaScript is over 60 lines", () => {
  const found = FOLDERS.flatMap((folder) => sources(join(ROOT, folder))).flatMap(longFunctions);
  assert.deepEqual(found, []);
});
