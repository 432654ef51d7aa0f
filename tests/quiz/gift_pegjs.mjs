// Parse GIFT files with gift-pegjs (an independent parser, pinned npm dev
// dependency) and print {file: questions | {error}} as JSON on stdout.
// Used by tests/quiz/test_gift_pegjs.py.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const gift = require("gift-pegjs");
const out = {};
for (const path of process.argv.slice(2)) {
  try {
    out[path] = gift.parse(readFileSync(path, "utf8"));
  } catch (err) {
    out[path] = { error: String(err && err.message), location: err && err.location };
  }
}
process.stdout.write(JSON.stringify(out));
