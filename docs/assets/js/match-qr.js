// @ts-check
// The share link as a QR code, drawn on the page, so another phone at the
// table opens the same match with no server and no network: its camera reads
// the link, the link holds the match (match-link.js).
//
// The code is made by qrcode-generator (npm, MIT), copied into the site at
// build time (sitebuild/vendor.py) and loaded only when a link is shown.
// Error correction L (7 %): a screen is not a dirty label, and L holds the
// most per module, so a given link gets the largest modules; version 40 at L
// holds 2 953 bytes. A longer link is not drawn: the page says so and offers
// the link and the protocol instead. A module is never under 4 CSS px (with
// the standard's 4-module quiet zone): a code wider than the panel (a link of
// more than about 500 characters on a 360 px screen) scrolls sideways.

import { characters } from "./ru.js";

export const QR_LEVEL = "L";
export const QR_MAX_BYTES = 2953; // version 40, level L, byte mode
const QUIET_MODULES = 4; // the quiet zone the standard asks for
const MIN_MODULE_PX = 4; // CSS px: readable from about 1 m on a phone screen
const LIBRARY = new URL("../vendor/qrcode-generator/qrcode.mjs", import.meta.url).href;

/** @typedef {{ addData(text: string): void, make(): void, getModuleCount(): number,
 *   isDark(row: number, col: number): boolean }} QrCode */
/** @typedef {(typeNumber: number, level: string) => QrCode} QrFactory */

/** @type {Promise<QrFactory> | null} */
let library = null;

/** @returns {Promise<QrFactory>} */
function loadLibrary() {
  library ||= import(LIBRARY).then((module) => /** @type {QrFactory} */ (module.default));
  return library;
}

// The modules of the code for ``text``, or null when no QR code holds it.
/** @param {QrFactory} qrcode @param {string} text @returns {QrCode | null} */
function encode(qrcode, text) {
  if (new TextEncoder().encode(text).length > QR_MAX_BYTES) return null;
  const code = qrcode(0, QR_LEVEL); // 0: the smallest version that holds the text
  code.addData(text);
  try {
    code.make();
  } catch {
    return null; // "code length overflow": more than version 40 holds
  }
  return code;
}

// One SVG path of the dark modules, drawn square: crisp at any zoom.
/** @param {QrCode} code @param {number} modulePx */
function drawSvg(code, modulePx) {
  const count = code.getModuleCount();
  const side = count + 2 * QUIET_MODULES;
  let d = "";
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) d += `M${col + QUIET_MODULES} ${row + QUIET_MODULES}h1v1h-1z`;
    }
  }
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("width", String(side * modulePx));
  svg.setAttribute("height", String(side * modulePx));
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "QR-код ссылки на партию");
  svg.style.display = "block";
  svg.style.maxWidth = "none"; // never scaled below its module size: the frame scrolls instead
  svg.style.height = "auto";
  svg.style.background = "#fff";
  const background = document.createElementNS(ns, "rect");
  background.setAttribute("width", String(side));
  background.setAttribute("height", String(side));
  background.setAttribute("fill", "#fff");
  const modules = document.createElementNS(ns, "path");
  modules.setAttribute("d", d);
  modules.setAttribute("fill", "#000");
  svg.append(background, modules);
  return svg;
}

// The largest whole module size that fits ``width``, never under MIN_MODULE_PX.
/** @param {number} count @param {number} width */
export function modulePixels(count, width) {
  return Math.max(MIN_MODULE_PX, Math.floor(width / (count + 2 * QUIET_MODULES)));
}

/** @param {string} className @param {string} text */
function paragraph(className, text) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

/**
 * The share panel's QR part, appended to ``box``: the code of ``url`` with the
 * link's length, or, for a link no QR code holds, why not and what to do.
 * @param {HTMLElement} box @param {string} url @returns {Promise<HTMLElement>}
 */
export async function showMatchQr(box, url) {
  const panel = document.createElement("div");
  panel.className = "rb-match-qr";
  panel.dataset.rbMatchQr = "";
  panel.dataset.rbLinkLength = String(url.length);
  const code = encode(await loadLibrary(), url);
  if (code === null) {
    panel.dataset.rbQrTooLong = "";
    panel.append(paragraph("rb-help", `Ссылка на партию — ${characters(url.length)}: это больше, чем вмещает `
      + "QR-код. Отправьте сопернику саму ссылку («Поделиться партией») или протокол партии "
      + "(«Скопировать протокол»)."));
    box.append(panel);
    box.hidden = false;
    return panel;
  }
  panel.append(paragraph("rb-help", `Наведите камеру другого телефона на код: откроется эта партия. `
    + `Ссылка — ${characters(url.length)}.`));
  const frame = document.createElement("div");
  frame.style.overflowX = "auto";
  frame.style.maxWidth = "100%";
  panel.append(frame);
  box.append(panel);
  box.hidden = false;
  const width = frame.clientWidth || box.clientWidth || 320;
  frame.append(drawSvg(code, modulePixels(code.getModuleCount(), width)));
  return panel;
}
