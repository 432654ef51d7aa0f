// @ts-check
// The share link as a QR code, drawn on the page, so another phone at the
// table opens the same match with no server and no network: its camera reads
// the link, the link holds the match (match-link.js).
//
// The code is made by qrcode-generator (npm, MIT), copied into the site at
// build time (sitebuild/publish/vendor.py) and loaded only when a link is shown.
// Error correction L (7 %): a screen is not a dirty label, and L holds the
// most per module, so a given link gets the largest modules; version 40 at L
// holds 2 953 bytes. A longer link is not drawn: the page says so and offers
// the link and the protocol instead.
//
// The whole code is always on screen at once (a code that must be scrolled
// sideways cannot be scanned): it is scaled to the width it has, each module
// a whole number of device pixels where the width allows (crisp, no blurred
// edges between modules), refitted when that width changes. «На весь экран»
// shows it alone, as large as the screen allows.
//
// How far away a camera reads it, said on the page (scanDistanceCm): the rule
// of thumb of QR sizing guides is that a code scans from about ten times its
// width, stated for codes of about 25 modules a side, i.e. a module of about
// 4 mm at 1 m (imgkilo.com/guides/qr-minimum-size-for-print; also
// peasyqr.com/de/guides/qr-code-size-scanning-distance, qrcodecreator.io's
// size guide): per module, about 250 module widths. A phone's CSS px is about
// 0.17 mm (390 CSS px over a screen some 65 mm wide), so a module of m CSS px
// reads from about 4·m cm. On a 390 px phone (device pixel ratio 3, measured
// by tests/browser/test_match_qr.py) a 10-action match's link (about 400
// characters: some 70 modules) gets modules of 4 CSS px (0.67 mm): about 17 cm,
// said «15 см»; a 300-action one (about 1 900 characters: some 145 modules)
// 2 CSS px (0.33 mm): about 8 cm, said «10 см». From 1 m it would take modules
// of 4 mm, a 70-module code 28 cm wide: no phone screen. The figure is a cautious one (made for print; a lit
// screen and a good camera read further); the page says it, not a promise.
// A module under MIN_MODULE_PX gets a note: bring the phones closer, open the
// code full screen, or send the link.

import { characters } from "../lib/ru.js";
import { svgNamespace } from "../shot-input/table-svg.js";

export const QR_LEVEL = "L";
export const QR_MAX_BYTES = 2953; // version 40, level L, byte mode
const QUIET_MODULES = 4; // the quiet zone the standard asks for
const MIN_MODULE_PX = 2; // CSS px: below it a camera reads the code only from under about 8 cm
const MM_PER_CSS_PX = 65 / 390; // a phone's screen: 390 CSS px over about 65 mm
const DISTANCE_PER_MODULE = 250; // the rule of thumb: 1 m for a module of 4 mm
const LIBRARY = new URL("../../vendor/qrcode-generator/qrcode.mjs", import.meta.url).href;

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

// One SVG path of the dark modules, drawn square, on a white quiet zone; its
// size on the page is set by fitSvg.
/** @param {QrCode} code @returns {SVGSVGElement} */
function drawSvg(code) {
  const count = code.getModuleCount();
  const side = count + 2 * QUIET_MODULES;
  let d = "";
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (code.isDark(row, col)) d += `M${col + QUIET_MODULES} ${row + QUIET_MODULES}h1v1h-1z`;
    }
  }
  const ns = svgNamespace();
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS(ns, "svg"));
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "QR-код ссылки на партию");
  svg.style.display = "block";
  svg.style.margin = "0 auto";
  svg.style.maxWidth = "100%";
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

/**
 * The CSS px of one module for a code of ``side`` modules (quiet zone
 * included) in ``width`` CSS px on a screen of ``ratio`` device pixels per CSS
 * px: the largest whole number of device pixels that fits, or, on a width too
 * narrow for even one device pixel a module, the exact fraction that fits.
 * @param {number} side @param {number} width @param {number} ratio
 */
export function modulePixels(side, width, ratio) {
  const device = Math.floor((width * ratio) / side);
  return device >= 1 ? device / ratio : width / side;
}

