// Entry point (extra_javascript, type=module): mounts the tools of a page.
//
// Importing engine-client.js starts the engine's worker once per page
// lifetime. mkdocs-material's instant navigation replaces the page content
// and emits on document$, so mounting runs on every emission and is
// idempotent: a widget is found by data-rb-tool and marked once mounted.

import "./engine-client.js";
import { mountCalculator } from "./calculator.js";
import { mountClauseShare } from "./clause-share.js";
import { mountScorekeeper } from "./scorekeeper.js";
import { mountQuiz } from "./quiz.js";
import { mountQuizFiles } from "./quiz-export.js";
import { mountTrainer } from "./trainer.js";

const MOUNTERS = { calculator: mountCalculator, scorekeeper: mountScorekeeper };
MOUNTERS.quiz = mountQuiz; // quiz pages (sitebuild/quiz_pages.py)
MOUNTERS["quiz-files"] = mountQuizFiles; // the trainer's downloads, absolute links at download time
MOUNTERS.trainer = mountTrainer; // the тренажёр page
const PANEL_KEY = "rules-site:panel:";

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

function fail(root, err) {
  console.error(err);
  const box = document.createElement("p");
  box.className = "rb-error";
  box.setAttribute("role", "alert");
  box.textContent = "Инструмент не запустился из-за ошибки на странице. Текст правил ниже доступен; попробуйте обновить страницу.";
  (root.querySelector(".rb-tool-body") || root).prepend(box);
}

function mountAll() {
  // Tell the early anchor guard (early-anchors.js, inlined in <head>) which page is shown.
  if (typeof window.rbPageShown === "function") window.rbPageShown();
  for (const root of document.querySelectorAll("[data-rb-tool]")) {
    if (root.dataset.rbMounted) continue;
    root.dataset.rbMounted = "1";
    const mount = MOUNTERS[root.dataset.rbTool];
    try {
      if (!mount) throw new Error(`неизвестный инструмент ${root.dataset.rbTool}`);
      if (root.id) rememberPanel(root);
      mount(root);
    } catch (err) {
      fail(root, err);
    }
  }
  mountClauseShare();
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => mountAll());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", mountAll, { once: true });
} else {
  mountAll();
}
