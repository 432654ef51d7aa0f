// Chromium (Debian's chromium, over CDP) or Firefox (Debian's firefox-esr, over
// WebDriver BiDi) through puppeteer-core (BROWSER=chrome|firefox, EXECUTABLE=path), for
// tests/xengine/engines.py (the cross-engine suite and scripts/bench's engine visits):
// one JSON command a line on stdin, one JSON answer a line on stdout.
// (Not Playwright for Chromium: the suite runs in the same pytest process as
// tests/browser, whose Playwright sync API already holds the event loop.)
//   {"cmd": "open", "url", "init"?, "timeout"?}  navigate the tab, wait for the load event;
//                                               `init`: a script run in that document from
//                                               its start (before the page's own scripts)
//   {"cmd": "reload", "timeout"?}                 reload, wait for the load event
//   {"cmd": "js", "src", "args"}                 the value of (src)(...args) in the page, awaited
//   {"cmd": "wait", "src", "args", "timeout"}    until (src)(...args) is truthy in the page (50 ms
//                                               polls inside the browser); its value
//   {"cmd": "console"}                           the page's console errors since the last ask
//   {"cmd": "context"}                           a fresh profile (no cache, no service worker)
//                                               and a new tab in it
//   {"cmd": "quit"}
// The first line it writes is {"version"}: the browser's own name and version.
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const reply = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
const TIMEOUT_MS = 120000;
const EVAL = (src, args) => (0, eval)("(" + src + ")")(...args);
let browser;
try {
  const firefox = process.env.BROWSER === "firefox";
  browser = await puppeteer.launch(firefox
    ? { browser: "firefox", executablePath: process.env.EXECUTABLE, headless: true, protocol: "webDriverBiDi" }
    : { browser: "chrome", executablePath: process.env.EXECUTABLE, headless: true, args: ["--no-sandbox"] });
} catch (err) {
  reply({ error: `${process.env.BROWSER} did not start: ` + String((err && err.message) || err) });
  process.exit(1);
}
reply({ version: await browser.version() });

const consoleErrors = [];
let context = null; // null: the browser's default profile
let page;

async function newTab() {
  page = await (context || browser).newPage();
  await page.setViewport({ width: 1280, height: 900 });
  page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
  page.on("pageerror", (e) => consoleErrors.push(String(e && e.message || e)));
}

async function open(msg) {
  const init = msg.init ? await page.evaluateOnNewDocument(msg.init) : null;
  try {
    await page.goto(msg.url, { waitUntil: "load", timeout: msg.timeout || TIMEOUT_MS });
  } finally {
    if (init) await page.removeScriptToEvaluateOnNewDocument(init.identifier);
  }
}

await newTab();
for await (const line of readline.createInterface({ input: process.stdin })) {
  const msg = JSON.parse(line);
  try {
    if (msg.cmd === "quit") break;
    if (msg.cmd === "open") {
      await open(msg);
      reply({ ok: true });
    } else if (msg.cmd === "reload") {
      await page.reload({ waitUntil: "load", timeout: msg.timeout || TIMEOUT_MS });
      reply({ ok: true });
    } else if (msg.cmd === "console") {
      reply({ value: consoleErrors.splice(0) });
    } else if (msg.cmd === "js") {
      const value = await page.evaluate(EVAL, msg.src, msg.args);
      reply({ value: value === undefined ? null : value });
    } else if (msg.cmd === "wait") {
      const handle = await page.waitForFunction(EVAL, { timeout: msg.timeout || TIMEOUT_MS, polling: 50 },
        msg.src, msg.args);
      reply({ value: await handle.jsonValue() });
    } else if (msg.cmd === "context") {
      await page.close();
      if (context) await context.close();
      context = await browser.createBrowserContext();
      await newTab();
      reply({ ok: true });
    }
  } catch (err) {
    reply({ error: String((err && err.message) || err) });
  }
}
if (context) await context.close();
await browser.close();