/**
 * About how far (cm) a phone's camera reads a code whose module is ``modulePx``
 * CSS px on a phone's screen, by the rule of thumb above; rounded to 5 cm, at least 5.
 * @param {number} modulePx
 */
export function scanDistanceCm(modulePx) {
  const cm = (modulePx * MM_PER_CSS_PX * DISTANCE_PER_MODULE) / 10;
  return Math.max(5, Math.round(cm / 5) * 5);
}

/** @param {SVGSVGElement} svg */
function sideOf(svg) {
  return svg.viewBox.baseVal.width;
}

// Sizes ``svg`` to fit ``width`` × ``height`` CSS px; its module size in CSS px.
/** @param {SVGSVGElement} svg @param {number} width @param {number} height */
function fitSvg(svg, width, height) {
  const module = modulePixels(sideOf(svg), Math.max(1, Math.min(width, height)), window.devicePixelRatio || 1);
  const size = `${module * sideOf(svg)}px`;
  svg.style.width = size;
  svg.style.height = size;
  return module;
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
  frame.dataset.rbQrFrame = "";
  const svg = drawSvg(code);
  frame.append(svg);
  const distance = paragraph("rb-help", "");
  distance.dataset.rbQrDistance = "";
  const small = paragraph("rb-help", SMALL_NOTE);
  small.dataset.rbQrSmall = "";
  const whole = fullScreenButton(svg);
  panel.append(frame, distance, small, whole);
  box.append(panel);
  box.hidden = false;
  const fit = () => {
    const module = fitSvg(svg, frame.clientWidth, Infinity);
    distance.textContent = `Камера другого телефона прочтёт код примерно с ${scanDistanceCm(module)} см `
      + "(чем длиннее партия, тем мельче код и тем ближе надо поднести телефон).";
    small.hidden = module >= MIN_MODULE_PX;
  };
  fit();
  new ResizeObserver(fit).observe(frame);
  return panel;
}

const SMALL_NOTE = "Код мелкий для этого экрана: поднесите телефоны ближе, "
  + "откройте код на весь экран или отправьте сопернику саму ссылку.";

// «На весь экран»: the code alone in a modal dialog, as large as the screen
// allows; «Закрыть» or Esc closes it and the focus returns to the button.
/** @param {SVGSVGElement} svg */
function fullScreenButton(svg) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button";
  button.textContent = "На весь экран";
  button.dataset.rbQrFull = "";
  button.addEventListener("click", () => openFullScreen(svg, button));
  return button;
}

/** @param {SVGSVGElement} svg @param {HTMLElement} opener */
function openFullScreen(svg, opener) {
  const dialog = document.createElement("dialog");
  dialog.dataset.rbQrDialog = "";
  dialog.setAttribute("aria-label", "QR-код партии на весь экран");
  Object.assign(dialog.style, {
    width: "100vw", height: "100dvh", maxWidth: "none", maxHeight: "none", margin: "0",
    padding: "0", border: "0", background: "#fff", color: "#000",
    display: "flex", flexDirection: "column", alignItems: "stretch", boxSizing: "border-box",
  });
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Закрыть";
  Object.assign(close.style, { // the dialog is outside the page's type styles: a full-size touch target here
    alignSelf: "flex-end", margin: "8px", minHeight: "48px", padding: "0 20px", font: "bold 1rem/1 sans-serif",
    color: "#000", background: "#fff", border: "2px solid #000", borderRadius: "8px", cursor: "pointer",
  });
  close.addEventListener("click", () => dialog.close());
  const area = document.createElement("div");
  Object.assign(area.style, { flex: "1", minHeight: "0", display: "flex", alignItems: "center" });
  const copy = /** @type {SVGSVGElement} */ (svg.cloneNode(true));
  area.append(copy);
  dialog.append(close, area);
  document.body.append(dialog);
  const fit = () => fitSvg(copy, area.clientWidth, area.clientHeight);
  const observer = new ResizeObserver(fit);
  dialog.addEventListener("close", () => {
    observer.disconnect();
    dialog.remove();
    opener.focus();
  });
  dialog.showModal();
  close.focus();
  fit();
  observer.observe(area);
}
