// The cross-engine scenarios' hands inside the page (tests/xengine/): plain DOM,
// no driver API, so Chromium, Firefox and WebKit run exactly the same steps.
// Defined once per document as window.__xe; every call of the suite evaluates
// this file first (it returns at once when already defined).
(() => {
  if (window.__xe) return;
  const errors = (window.__xeErrors = window.__xeErrors || []);
  window.addEventListener("error", (e) => errors.push(String(e.message || e.error)));
  window.addEventListener("unhandledrejection", (e) => errors.push("unhandled: " + String(e.reason && e.reason.message || e.reason)));
  const calls = (window.__xeCalls = []);
  // Every request the page sends to the engine's worker and the worker's answer.
  const post = Worker.prototype.postMessage;
  const listening = new WeakSet();
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === "call") {
      calls.push({ id: message.id, request: JSON.parse(JSON.stringify(message.data)), response: null });
      if (!listening.has(this)) {
        listening.add(this);
        this.addEventListener("message", (event) => {
          const d = event.data;
          if (d && d.type === "result") {
            const call = calls.find((c) => c.id === d.id && c.response === null);
            if (call) call.response = d.data;
          }
        });
      }
    }
    return post.call(this, message, ...rest);
  };
  const $ = (sel, scope = document) => (scope ? scope.querySelector(sel) : null);
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const field = (scope, name) => [...scope.querySelectorAll(`[data-rb-field="${name}"]`)].find(visible)
    || (() => { throw new Error(`no visible field ${name}`); })();
  const fire = (el, ...types) => { for (const t of types) el.dispatchEvent(new Event(t, { bubbles: true })); };
  const setValue = (input, v) => { input.value = String(v); fire(input, "input", "change"); };
  const chip = (f, v) => [...f.querySelectorAll("label.rb-chip")].find((l) => {
    const i = l.querySelector("input"); return i && i.value === JSON.stringify(v);
  });
  const ops = {
    int: (scope, name, v) => setValue(field(scope, name).querySelector("input"), v),
    text: (scope, name, v) => setValue(field(scope, name).querySelector("input"), v),
    choice: (scope, name, v) => {
      const f = field(scope, name); const select = f.querySelector("select");
      if (select) setValue(select, JSON.stringify(v)); else chip(f, v).click();
    },
    bool: (scope, name, v) => {
      const f = field(scope, name); const box = f.querySelector("input[type=checkbox]");
      if (box.checked !== v) f.querySelector("label").click();
    },
  };
  ops.action = (scope, _name, v) => [...scope.querySelectorAll("label.rb-chip")]
    .find((l) => { const i = l.querySelector("input[data-rb-action-type]"); return i && i.value === JSON.stringify(v); }).click();
  const tool = (kind, game) => $(`[data-rb-tool="${kind}"][data-rb-game="${game}"]`);
  const openTool = (root) => { if (root.tagName === "DETAILS" && !root.open) root.open = true; };
  const mode = (scope, which) => { const b = $(`[data-rb-shot-mode="${which}"]`, scope); if (b) b.click(); };
  window.__xe = {
    errors: () => errors.slice(),
    calls: () => calls.filter((c) => c.response !== null),
    ready: (kind, game) => { const t = tool(kind, game); return Boolean(t && t.hasAttribute("data-rb-mounted") && t.dataset.rbEngine === "ready"); },
    idle: (kind, game) => { const t = tool(kind, game); return Boolean(t && !t.dataset.rbBusy); },
    // The calculator: the form view, the given fields ([op, scope, name, value]), «Рассчитать».
    calculate(game, fill) {
      const root = tool("calculator", game); openTool(root);
      mode(root, "form");
      for (const [op, scope, name, v] of fill) ops[op](scope ? $(scope, root) : root, name, v);
      const miss = $("[data-rb-miss-confirm]", root);
      if (!fill.length && miss && !miss.checked) miss.click();
      $("form", root).requestSubmit();
      return true;
    },
    // The ruling shown, or the refusal: {ruling} | {error} | null while waiting.
    calcResult: (game) => {
      const root = tool("calculator", game);
      const r = $("[data-rb-result] .rb-ruling", root);
      if (r) return { ruling: r.textContent.replace(/\s+/g, " ").trim() };
      const e = [...root.querySelectorAll("[data-rb-error], .rb-error")].find((x) => visible(x) && x.textContent.trim());
      return e ? { error: e.textContent.trim() } : null;
    },
    history: (game) => Number(($("[data-rb-history]", tool("scorekeeper", game)) || {}).dataset?.rbTotal || 0),
    // Right after a reload an engine may still be between documents: no tool yet is "not yet".
    matchShown: (game) => {
      const t = tool("scorekeeper", game); if (!t) return false;
      const m = $("[data-rb-match]", t);  // drawn by the engine, not the saved summary while it loads
      return Boolean(m && !m.hidden && !m.hasAttribute("data-rb-pending") && (!$("[data-rb-action-form]", t).hidden || !$("[data-rb-decision]", t).hidden));
    },
    startMatch(game) {
      const t = tool("scorekeeper", game); openTool(t);
      $("[data-rb-setup] button[type=submit]", t).click();
      return true;
    },
    // One shot: a decision if the match asks for one, else the drawing's explicit miss and «Записать».
    playMiss(game, fill = []) {
      const t = tool("scorekeeper", game);
      const decision = $("[data-rb-decision]", t);
      if (decision && !decision.hidden) { $("button", decision).click(); return "decision"; }
      const form = $("[data-rb-action-form]", t);
      // A field that names the shooter («пробка»): the first player, as a tap on his chip.
      for (const chips of form.querySelectorAll("[data-rb-player-chips]")) {
        if (visible(chips) && !chips.querySelector("input:checked")) $("label.rb-chip", chips).click();
      }
      if (fill.length) {  // a game whose shot has no «nothing happened»: the form view, these fields
        mode(form, "form");
        for (const [op, scope, name, v] of fill) ops[op](scope ? $(scope, form) : form, name, v);
        $("[data-rb-play]", t).click();  // the record bar follows the form, no part of it
        return "shot";
      }
      mode(form, "drawing");
      const miss = $('[data-rb-shot-tool="miss"]', form);
      if (miss.getAttribute("aria-pressed") !== "true") miss.click();
      $("[data-rb-play]", t).click();
      return "shot";
    },
    // The scorekeeper after a step: {total} once the history has `n` entries, {error} if refused.
    recorded: (game, n) => {
      const t = tool("scorekeeper", game);
      if (!t || t.dataset.rbBusy) return null;
      const total = Number(($("[data-rb-history]", t) || {}).dataset?.rbTotal || 0);
      if (total === n) return { total };
      const e = [...t.querySelectorAll("[data-rb-error], .rb-error, [role=alert]")].find((x) => visible(x) && x.textContent.trim());
      return e ? { error: e.textContent.trim(), total } : null;
    },
    undo: (game) => { $("[data-rb-undo]", tool("scorekeeper", game)).click(); return true; },
    scores: (game) => [...tool("scorekeeper", game).querySelectorAll("[data-rb-scores] .rb-score-points")]
      .map((e) => e.textContent.trim()),
    async boot() {
      const root = new URL($('link[rel="manifest"]').getAttribute("href"), location.href);
      const client = await import(new URL("assets/js/engine-client/engine-client.js", root).href);
      return client.getStatus();
    },
    // The engine's memory snapshot kept in Cache Storage (docs/assets/engine/snapshot.mjs)?
    async snapshotStored() {
      if (!("caches" in window)) return "no-cache-storage";
      const cache = await caches.open("rules-engine-snapshot");
      return (await cache.keys()).length > 0 ? "stored" : null;
    },
    termMarked() {
      const term = $(".rb-term");
      if (!term) return null;
      const s = getComputedStyle(term);
      return { line: s.textDecorationLine, style: s.textDecorationStyle };
    },
    search(query) {
      const box = $("input.md-search__input, [data-md-component=search-query]");
      box.focus(); fire(box, "focus");
      box.value = query; fire(box, "input");
      box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true, key: "a" }));
      return true;
    },
    searchHits: () => [...document.querySelectorAll(".md-search-result__list a")].map((a) => a.getAttribute("href")),
    quizReady: () => Boolean($('[data-rb-tool="quiz"][data-rb-mounted] [data-rb-quiz-start]')),
    quizQuestion: () => Boolean($("form[data-rb-question]")),
    quizStart() { $("[data-rb-quiz-start]").click(); return true; },
    quizAnswer() {
      const form = $("form[data-rb-question]");
      const number = $("input.rb-quiz-number", form);
      if (number) setValue(number, 1);
      else { const c = $("[data-rb-choice]", form); if (c) c.click(); }
      $("[data-rb-quiz-next]").click();
      return true;
    },
    quizVerdict: () => { const f = $(".rb-quiz-feedback[data-rb-verdict]"); return f ? f.dataset.rbVerdict : null; },
    trainerQuestion: () => { const h = $(".rb-trainer-card h3"); return h ? h.textContent.trim() : null; },
    trainerAnswer() {
      const card = $(".rb-trainer-card");
      const number = $("input.rb-quiz-number", card);
      if (number) setValue(number, 1);
      else $("[data-rb-choice]", card).click();
      $("[data-rb-trainer-answer]", card).click();
      return true;
    },
    trainerVerdict: () => { const f = $(".rb-trainer-verdict .rb-quiz-feedback"); return f ? f.dataset.rbVerdict || f.textContent.trim() : null; },
  };
})();
