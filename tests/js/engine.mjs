// Helpers for the node --test suites: the real declarations and rulings from
// the engine (python -m rules_pkg), so no fixture can drift from it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PYTHON = existsSync(join(ROOT, ".venv", "bin", "python")) ? join(ROOT, ".venv", "bin", "python") : "python3";

export function api(request) {
  const out = run(request);
  return JSON.parse(out.toString());
}

function run(request) {
  try {
    return execFileSync(PYTHON, ["-m", "rules_pkg"], { cwd: ROOT, input: JSON.stringify(request), stdio: ["pipe", "pipe", "pipe"] });
  } catch (err) {
    if (err.status === 1 && err.stdout) return err.stdout; // a refused request: the response says why
    throw err;
  }
}

export function describe(game) {
  const response = api({ op: "describe", game });
  if (!response.ok) throw new Error(JSON.stringify(response));
  return response.game;
}
