// @ts-check
// The quiz downloads' entry (tools.js imports it for a root marked
// data-rb-tool="quiz-files"): a click on a link marked data-rb-export inside
// the root downloads the file with absolute rule links (quiz-export.js); the
// mount returns the teardown.

import { download } from "./quiz-export.js";

/**
 * Mount the export links of one section (`data-rb-tool="quiz-files"`).
 * @param {HTMLElement} root
 * @returns {() => void} teardown
 */
export function mountQuizFiles(root) {
  /** @param {MouseEvent} event */
  const onClick = (event) => {
    const target = /** @type {Element | null} */ (event.target);
    const link = /** @type {HTMLAnchorElement | null} */ (target && target.closest("a[data-rb-export]"));
    if (!link || !root.contains(link) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    download(link, root);
  };
  root.addEventListener("click", onClick);
  return () => root.removeEventListener("click", onClick);
}
