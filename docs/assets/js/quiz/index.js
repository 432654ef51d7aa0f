// @ts-check
// The quiz page's entry (tools.js imports it for a root marked
// data-rb-tool="quiz", template quiz-widget.html.j2): the quiz embedded in
// the root's data-rb-quiz-payload, the variant and mode in the address, and
// the controller (quiz.js) that shows its screens; the mount returns the teardown.

import { readAddress } from "./quiz-run.js";
import { QuizPage } from "./quiz.js";

/** @typedef {import("./quiz-types.js").Payload} Payload */

const PAYLOAD_FORMAT = "rules_pkg.quiz/1";

/** @param {HTMLElement} root @returns {Payload} */
function readPayload(root) {
  const payload = JSON.parse(root.dataset.rbQuizPayload || "null");
  if (!payload || payload.format !== PAYLOAD_FORMAT || !Array.isArray(payload.questions) || !payload.questions.length) {
    throw new Error("в странице нет вопросов теста");
  }
  return payload;
}

/**
 * Mount the quiz widget (`data-rb-tool="quiz"`).
 * @param {HTMLElement} root
 * @returns {() => void} dispose: the quiz listens only on its own elements;
 *   once disposed it no longer writes the page address
 */
export function mountQuiz(root) {
  const payload = readPayload(root);
  const address = readAddress(window.location.search, payload.questions.length);
  const page = new QuizPage(root, payload, address);
  page.open(address);
  return () => {
    page.disposed = true;
  };
}
