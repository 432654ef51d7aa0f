// @ts-check
// Entry point (extra_javascript, type=module): mounts the tools of a page.
//
// Importing engine-client.js starts the engine's worker once per page
// lifetime. mkdocs-material's instant navigation replaces the page content
// and emits on document$, so mounting runs on every emission and is
// idempotent: a widget is found by data-rb-tool and marked once mounted.
// A page loads only the tool modules it uses (import()); each mount returns
// its dispose function, called when the page is swapped away.

import "./engine-client.js";
import { mountClauseShare } from "./clause-share.js";
import { mountLayout } from "./layout.js";

// data-rb-tool -> its module's mount(root), which returns its dispose. A game
// page loads no quiz code, a quiz page no scorekeeper.
/** @type {Record<string, () => Promise<(root: HTMLElement) => unknown>>} */
const MODULES = {
  calculator: () => import("./calculator.js").then((m) => m.mountCalculator),
  scorekeeper: () => import("./scorekeeper.js").then((m) => m.mountScorekeeper),
  quiz: () => import("./quiz.js").then((m) => m.mountQuiz),
  "quiz-files": () => import("./quiz-export.js").then((m) => m.mountQuizFiles),
  trainer: () => import("./trainer.js").then((m) => m.mountTrainer),
};
const PANEL_KEY = "rules-site:panel:";

// Stylesheets only some tools need (sitebuild/postbuild.py, TOOL_CSS): on a page
// without those tools the link is rel="rb-deferred-stylesheet" with the tools in
// data-rb-tools. Their addresses are resolved now, against the page first loaded
// (instant navigation keeps its <head> but changes the page's address).
const deferredCss = Array.from(
  /** @type {NodeListOf<HTMLLinkElement>} */ (document.querySelectorAll('link[rel="rb-deferred-stylesheet"]')),
  (link) => ({ link, href: link.href, tools: (link.dataset.rbTools || "").split(" "), loaded: /** @type {Promise<void> | null} */ (null) }),
);

/** The deferred stylesheets a tool needs, loaded (or failed: the tool mounts anyway). @param {string} tool */
function stylesheetsOf(tool) {
  return Promise.all(deferredCss.filter((css) => css.tools.includes(tool)).map((css) => {
    if (!css.loaded) {
      css.loaded = new Promise((resolve) => {
        css.link.addEventListener("load", () => resolve(), { once: true });
        css.link.addEventListener("error", () => resolve(), { once: true });
      });
      css.link.href = css.href;
      css.link.rel = "stylesheet";
    }
    return css.loaded;
  }));
}
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
  const tool = root.dataset.rbTool || "";
  const load = MODULES[tool];
  try {
    if (!load) throw new Error(`неизвестный инструмент ${tool}`);
    if (root.id && root instanceof HTMLDetailsElement) rememberPanel(root);
    const [mount] = await Promise.all([load(), stylesheetsOf(tool)]);
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
  mounted.push({ root: null, dispose: mountLayout() });
  mountClauseShare();
}

const doc$ = /** @type {any} */ (window).document$;
if (doc$ && typeof doc$.subscribe === "function") {
  doc$.subscribe(() => mountAll());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", mountAll, { once: true });
} else {
  mountAll();
}
