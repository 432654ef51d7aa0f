// @ts-check
// The scorekeeper's elements (sitebuild/templates/scorekeeper.html.j2), each
// found once by its data-rb-* hook. A missing element is a template that no
// longer matches this module: mounting fails at once, with its selector.
// Found part by part of the screen — a damaged saved match, a match from a
// link, the setup, the match, its buttons and its history — in that order.

/**
 * @template {Element} T
 * @param {ParentNode} root @param {string} selector @param {{ new (): T, prototype: T }} type
 * @returns {T}
 */
function find(root, selector, type) {
  const el = root.querySelector(selector);
  if (!(el instanceof type)) throw new Error(`в счёте партии нет элемента ${selector}`);
  return el;
}

/** The lookups of one root, by the kind of element expected. @param {ParentNode} root */
function findersOf(root) {
  return {
    root,
    /** @param {string} selector */
    el: (selector) => find(root, selector, HTMLElement),
    /** @param {string} selector */
    button: (selector) => find(root, selector, HTMLButtonElement),
    /** @param {string} selector */
    form: (selector) => find(root, selector, HTMLFormElement),
  };
}
/** @typedef {ReturnType<typeof findersOf>} Finders */

/** A damaged saved match. @param {Finders} f */
function restoreParts({ el, button }) {
  return {
    restore: el("[data-rb-restore]"),
    restoreMessage: el("[data-rb-restore-message]"),
    restoreConfirm: el("[data-rb-restore-confirm]"),
    restoreNew: button("[data-rb-restore-new]"),
    restoreDelete: button("[data-rb-restore-delete]"),
    restoreDeleteNo: button("[data-rb-restore-delete-no]"),
    restoreDeleteYes: button("[data-rb-restore-delete-yes]"),
  };
}

/** A match from a link (match-import.js). @param {Finders} f */
function importParts({ el }) {
  return {
    import: el("[data-rb-import]"),
    importMessage: el("[data-rb-import-message]"),
    importPreview: el("[data-rb-import-preview]"),
    importButtons: el("[data-rb-import-buttons]"),
  };
}

/** The saved matches and a new match. @param {Finders} f @param {Element | null} addPlayer */
function setupParts({ root, el, button, form }, addPlayer) {
  return {
    saved: el("[data-rb-saved]"),
    savedList: el("[data-rb-saved-list]"),
    savedCount: el("[data-rb-saved-count]"),
    setup: form("[data-rb-setup]"),
    setupHeading: el("[data-rb-setup-heading]"),
    setupSubmit: button('[data-rb-setup] button[type="submit"]'),
    setupError: el("[data-rb-setup] [data-rb-error]"),
    back: button("[data-rb-back]"),
    players: el("[data-rb-players]"),
    playerTemplate: find(root, "[data-rb-player-template]", HTMLTemplateElement),
    addPlayer: addPlayer instanceof HTMLButtonElement ? addPlayer : null,
  };
}

/** The match (rendered by match-view.js): its lines, board, table, decision and input. @param {Finders} f */
function matchParts({ root, el, button, form }) {
  return {
    match: el("[data-rb-match]"),
    statusLine: el("[data-rb-status-line]"),
    optionsLine: el("[data-rb-options-line]"),
    scores: el("[data-rb-scores]"),
    table: find(root, "[data-rb-table]", HTMLDetailsElement),
    tableSummary: el("[data-rb-table-summary]"),
    tableBody: el("[data-rb-table-body]"),
    decision: el("[data-rb-decision]"),
    decisionQuestion: el("[data-rb-decision-question]"),
    decisionOptions: el("[data-rb-decision-options]"),
    actionForm: form("[data-rb-action-form]"),
    actionTitle: el("[data-rb-action-title]"),
    actionGroup: el("[data-rb-action-group]"),
    actionReset: button("[data-rb-bar] [data-rb-reset]"),
    play: button("[data-rb-play]"),
    matchError: el("[data-rb-match-error]"),
    last: el("[data-rb-last]"),
    lastTitle: el("[data-rb-last-title]"),
    lastBody: el("[data-rb-last-body]"),
    lastEmpty: el("[data-rb-last-body] .rb-sk-last-empty"), // what the place says before the first record (the page's own)
  };
}

/** The match's buttons, its notice and the wake lock's line. @param {Finders} f */
function matchButtonParts({ el, button }) {
  return {
    undo: button("[data-rb-undo]"),
    redo: button("[data-rb-redo]"),
    share: button("[data-rb-share]"),
    protocol: button("[data-rb-protocol]"),
    notice: el("[data-rb-notice]"),
    manualCopy: el("[data-rb-manual-copy]"),
    list: button("[data-rb-list]"),
    newMatch: button("[data-rb-new]"),
    awake: el("[data-rb-awake]"),
  };
}

/** The match's history. @param {Finders} f */
function historyParts({ el, button }) {
  return {
    historyList: el("[data-rb-history]"),
    historyUndone: el("[data-rb-history-undone]"),
    historyCount: el("[data-rb-history-count]"),
    historyEmpty: el("[data-rb-history-empty]"),
    historyMore: button("[data-rb-history-more]"),
  };
}

/** @param {ParentNode} root */
export function findUi(root) {
  const finders = findersOf(root);
  const addPlayer = root.querySelector("[data-rb-add-player]"); // only when the number of players can change
  return {
    ...restoreParts(finders),
    ...importParts(finders),
    ...setupParts(finders, addPlayer),
    ...matchParts(finders),
    ...matchButtonParts(finders),
    ...historyParts(finders),
  };
}

/** @typedef {ReturnType<typeof findUi>} ScorekeeperUi */
