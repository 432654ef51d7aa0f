// @ts-check
// Boots the MicroPython first answer inside the engine's worker (worker.mjs): the
// runtime (micropython.mjs and its micropython.wasm, from npm
// @micropython/micropython-webassembly-pyscript) and the engine's MicroPython copy
// (engine.pack, sitebuild/micropython/site_bundle.py), both from the folder
// <site root>/micropython/<hash>/ the worker is told. Returns the engine as a
// function from request text to answer text, as Pyodide's handle_json is used.

import { readPack } from "./first-answer.mjs";

// Room for the engine and a large request (the worker sends MicroPython nothing over
// first-answer.mjs MP_TEXT_LIMIT); measured runs used the same.
const HEAP = 64 * 1024 * 1024;

/**
 * @param {{ mkdir: (path: string) => void, writeFile: (path: string, data: Uint8Array) => void }} fs
 * @param {Uint8Array} pack
 */
function unpack(fs, pack) {
  const made = new Set(["/lib"]);
  try {
    fs.mkdir("/lib");
  } catch (err) {
    // the runtime's file system has it already
  }
  for (const { path, data } of readPack(pack)) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      const dir = "/lib/" + parts.slice(0, i).join("/");
      if (!made.has(dir)) fs.mkdir(dir);
      made.add(dir);
    }
    fs.writeFile("/lib/" + path, data);
  }
}

/**
 * @param {string} folderURL  the absolute URL of micropython/<hash>/ (ends with "/")
 * @returns {Promise<(text: string) => string>}
 */
export async function bootMicroPython(folderURL) {
  const pack = fetch(`${folderURL}engine.pack`).then((response) => {
    if (!response.ok) throw new Error(`engine.pack: ${response.status}`);
    return response.arrayBuffer();
  });
  pack.catch(() => {});
  const { loadMicroPython } = await import(`${folderURL}micropython.mjs`);
  const mp = await loadMicroPython({ heapsize: HEAP, stdout: () => {}, stderr: () => {} });
  unpack(mp.FS, new Uint8Array(await pack));
  const handleJson = mp.pyimport("rules_pkg.api").handle_json;
  return (text) => String(handleJson(text));
}
