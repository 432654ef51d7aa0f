"""The visits, in Debian's Chromium through Playwright.

Profiles:

* ``phone``: 390×844 touch viewport; network through the Chrome DevTools Protocol
  (``Network.emulateNetworkConditions``: 1.6 Mbit/s down (204,800 B/s, Lighthouse's
  "Slow 4G"), 150 ms added per request, 675 kbit/s up); CPU slowed 4× (``throttle``:
  CDP's ``Emulation.setCPUThrottlingRate`` slows only a page's main thread, not the
  engine's worker, so by default the renderer processes are slowed instead);
* ``desktop``: 1280×900, no throttling.

For each profile: **cold** visits (a fresh browser context: empty HTTP cache, no
service worker), then in the first cold visit's context **warm** (online, the service
worker serves the site; the phone network emulated) and **offline** (the context's
offline switch on AND the server answering 503). The bare page is measured the same
way, interleaved with ours (ours, bare, ours, ...): each run's ratio is ours ÷ the bare
page's ready time of the same kind, measured right after it. Every visit opens
``games/kovboy/`` in a new tab and submits the calculator's form as it is the moment
it is on the page (an in-page script, so Playwright's own latency is not measured).
From the navigation's start, inside the page (``performance.now()``):

* **text**: the largest contentful paint (the rule text on screen);
* **result**: the first calculator result (``.rb-ruling``) in the page;
* **bytes**: what the server sent for requests made before the result;
* **boot**: the worker's path (``snapshot`` or ``normal``, from its ``ready``);
* **next page**: after the result, a click on «Пять шаров» in the navigation until
  that page's calculator has answered (instant navigation: the worker stays; a full
  load: from the click, the new page's own boot);
* cold visits also: when the site was saved for offline use, and its bytes;
* **human-paced** visits (repeat and offline, ``--human N`` each): the calculator is
  entered at a person's pace as soon as the form is shown — three taps (a ball on the
  drawing, «✕», «Промах»), one every 0.7 s, then «Рассчитать» — and the wait from
  that last tap to the verdict is what the player feels (0 if the engine was ready).
"""

from __future__ import annotations

import json
import time

from . import BARE, CPU_SLOWDOWN, GAME, NEXT_GAME, NEXT_TITLE, PAGE

#: Lighthouse "Slow 4G": 1.6 Mbit/s down, 150 ms round trip, 675 kbit/s up.
PHONE_NET = {"offline": False, "latency": 150, "downloadThroughput": 1.6 * 1024 * 1024 / 8,
             "uploadThroughput": 675 * 1024 / 8, "connectionType": "cellular4g"}
TIMEOUT_MS = 240_000
#: The human-paced visit: one tap every 0.7 s from the moment the form is shown (issue 19).
HUMAN_PACE_MS = 700

# In every document: when the calculator appears, submit its form as it is, and
# note when things happen (ms since the navigation's start).
INIT_SCRIPT = """(() => {
  const marks = (window.__bench = window.__bench || {});
  const now = () => performance.now();
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) marks.lcp = e.renderTime || e.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  } catch (e) {}
  try {
    const channel = new BroadcastChannel("rules-bench");
    channel.onmessage = (e) => {
      const key = "w:" + e.data.stage;
      if (!(key in marks)) marks[key] = e.data.t - performance.timeOrigin;
    };
    channel.postMessage("replay"); // the worker's marks from before this script ran

  } catch (e) {}
  const submitted = new Set();
  const check = () => {
    for (const root of document.querySelectorAll('[data-rb-tool="calculator"][data-rb-mounted]')) {
      const game = root.dataset.rbGame;
      if (!submitted.has(game)) {
        submitted.add(game);
        // On a phone «Правила» shows no tool: the player opens the calculator's own tab.
        const tab = document.querySelector('.rb-tabs [data-rb-tab="calculator"]');
        if (!root.getClientRects().length && tab && tab.getClientRects().length) tab.click();
        marks["shown:" + game] = now();
        // The simplest shot, a miss, said explicitly (an empty input is never one):
        // the «Промах» chip of the table drawing, or the form's own miss box.
        const miss = root.querySelector('[data-rb-shot-tool="miss"]');
        const confirm = root.querySelector("[data-rb-miss-confirm]");
        const visible = (el) => el && el.getClientRects().length;
        const tap = (el) => el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
        const submit = () => { marks["submit:" + game] = now(); root.querySelector("form").requestSubmit(); };
        const pace = window.__benchPace;
        if (pace && visible(miss)) {
          // A person's pace: a ball on the drawing, «✕», «Промах», one tap every
          // `pace` ms from the moment the form is shown, then «Рассчитать».
          const ball = root.querySelector('[data-rb-tap="ball"]');
          const clear = root.querySelector('[data-rb-shot-tool="clear"]');
          const taps = [visible(ball) ? ball : miss, visible(clear) && visible(ball) ? clear : miss, miss];
          taps.forEach((el, i) => setTimeout(() => { tap(el); marks["tap" + i + ":" + game] = now(); }, i * pace));
          setTimeout(submit, taps.length * pace);
        } else {
          if (visible(miss)) miss.click();
          else if (confirm) { confirm.checked = true; confirm.dispatchEvent(new Event("change", { bubbles: true })); }
          submit();
        }
      }
      const key = "result:" + game;
      if (!(key in marks)) {
        if (root.querySelector("[data-rb-result] .rb-ruling")) marks[key] = now();
        const err = root.querySelector("form [data-rb-error]");
        if (err && !err.hidden && err.textContent.trim()) { marks[key] = now(); marks["error:" + game] = err.textContent.trim(); }
      }
    }
    if (!("saved" in marks) && document.documentElement.dataset.rbOffline === "saved") marks.saved = now();
  };
  const start = () => {
    new MutationObserver(check).observe(document.documentElement, { childList: true, subtree: true, attributes: true,
      attributeFilter: ["data-rb-mounted", "data-rb-offline", "hidden"] });
    check();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
})();"""

