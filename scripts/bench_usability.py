#!/usr/bin/env python3
"""Usability benchmark of the scorekeeper at the table (issue 10): scripted
matches in Chromium at 390×844 with touch, recorded on the table drawing as a
player would. For every step it prints the taps it took (including
«Записать»), the pixels the page scrolled, and whether the next input (or the
decision's buttons), the score board and the record button are fully in the
viewport afterwards.

    .venv/bin/python scripts/bench_usability.py            # build the site first: bash scripts/build.sh
    .venv/bin/python scripts/bench_usability.py --site /tmp/my-site

Matches: «Ковбой» — 12 shots with a bad break (and the opponent's decision), a
foul and an undo; «Игра с пробкой» with 6 players; «Кладка шаров кием» with
penalties (a double hit, a touch, a touch outside a stroke).
Targets: median ≤ 2 taps per «Ковбой» shot, 0 px scrolled between shots,
undo in 1 tap, every decision button in the viewport when it appears.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from tools_helpers import start_on_table  # noqa: E402  (the same start as the browser tests)
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2, "service_workers": "block", "reduced_motion": "reduce", "locale": "ru-RU"}
TIMEOUT = 90_000


class Bench:
    def __init__(self, page, game: str):
        self.page = page
        self.game = game
        self.tool = page.locator(f"#rb-scorekeeper-{game}")
        self.taps = 0
        self.rows: list[dict] = []

    # ---- taps ------------------------------------------------------------
    def tap(self, locator) -> None:
        locator.tap()
        self.taps += 1

    def ball(self, ball) -> None:
        self.tap(self.tool.locator(f"[data-rb-action-form] [data-rb-tap=ball][data-rb-id='{json.dumps(ball)}']"))

    def pocket(self, pocket: str) -> None:
        self.tap(self.tool.locator(f"[data-rb-action-form] [data-rb-tap=pocket][data-rb-id='\"{pocket}\"']"))

    def cue(self) -> None:
        self.tap(self.tool.locator("[data-rb-action-form] [data-rb-tap=cue]"))

    def tool_button(self, name: str) -> None:
        self.tap(self.tool.locator(f"[data-rb-action-form] [data-rb-shot-tool={name}]"))

    def chip(self, field: str, value) -> None:
        self.tap(self.tool.locator(f"[data-rb-field={field}] label.rb-chip:has(input[value='{json.dumps(value)}'])"))

    def player(self, number: int) -> None:
        self.tap(self.tool.locator("[data-rb-field=shooter] [data-rb-player-chips] label.rb-chip").nth(number - 1))

    def select(self, field: str, value) -> None:
        self.tool.locator(f"[data-rb-field={field}]:visible select").select_option(value=json.dumps(value))
        self.taps += 1

    def wait_idle(self) -> None:
        self.page.wait_for_function("sel => !document.querySelector(sel).dataset.rbBusy", arg=f"#rb-scorekeeper-{self.game}",
                                    timeout=TIMEOUT)

    # ---- measuring ----------------------------------------------------------
    def visible(self, selector: str) -> bool:
        loc = self.tool.locator(selector)
        if not loc.count() or not loc.first.is_visible():
            return False
        for i in range(loc.count()):
            box = loc.nth(i).bounding_box()
            if box is None or box["y"] < 0 or box["y"] + box["height"] > PHONE["viewport"]["height"] + 0.5:
                return False
        return True

    def step(self, label: str, taps_fn, *, record: bool = True) -> None:
        y0 = self.page.evaluate("window.scrollY")
        self.taps = 0
        total = self.tool.locator("[data-rb-history]").get_attribute("data-rb-total") or "0"
        taps_fn()
        if record:
            self.tap(self.tool.locator("[data-rb-play]"))
        self.page.wait_for_function(
            "([sel, n]) => document.querySelector(sel + ' [data-rb-history]').dataset.rbTotal !== n"
            " && !document.querySelector(sel).dataset.rbBusy", arg=[f"#rb-scorekeeper-{self.game}", total], timeout=TIMEOUT)
        self.page.wait_for_timeout(50)
        error = self.tool.locator("[data-rb-match-error]")
        decision = self.tool.locator("[data-rb-decision]").is_visible()
        line = self.tool.locator("[data-rb-last] .rb-ruling--line")
        self.rows.append({
            "step": label, "taps": self.taps, "scrolled": abs(self.page.evaluate("window.scrollY") - y0),
            "board": self.visible("[data-rb-scores]"),
            "input": self.visible("[data-rb-decision] button") if decision else self.visible(".rb-table-svg"),
            "record": decision or self.visible("[data-rb-play]") or self.finished(),
            "undo": self.visible("[data-rb-undo]"),
            "decision": decision,
            "verdict": line.locator(".rb-badge").inner_text().strip() if line.count() else "",
            "error": error.inner_text().strip() if error.is_visible() else "",
        })

    def finished(self) -> bool:
        return self.tool.evaluate("el => el.classList.contains('rb-finished')")


def start(page, base: str, game: str, names: list[str]) -> Bench:
    start_on_table(page, base, game, names)
    return Bench(page, game)


def kovboy(page, base) -> Bench:
    b = start(page, base, "kovboy", ["Аня", "Борис"])
    b.step("Аня: начальный удар по пятёрке (неправильный)", lambda: b.ball(5))
    b.step("Борис: решение «повторить»", lambda: b.tap(b.tool.locator("[data-rb-decision] button").first), record=False)
    b.step("Аня: начальный удар, тройка в лузе", lambda: (b.ball(3), b.pocket("far-left")))
    b.step("Аня: карамболь 1 → 5", lambda: (b.ball(1), b.ball(5)))
    b.step("Аня: касание пятёрки", lambda: b.ball(5))
    b.step("Борис: промах", lambda: b.tool_button("miss"))
    b.step("Аня: касание единицы", lambda: b.ball(1))
    b.step("Борис: пятёрка в лузе", lambda: (b.ball(5), b.pocket("near-right")))
    b.step("Борис: касание единицы, биток в лузе (нарушение)", lambda: (b.ball(1), b.cue(), b.pocket("right-middle")))
    b.step("Аня: промах", lambda: b.tool_button("miss"))
    b.step("Отмена последней записи", lambda: b.tap(b.tool.locator("[data-rb-undo]")), record=False)
    b.step("Аня: касание тройки (вместо отменённого промаха)", lambda: b.ball(3))
    b.step("Борис: касание тройки", lambda: b.ball(3))
    b.step("Аня: промах", lambda: b.tool_button("miss"))
    return b


def probka(page, base) -> Bench:
    names = ["Аня", "Борис", "Вера", "Глеб", "Дина", "Ефим"]
    b = start(page, base, "probka", names)
    b.step("Борис: промах (нарушение «в»)", lambda: (b.player(2), b.chip("fouls", "v")))
    b.step("Вера: без результата", lambda: (b.player(3), b.tool_button("miss")))
    b.step("Глеб: биток в лузе (нарушение «г»)", lambda: (b.player(4), b.cue(), b.pocket("far-left")))
    b.step("Дина: без результата", lambda: (b.player(5), b.tool_button("miss")))
    b.step("Ефим: пробка сбита", lambda: (b.player(6), b.ball("probka")))
    b.step("Аня: без результата", lambda: (b.player(1), b.tool_button("miss")))
    return b


def kladka(page, base) -> Bench:
    b = start(page, base, "kladka-kiem", ["Аня", "Борис"])
    b.step("Аня: разбивка, два шара в лузах", lambda: (b.chip("opening", "break"), b.pocket("far-left"), b.pocket("near-left")))
    b.step("Аня: шар в лузе", lambda: b.pocket("far-right"))
    b.step("Аня: ни один шар не упал", lambda: b.tool_button("miss"))
    b.step("Аня: двойной удар и шар в лузе (штраф)", lambda: (b.chip("double_hit", True) if False else b.tap(
        b.tool.locator("[data-rb-field=double_hit] label")), b.pocket("left-middle")))
    b.step("Аня: туш рукой при ударе (штраф)", lambda: (b.select("touch", "hand"), b.pocket("right-middle")))
    b.step("Аня: туш вне удара (штраф)", lambda: (b.tap(b.tool.locator("label.rb-chip:has(input[data-rb-action-type][value='\"touch\"'])")),
                                                  b.select("touch", "clothes")))
    b.step("Аня: шар в лузе (форма снова — удар)", lambda: b.pocket("far-left"))
    return b


def report(title: str, bench: Bench, shots_only: bool) -> dict:
    print(f"\n{title}")
    print(f"{'шаг':<52} {'нажатий':>7} {'прокрутка, px':>13} {'ввод':>5} {'табло':>6} {'кнопка':>6} {'отмена':>6}  решение")
    for r in bench.rows:
        yes = lambda v: "да" if v else "НЕТ"  # noqa: E731
        verdict = r["verdict"] + (f" | ОШИБКА: {r['error']}" if r["error"] else "")
        print(f"{r['step'][:52]:<52} {r['taps']:>7} {r['scrolled']:>13.0f} {yes(r['input']):>5} {yes(r['board']):>6} "
              f"{yes(r['record']):>6} {yes(r['undo']):>6}  {verdict}{' — ВЫБОР' if r['decision'] else ''}")
    shots = [r for r in bench.rows if not r["step"].startswith(("Отмена",)) and "решение «" not in r["step"]]
    taps = [r["taps"] for r in shots]
    summary = {
        "median_taps": statistics.median(taps), "max_scrolled": max(r["scrolled"] for r in bench.rows),
        "all_in_view": all(r["input"] and r["board"] and r["record"] for r in bench.rows),
        "errors": [r["error"] for r in bench.rows if r["error"]],
    }
    undo = [r for r in bench.rows if r["step"].startswith("Отмена")]
    if undo:
        summary["undo_taps"] = undo[0]["taps"]
    print(f"  медиана нажатий на удар: {summary['median_taps']:g}; прокрутка: не больше {summary['max_scrolled']:.0f} px; "
          f"ввод, табло и кнопка всегда на экране: {'да' if summary['all_in_view'] else 'НЕТ'}"
          + (f"; отмена: {summary['undo_taps']} нажатие" if undo else ""))
    return summary


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default=str(ROOT / "site"), help="the built site (default: site/)")
    args = parser.parse_args(argv)
    site = Path(args.site)
    if not (site / "games" / "kovboy" / "index.html").exists():
        print(f"нет собранного сайта в {site}: запустите bash scripts/build.sh", file=sys.stderr)
        return 2
    port = free_port()
    server = subprocess.Popen([sys.executable, str(ROOT / "sitebuild" / "serve.py"), str(site), "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium) if chromium else p.chromium.launch()
            results = {}
            for title, play in (("«Ковбой»: 12 ударов, неправильный начальный удар, нарушение, отмена", kovboy),
                                ("«Игра с пробкой»: 6 игроков", probka),
                                ("«Кладка шаров кием»: штрафы", kladka)):
                context = browser.new_context(**PHONE)
                page = context.new_page()
                results[play.__name__] = report(title, play(page, base), True)
                context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait()
    k = results["kovboy"]
    ok = (k["median_taps"] <= 2 and all(r["max_scrolled"] == 0 for r in results.values())
          and k.get("undo_taps") == 1 and all(r["all_in_view"] for r in results.values())
          and not any(r["errors"] for r in results.values()))
    print(f"\nЦели (медиана ≤ 2 нажатий в «Ковбое», 0 px прокрутки, отмена в 1 нажатие, всё на экране): "
          f"{'выполнены' if ok else 'НЕ выполнены'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
