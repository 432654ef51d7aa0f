// @ts-check
// The scorekeeper's two ways to send a match elsewhere: a link that opens
// the same match on another device (match-link.js), shown as a QR code too
// (match-qr.js: the other phone's camera reads it, no network), and the plain-text
// protocol from the engine (op match.protocol), both with a visible
// confirmation, and the text shown for copying by hand if the browser says no.

import { copyText, hideButton, shareLink, showManualCopy } from "../lib/clipboard.js";
import { call } from "../engine-client/engine-client.js";
import { encodeMatch, matchUrl } from "./match-link.js";
import { showMatchQr } from "./match-qr.js";
import { records } from "../lib/ru.js";
import { messageOf } from "../form/widget.js";

// notice(text, tone) shows a line under the buttons; manualBox is where the
// text appears when it cannot be copied automatically.

/** @typedef {import("../lib/types.js").MatchState} MatchState */
/** @typedef {(text: string, tone?: string) => void} Notice */

/**
 * @param {{ state: MatchState, game: { title: string }, view: import("../lib/types.js").View | null,
 *   notice: Notice, manualBox: HTMLElement }} args
 */
export async function shareMatch({ state, game, view, notice, manualBox }) {
  const url = matchUrl(await encodeMatch(state));
  const names = state.players.join(", ");
  const result = await shareLink({
    title: `Партия «${game.title}»`,
    text: `Партия «${game.title}»: ${names}. ${view && view.status ? view.status : ""}`.trim(),
    url,
  });
  if (result === "shared") notice("Ссылка на партию отправлена.");
  else if (result === "copied") {
    notice("Ссылка на партию скопирована. Отправьте её сопернику: по ней откроются тот же счёт и та же история.");
  }
  if (result === "failed") {
    notice("");
    showManualCopy(manualBox, url, {
      label: "Ссылка на партию",
      note: "Браузер не дал скопировать ссылку. Она выделена ниже: скопируйте её вручную и отправьте сопернику.",
    });
  } else {
    manualBox.replaceChildren();
  }
  await showMatchQr(manualBox, url);
  if (result !== "failed") manualBox.append(hideButton(manualBox));
  return result;
}

/** @param {{ state: MatchState, notice: Notice, manualBox: HTMLElement }} args @returns {Promise<boolean>} */
export async function copyProtocol({ state, notice, manualBox }) {
  let response;
  try {
    response = await call({ op: "match.protocol", state });
  } catch (err) {
    notice(messageOf(err), "error");
    return false;
  }
  if (!response || response.ok !== true || typeof response.text !== "string") {
    notice(messageOf(response), "error");
    return false;
  }
  const count = Array.isArray(state.actions) ? state.actions.length : 0;
  if (await copyText(response.text)) {
    notice(`Протокол партии скопирован (${records(count)}): его можно вставить в сообщение.`);
    return true;
  }
  notice("");
  showManualCopy(manualBox, response.text, {
    label: "Протокол партии",
    note: "Браузер не дал скопировать протокол. Текст выделен ниже: скопируйте его вручную.",
  });
  return false;
}