class Profile:
    def __init__(self, name: str, throttled: bool, context_options: dict):
        self.name, self.throttled, self.context_options = name, throttled, context_options


PROFILES = {
    "phone": Profile("phone", True, {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                                     "is_mobile": True, "has_touch": True}),
    "desktop": Profile("desktop", False, {"viewport": {"width": 1280, "height": 900}}),
}


class Bench:
    def __init__(self, args, browser, counter: Counter, slowdown: RendererSlowdown | None):
        self.args, self.browser, self.counter, self.slowdown = args, browser, counter, slowdown
        self.warm_up_failed = False  # then no later visit waits for it
        self.base = f"http://127.0.0.1:{args.port}/"

    def context(self, profile: Profile):
        context = self.browser.new_context(locale="ru-RU", **profile.context_options)
        context.add_init_script(INIT_SCRIPT)
        context.set_default_timeout(TIMEOUT_MS)
        return context

    def visit(self, context, profile: Profile, path: str, *, offline_mode: bool = False, next_page: bool = True,
              human: bool = False) -> dict:
        page = context.new_page()
        if human:
            page.add_init_script(f"window.__benchPace = {HUMAN_PACE_MS};")
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        self._throttle(context, page, profile, offline_mode)
        bare = path == BARE
        key = "result" if bare else f"result:{GAME}"
        t_start = time.monotonic()
        try:
            page.goto(self.base + path, wait_until="commit", timeout=TIMEOUT_MS)
            page.wait_for_function(f"window.__bench && {json.dumps(key)} in window.__bench", timeout=TIMEOUT_MS)
            marks = page.evaluate("window.__bench")
            row = self._result_row(marks, key, t_start, human)
            if row["error"]:
                # A refusal is not an answer: figures timed to it would be meaningless.
                raise SystemExit(f"[bench] the calculator refused the benchmark's shot on {path}: {row['error']}")
            if not bare and next_page:
                marks = _visit_next_page(page, row)
            if not bare:
                self._after_result(page, row, marks, t_start, offline_mode)
            if "saved" in marks:
                row["saved"] = marks["saved"] / 1000
                row["saved_bytes"] = self.counter.bytes_between(t_start, t_start + marks["saved"] / 1000 + 0.5)
        finally:
            if self.slowdown:
                self.slowdown.active.clear()
            page.close()
        row["page_errors"] = errors
        return row

    def _throttle(self, context, page, profile: Profile, offline_mode: bool) -> None:
        """The profile's network and CPU slowdown for one visit's page."""
        if profile.throttled and not offline_mode:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", PHONE_NET)
            if self.args.cpu == "cdp":
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        elif profile.throttled and self.args.cpu == "cdp":
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        if self.slowdown and profile.throttled:
            self.slowdown.active.set()

    def _result_row(self, marks: dict, key: str, t_start: float, human: bool) -> dict:
        """A visit's row from the page's marks once the first result (``key``) is there."""
        t_result = t_start + marks[key] / 1000
        row = {
            "stages": {k[2:]: round(v / 1000, 3) for k, v in marks.items() if k.startswith("w:")},
            "text": marks.get("lcp") / 1000 if marks.get("lcp") else None,
            "result": marks[key] / 1000,
            "bytes": self.counter.bytes_between(t_start, t_result),
            "error": marks.get(f"error:{GAME}"),
            "submit": marks[f"submit:{GAME}"] / 1000 if f"submit:{GAME}" in marks else None,
            "boot": next((k[len("w:boot:"):] for k in marks if k.startswith("w:boot:")), None),
        }
        if human:  # the wait a player feels: from the last tap («Рассчитать») to the verdict
            row["human_wait"] = (marks[key] - marks[f"submit:{GAME}"]) / 1000
            row["form_shown"] = marks[f"shown:{GAME}"] / 1000
        return row

    def _after_result(self, page, row: dict, marks: dict, t_start: float, offline_mode: bool) -> None:
        """Our page, after its result: wait for the offline save, the snapshot, the warm-up."""
        if self.args.wait_saved and not offline_mode and "saved" not in marks:
            # The page's own mark can miss a save that finished while a full page load
            # was under way: ask the caches, and time it from here.
            saved_at = wait_precached(page)
            if saved_at is not None:
                marks["saved"] = (saved_at - t_start) * 1000
        if self.args.variant != "no-snapshot" and not offline_mode:
            row["snapshot_stored"] = wait_snapshot(page)
        if row["boot"] == "snapshot" and not self.warm_up_failed:
            # A player keeps the page open after the verdict: the worker's idle
            # warm-up (once per device and site version) then makes Chromium
            # cache the compiled WebAssembly. Only the first such visit waits.
            row["warmed"] = wait_warmed(page)
            self.warm_up_failed = not row["warmed"]

    def run_profile(self, profile: Profile) -> dict:
        runs: dict[str, list[dict]] = {k: [] for k in (
            "cold", "warm", "offline", "bare_cold", "bare_warm", "bare_offline")}
        warm_context = None
        for i in range(self.args.cold):
            context = self.context(profile)
            print(f"[bench] {profile.name}: cold {i + 1}/{self.args.cold}", flush=True)
            runs["cold"].append(self.visit(context, profile, PAGE))
            if warm_context is None:
                warm_context = context  # keeps its service worker and caches for warm/offline
                if "saved" not in runs["cold"][-1]:
                    print("[bench] warning: the site was not saved for offline use", flush=True)
            else:
                context.close()
            bare_context = self.context(profile)
            runs["bare_cold"].append(self.visit(bare_context, profile, BARE))
            bare_context.close()
            pair(runs["cold"][-1], runs["bare_cold"][-1])
        for kind, n, off in (("warm", self.args.warm, False), ("offline", self.args.offline, True)):
            if off:
                warm_context.set_offline(True)
                self.counter.down = True
            for i in range(n):
                print(f"[bench] {profile.name}: {kind} {i + 1}/{n}", flush=True)
                runs[kind].append(self.visit(warm_context, profile, PAGE, offline_mode=off))
                runs["bare_" + kind].append(self.visit(warm_context, profile, BARE, offline_mode=off))
                pair(runs[kind][-1], runs["bare_" + kind][-1])
            if off:
                warm_context.set_offline(False)
                self.counter.down = False
        for kind, off in (("human_warm", False), ("human_offline", True)):
            warm_context.set_offline(off)
            self.counter.down = off
            for i in range(self.args.human):
                print(f"[bench] {profile.name}: {kind.replace('_', ' ')} {i + 1}/{self.args.human}", flush=True)
                row = self.visit(warm_context, profile, PAGE, offline_mode=off, next_page=False, human=True)
                print(f"         human-paced: form shown {row['form_shown']:.2f} s, wait after the last tap "
                      f"{row['human_wait']:.2f} s, boot {row['boot']}", flush=True)
                runs.setdefault(kind, []).append(row)
        warm_context.set_offline(False)
        self.counter.down = False
        warm_context.close()
        return runs


