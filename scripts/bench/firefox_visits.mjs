// The benchmark's visits in Firefox (firefox-esr through puppeteer-core over WebDriver
// BiDi), driven by scripts/bench/engines.py: one JSON command a line on stdin, one JSON
// answer a line on stdout.
//   {"cmd": "context"}                                 a fresh profile (no cache, no service worker)
//   {"cmd": "visit", "url", "key", "script", "timeout"} a new tab with `script` run in every
//                                                      document, until window.__bench[key] is set;
//                                                      answers {"marks": window.__bench}
//   {"cmd": "quit"}
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.FIREFOX || "/usr/bin/firefox-esr",
  headless: true,
  protocol: "webDriverBiDi",
});
const reply = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
reply({ version: await browser.version() });

let context = null;
const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const msg = JSON.parse(line);
  try {
    if (msg.cmd === "quit") break;
    if (msg.cmd === "context") {
      if (context) await context.close();
      context = await browser.createBrowserContext();
      reply({ ok: true });
    } else if (msg.cmd === "visit") {
      const page = await context.newPage();
      try {
        await page.evaluateOnNewDocument(msg.script);
        await page.goto(msg.url, { waitUntil: "domcontentloaded", timeout: msg.timeout });
        await page.waitForFunction((key) => window.__bench && key in window.__bench,
          { timeout: msg.timeout, polling: 50 }, msg.key);
        reply({ marks: await page.evaluate(() => window.__bench) });
      } finally {
        await page.close();
      }
    }
  } catch (err) {
    reply({ error: String((err && err.message) || err) });
  }
}
if (context) await context.close();
await browser.close();
