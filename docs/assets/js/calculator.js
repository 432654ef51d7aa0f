// The shot calculator: situation + action -> one ruling (op "ruling").

import { call, getStatus } from "./engine-client.js";
import { bindEngineStatus } from "./engine-status.js";
import { clearFieldErrors, markFieldError, readAction, readScope, resetForm, setupForm } from "./form.js";
import { renderRuling } from "./ruling.js";
import { declarationOf, messageOf, reveal, showError, whileBusy } from "./widget.js";

export function mountCalculator(root) {
  const game = declarationOf(root);
  const form = root.querySelector("[data-rb-form]");
  const errorBox = form.querySelector("[data-rb-error]");
  const result = root.querySelector("[data-rb-result]");
  const submit = form.querySelector("[data-rb-submit]");
  bindEngineStatus(root);
  setupForm(form);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearFieldErrors(form);
    showError(errorBox, "");
    const request = {
      op: "ruling",
      game: game.id,
      situation: readScope(form, "situation"),
      action: readAction(form),
    };
    const options = readScope(form, "options");
    if (Object.keys(options).length) request.options = options;

    whileBusy(root, async () => {
      const label = submit.textContent;
      submit.textContent = getStatus().state === "loading" ? "Ждём загрузки правил…" : "Считаем…";
      try {
        const response = await call(request);
        if (!response || response.ok !== true) {
          showError(errorBox, messageOf(response));
          const field = markFieldError(form, response && response.error && response.error.field);
          if (field) field.scrollIntoView({ block: "center", behavior: "smooth" });
          return;
        }
        result.replaceChildren(renderRuling({ ruling: response.ruling, refs: game.refs }));
        result.hidden = false;
        reveal(result);
      } catch (err) {
        showError(errorBox, messageOf(err));
      } finally {
        submit.textContent = label;
      }
    });
  });

  form.querySelector("[data-rb-reset]").addEventListener("click", () => {
    resetForm(form);
    clearFieldErrors(form);
    showError(errorBox, "");
    result.hidden = true;
    result.replaceChildren();
  });
}
