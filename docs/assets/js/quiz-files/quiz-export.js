// @ts-check
// The trainer's downloads (GIFT, Moodle XML) with absolute rule links.
//
// The build writes the exports with links relative to the file
// (`../games/kovboy/#kovboy-rule-4`: right wherever the site is published, but
// dead inside Moodle). When a trainer clicks a download link marked
// `data-rb-export="gift|xml"`, the page fetches the file, resolves every link
// against the file's own address (so it works on any host and under any base
// path, with no build setting) and saves the result. Without JavaScript, or if
// the fetch fails, the browser downloads the file as built.
//
// absoluteLinks() is pure (node --test via tests/test_quiz_exports_js.py);
// mountQuizFiles() (index.js) wires the links of one section and returns its teardown.

/** @typedef {"gift" | "xml"} ExportFormat */

const GIFT_SPECIAL = "\\~=#{}:";
const HTML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** @param {string} text */
function htmlUnescape(text) {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name) =>
    ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" })[name]);
}

/** @param {string} text */
function htmlEscape(text) {
  return text.replace(/[&<>"]/g, (ch) => HTML_ESCAPES[/** @type {keyof HTML_ESCAPES} */ (ch)]);
}

/** @param {string} text */
function giftUnescape(text) {
  return text.replace(/\\(.)/g, (_, ch) => (ch === "n" ? "\n" : ch));
}

/** @param {string} text */
function giftEscape(text) {
  let out = "";
  for (const ch of text) out += GIFT_SPECIAL.includes(ch) ? `\\${ch}` : ch === "\n" ? "\\n" : ch;
  return out;
}

/**
 * The absolute form of one href value (already HTML-unescaped).
 * @param {string} href
 * @param {string} fileUrl
 */
export function absoluteUrl(href, fileUrl) {
  try {
    return new URL(href, fileUrl).href;
  } catch {
    return href; // not a URL at all: leave it as the author wrote it
  }
}

/**
 * Every `href="…"` of an export, resolved against the export's own address.
 * GIFT writes the attribute GIFT-escaped (`href\="…\#id"`), Moodle XML plain
 * inside CDATA; both carry the value HTML-escaped.
 * @param {string} text the file as built
 * @param {ExportFormat} format
 * @param {string} fileUrl the absolute address the file was downloaded from
 * @returns {string}
 */
export function absoluteLinks(text, format, fileUrl) {
  if (format === "gift") {
    return text.replace(/href\\="((?:[^"\\]|\\.)*)"/g, (_, value) =>
      `href\\="${giftEscape(htmlEscape(absoluteUrl(htmlUnescape(giftUnescape(value)), fileUrl)))}"`);
  }
  if (format === "xml") {
    return text.replace(/href="([^"]*)"/g, (_, value) =>
      `href="${htmlEscape(absoluteUrl(htmlUnescape(value), fileUrl))}"`);
  }
  throw new Error(`неизвестный формат выгрузки ${format}`);
}

/**
 * @param {string} name
 * @param {string} text
 * @param {string} type
 */
function save(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/**
 * @param {HTMLAnchorElement} link
 * @param {HTMLElement} root
 */
export async function download(link, root) {
  const format = /** @type {ExportFormat} */ (link.dataset.rbExport);
  const fileUrl = link.href; // absolute: the browser resolves the relative href
  const status = root.querySelector("[data-rb-export-status]");
  try {
    const response = await fetch(fileUrl, { cache: "no-cache" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = absoluteLinks(await response.text(), format, fileUrl);
    const name = link.getAttribute("download") || fileUrl.split("/").pop() || "quiz.txt";
    save(name, text, format === "xml" ? "application/xml;charset=utf-8" : "text/plain;charset=utf-8");
    if (status) status.textContent = `Файл ${name} сохранён; ссылки на пункты правил ведут на ${new URL("..", fileUrl).href}`;
  } catch (err) {
    console.error(err);
    if (status) status.textContent = "Не удалось подготовить файл с полными адресами ссылок; скачивается файл как есть.";
    window.location.assign(fileUrl);
  }
}

