// Chromium (Debian's chromium, over CDP) or Firefox (Debian's firefox-esr, over
// WebDriver BiDi) for tests/xengine/, through puppeteer-core (BROWSER=chrome|firefox,
// EXECUTABLE=path): one JSON command a line on stdin, one JSON answer a line on stdout.
// (Not Playwright for Chromium: the suite runs in the same pytest process as
// tests/browser, whose Playwright sync API already holds the event loop.)
//   {"cmd": "open", "url"}          the page (one tab, one profile for the whole run)
//   {"cmd": "js", "src", "args"}    the value of (src)(...args) in the page, awaited
//   {"cmd": "reload"}               reload, wait for the load event
//   {"cmd": "quit"}
// The first line it writes is {"version"}: the browser's own name and version.
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const reply = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
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
const page = await browser.newPage();
await page.setViewport({ width: 1280, height: 900 });
const consoleErrors = [];
page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
page.on("pageerror", (e) => consoleErrors.push(String(e && e.message || e)));

for await (const line of readline.createInterface({ input: process.stdin })) {
  const msg = JSON.parse(line);
  try {
    if (msg.cmd === "quit") break;
    if (msg.cmd === "open") {
      await page.goto(msg.url, { waitUntil: "load", timeout: 120000 });
      reply({ ok: true });
    } else if (msg.cmd === "reload") {
      await page.reload({ waitUntil: "load", timeout: 120000 });
      reply({ ok: true });
    } else if (msg.cmd === "console") {
      reply({ value: consoleErrors.splice(0) });
    } else if (msg.cmd === "js") {
      const value = await page.evaluate((src, args) => (0, eval)("(" + src + ")")(...args), msg.src, msg.args);
      reply({ value: value === undefined ? null : value });
    }
  } catch (err) {
    reply({ error: String((err && err.message) || err) });
  }
}
await browser.close();
