// @ts-check
// Entry point (extra_javascript, type=module): mounts the tools of a page.
//
// Importing engine-client.js starts the engine's worker once per page
// lifetime (on a page without a tool that asks it, once the page is idle, or
// when such a tool is mounted). mkdocs-material's instant navigation replaces the page content
// and emits on document$, so mounting runs on every emission and is
// idempotent: a widget is found by data-rb-tool and marked once mounted.
// A page loads only the tool modules it uses (import()); each mount returns
// its dispose function, called when the page is swapped away.

import { startEngine } from "./engine-client/engine-client.js";
import { mountPage } from "./page/index.js";

// data-rb-tool -> the mount(root) of its component's index.js (a folder per
// component), which returns its dispose. A game page loads no quiz code, a quiz
// page no scorekeeper.
/** @type {Record<string, () => Promise<(root: HTMLElement) => unknown>>} */
const MODULES = {
  calculator: () => import("./calculator/index.js").then((m) => m.mountCalculator),
  scorekeeper: () => import("./scorekeeper/index.js").then((m) => m.mountScorekeeper),
  quiz: () => import("./quiz/index.js").then((m) => m.mountQuiz),
  "quiz-files": () => import("./quiz-files/index.js").then((m) => m.mountQuizFiles),
  trainer: () => import("./trainer/index.js").then((m) => m.mountTrainer),
};
const PANEL_KEY = "rules-site:panel:";
/** @type {{ root: Element | null, dispose: () => void }[]} */
let mounted = [];

/** @param {HTMLDetailsElement} root */
function rememberPanel(root) {
  // A tool panel stays as the player left it (open or closed) on this device.
  try {
    const saved = window.localStorage.getItem(PANEL_KEY + root.id);
    if (saved === "open") root.open = true;
  } catch {
    /* storage unavailable: panels start closed */
  }
  root.addEventListener("toggle", () => {
    try {
      window.localStorage.setItem(PANEL_KEY + root.id, root.open ? "open" : "closed");
    } catch {
      /* nothing to do */
    }
  });
}

/** @param {HTMLElement} root @param {unknown} err */
function fail(root, err) {
  console.error(err);
  const box = document.createElement("p");
  box.className = "rb-error";
  box.setAttribute("role", "alert");
  box.textContent = "Инструмент не запустился из-за ошибки на странице. Текст правил ниже доступен; попробуйте обновить страницу.";
  (root.querySelector(".rb-tool-body") || root).prepend(box);
}

/** @param {HTMLElement} root */
async function mountOne(root) {
  const load = MODULES[root.dataset.rbTool || ""];
  if (root.hasAttribute("data-rb-asks-engine")) startEngine(); // a tool that asks the engine (its template says so)
  try {
    if (!load) throw new Error(`неизвестный инструмент ${root.dataset.rbTool}`);
    if (root.id && root instanceof HTMLDetailsElement) rememberPanel(root);
    const mount = await load();
    if (!root.isConnected) return;
    const dispose = mount(root);
    root.dataset.rbMounted = "1"; // its listeners are in place: a submit is the tool's, not the browser's
    if (typeof dispose === "function") mounted.push({ root, dispose: /** @type {() => void} */ (dispose) });
  } catch (err) {
    fail(root, err);
  }
}

function mountAll() {
  // The tools of the page before were swapped away by instant navigation
  // (the layout is set up again for every page shown).
  const gone = mounted.filter((m) => !m.root || !m.root.isConnected);
  mounted = mounted.filter((m) => m.root && m.root.isConnected);
  for (const { dispose } of gone) {
    try {
      dispose();
    } catch (err) {
      console.error(err);
    }
  }
  // Tell the early anchor guard (early-anchors.js, inlined in <head>) which page is shown.
  const w = /** @type {any} */ (window);
  if (typeof w.rbPageShown === "function") w.rbPageShown();
  for (const root of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-rb-tool]"))) {
    if (root.dataset.rbMounting) continue;
    root.dataset.rbMounting = "1"; // data-rb-mounted follows once its module has mounted it
    mountOne(root);
  }
  mounted.push({ root: null, dispose: mountPage() });
}

const doc$ = /** @type {any} */ (window).document$;
if (doc$ && typeof doc$.subscribe === "function") {
  doc$.subscribe(() => mountAll());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", mountAll, { once: true });
} else {
  mountAll();
}
