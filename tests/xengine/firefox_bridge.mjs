// Firefox (Debian's firefox-esr) for tests/xengine/, through puppeteer-core over
// WebDriver BiDi: one JSON command a line on stdin, one JSON answer a line on stdout.
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
  browser = await puppeteer.launch({
    browser: "firefox", executablePath: process.env.FIREFOX || "/usr/bin/firefox-esr",
    headless: true, protocol: "webDriverBiDi",
  });
} catch (err) {
  reply({ error: "Firefox did not start: " + String((err && err.message) || err) });
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