#: Is this entry in the worker's cache (docs/assets/engine/snapshot.mjs)? Arguments:
#: "__engine-snapshot" (the memory snapshot) or "__engine-warmed" (the worker's
#: warm-up is done: Chromium has cached the optimized WebAssembly beside the
#: service worker's copy).
ENGINE_ENTRY_JS = """async (name) => {
  if (typeof caches === "undefined") return false;
  const cache = await caches.open("rules-engine-snapshot");
  return (await cache.keys()).some((request) => request.url.endsWith("/" + name));
}"""
SNAPSHOT = "__engine-snapshot"
WARMED = "__engine-warmed"
#: The same checks without an argument (for engines.py's WebDriver, which passes none).
SNAPSHOT_JS = f"() => ({ENGINE_ENTRY_JS})({SNAPSHOT!r})"
WARMED_JS = f"() => ({ENGINE_ENTRY_JS})({WARMED!r})"


# The cache is complete when it holds the list it was filled from (sitebuild/publish/offline_sw.js),
# found at the root of the worker's scope — from any page of the site.
PRECACHED_JS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return false;
  const list = new URL("__rules-precache.json", registration.scope).href;
  for (const name of await caches.keys()) {
    if (name.startsWith("rules-site-") && await (await caches.open(name)).match(list)) return true;
  }
  return false;
}"""


def _visit_next_page(page, row: dict) -> dict:
    """After the result: a click on the next game in the navigation until that page's
    calculator has answered; adds the ``next_page*`` figures to ``row``, returns the marks."""
    t0 = page.evaluate("""(title) => {
                    const link = [...document.querySelectorAll('a.md-nav__link')].find(a => a.textContent.includes(title));
                    const t = performance.now(); link.click(); return t; }""", NEXT_TITLE)
    page.wait_for_function(f"window.__bench && 'result:{NEXT_GAME}' in window.__bench",
                           timeout=TIMEOUT_MS)
    marks = page.evaluate("window.__bench")
    if marks.get(f"error:{NEXT_GAME}"):
        raise SystemExit(f"[bench] the calculator refused the benchmark's shot on the next page: "
                         f"{marks[f'error:{NEXT_GAME}']}")
    # The same document (instant navigation), not a page load: the marks survived.
    row["next_page_instant"] = f"submit:{GAME}" in marks
    # A full load: the new document's clock starts at its navigation, i.e. the click.
    row["next_page"] = ((marks[f"result:{NEXT_GAME}"] - t0) if row["next_page_instant"]
                        else marks[f"result:{NEXT_GAME}"]) / 1000
    if row["next_page_instant"] and f"shown:{NEXT_GAME}" in marks and f"submit:{NEXT_GAME}" in marks:
        # Where the time goes: the new page on screen with its form, then the engine's answer.
        row["next_page_form"] = (marks[f"shown:{NEXT_GAME}"] - t0) / 1000
        row["next_page_answer"] = (marks[f"result:{NEXT_GAME}"] - marks[f"submit:{NEXT_GAME}"]) / 1000
    return marks


def wait_precached(page, timeout: float = TIMEOUT_MS / 1000) -> float | None:
    """When the service worker's cache was complete (monotonic time), or None; from any page."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.evaluate(PRECACHED_JS):
            return time.monotonic()
        page.wait_for_timeout(200)
    return None


def wait_snapshot(page, timeout: float = 60.0) -> bool:
    """Keep the page (and its worker) open until the worker has stored its snapshot:
    the next visit of the run is then a repeat visit with a snapshot."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.evaluate(ENGINE_ENTRY_JS, SNAPSHOT):
            return True
        page.wait_for_timeout(200)
    print("[bench] warning: no snapshot was stored", flush=True)
    return False


def wait_warmed(page, timeout: float = 120.0) -> bool:
    """Keep the page open until the worker's warm-up is done (at once if it was)."""
    if page.evaluate(ENGINE_ENTRY_JS, WARMED):
        return True
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        page.wait_for_timeout(250)
        if page.evaluate(ENGINE_ENTRY_JS, WARMED):
            page.wait_for_timeout(1000)  # the compiled code is written off the worker's thread
            return True
    print("[bench] warning: the worker did not warm up", flush=True)
    return False


def pair(ours: dict, bare: dict) -> None:
    """One run: our visit and the bare page's right after it; the ratio of the two."""
    ours["ratio"] = ours["result"] / bare["result"] if bare.get("result") else None
    ratio = f"{ours['ratio']:.2f}" if ours["ratio"] else "—"
    print(f"         ours {fmt(ours)}; bare {fmt(bare)}; ratio {ratio}", flush=True)


def fmt(row: dict) -> str:
    parts = [f"result {row['result']:.2f} s"] + ([f"boot {row['boot']}"] if row.get("boot") else [])
    if row.get("text") is not None:
        parts.insert(0, f"text {row['text']:.2f} s")
    parts.append(f"{row['bytes'] / 1e6:.2f} MB")
    if "next_page" in row:
        parts.append(f"next page {row['next_page']:.2f} s")
    if "saved" in row:
        parts.append(f"saved {row['saved']:.1f} s / {row['saved_bytes'] / 1e6:.2f} MB")
    if row.get("stages"):
        parts.append("stages " + " ".join(f"{k}={v:.2f}" for k, v in row["stages"].items()))
    if row.get("error"):
        parts.append(f"ERROR {row['error']!r}")
    if row.get("page_errors"):
        parts.append(f"page errors {row['page_errors']}")
    return ", ".join(parts)
