"""One random match of one game through the scorekeeper's screen (and a
calculator request with a random situation), every tap checked. The shots
come from the engine's own random legal play (tests/randplay.py), picked in
CPython from the state the page saved; the same seed replays the same walk."""

from __future__ import annotations

import collections
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from rules_pkg.api import handle
from rules_pkg.games import GAMES
from rules_pkg.warmup import random_ruling_request

from tests.browser.tools_helpers import ENGINE_TIMEOUT_MS, HOLD_CALLS, wait_engine_ready
from tests.randplay import internal_state
from tests.walk.entry import FormEntry, action_decl, asked, drawable, jv, normal
from tests.walk.screen_checks import DRAWN_BALLS, FOCUS, SCREEN_CHECK, SHIFT_OBSERVER

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots" / "walk"
SAVED = "rules-site:match/v2"  # both the saved matches and the open one's pointer
#: Every game with a tool (a scorekeeper and a calculator).
WALK_GAMES = ["kovboy", "pyat-sharov", "kaiza", "probka", "po-chasovoy", "kladka-kiem"]
VIEWPORTS = {
    "360x740": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
    "390x844": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
    "1280x800": {"viewport": {"width": 1280, "height": 800}},
}
THEMES = ("light", "dark")


def context_options(viewport: str, theme: str) -> dict:
    return {**VIEWPORTS[viewport], "color_scheme": theme, "service_workers": "block",
            "reduced_motion": "reduce", "locale": "ru-RU"}


# A tap on the drawing's balls or pockets (not its «nothing happened» tools, which draw the whole shot).
DRAWING_TAP = """el => { const t = el.closest('[data-rb-tap]'); return !!t && (t.dataset.rbTap === 'ball' || t.dataset.rbTap === 'pocket'); }"""
# Whether the drawing takes more than one tap: the page's own rule (it does not move between such taps).
DRAWING_TAKES_MORE_TAPS = """async (table) => !(await import('/assets/js/shot-input/shot-input-core.js')).oneTapDraws(table)"""
# Whether a control is in a field a player goes on tapping (a set, a sequence, a stepper's − +: form.js takesMoreTaps).
TAPS_ON = """el => { const f = el.closest('[data-rb-field]'); const k = f ? f.dataset.rbKind : '';
  return k === 'set' || k === 'sequence' || (k === 'int' && el.tagName !== 'INPUT'); }"""


@dataclass
class Violation:
    kind: str
    what: str
    detail: str
    step: int
    action: str
    shot: str = ""  # the screenshot of the first violation of its kind in the walk

    def key(self) -> tuple:
        return (self.kind, self.what[:60], self.detail[:40])


@dataclass
class Result:
    game: str
    viewport: str
    theme: str
    seed: int
    steps: list[str] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    taps: int = 0
    records: int = 0
    scrolled: int = 0
    axe_runs: int = 0
    crashed: str = ""
    screenshot: str = ""
    seconds: float = 0.0
    late_ms: int = 0  # every engine call held this long (--late)
    timing: dict = field(default_factory=lambda: collections.defaultdict(float))  # where the seconds went


def mouse_drag(page, source, target, steps: int = 8) -> None:
    """The desktop's drag: pressed on `source`, carried to `target`, released."""
    source.scroll_into_view_if_needed()
    a, b = source.bounding_box(), target.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=steps)
    page.mouse.up()


class Walk:
    """The page of one game at one viewport and theme, reused across seeds."""

    def __init__(self, page, base: str, game: str, viewport: str, theme: str, axe_every: int = 8, late_ms: int = 0):
        self.page, self.base, self.game = page, base, game
        self.viewport, self.theme = viewport, theme
        self.mobile = VIEWPORTS[viewport].get("has_touch", False)
        self.axe_every = axe_every
        self.tool = page.locator(f"#rb-scorekeeper-{game}")
        self.sel = f"#rb-scorekeeper-{game}"
        self.table = GAMES[game].declaration().get("table")
        self.res: Result | None = None
        self.since = 0
        self.where = ""  # the label of the current tap, for the violations
        # " (форма)": the taps and records of the form view («Формой», the
        # calculator's form) are reported apart from the drawing's.
        self.suffix = ""
        self.taps_on = False  # the last tap was on a field a player goes on tapping (form.js takesMoreTaps)
        self._drawing_taps_on = None  # drawing_taps_on, asked of the page once
        page.add_init_script(SHIFT_OBSERVER)
        self.late_ms = late_ms
        if late_ms:  # every engine call held this long (a busy phone): what a late answer moves is counted
            page.add_init_script(HOLD_CALLS)
            page.add_init_script(f"window.rbLateMs = {int(late_ms)};")

    @property
    def drawing_taps_on(self) -> bool:
        """The drawing takes more than one tap (several balls, or a pocket tapped once a ball: «Кладка»): the page
        does not move after a tap on it (shot-input-core.js oneTapDraws: a newcomer's second tap landed on a chip)."""
        if self._drawing_taps_on is None:
            self._drawing_taps_on = bool(self.table) and self.page.evaluate(DRAWING_TAKES_MORE_TAPS, self.table)
        return self._drawing_taps_on

    # ---- bookkeeping ----------------------------------------------------------
    def note(self, text: str) -> None:
        self.res.steps.append(text)

    def violate(self, kind: str, what: str, detail: str) -> None:
        v = Violation(kind, what, detail, len(self.res.steps), self.where)
        if any(o.key() == v.key() for o in self.res.violations):
            return
        if not any(o.kind == kind for o in self.res.violations):
            SHOTS.mkdir(parents=True, exist_ok=True)
            path = SHOTS / f"{self.game}-{self.viewport}-{self.theme}-{self.res.seed}-{len(self.res.steps)}-{kind.split()[0]}.png"
            try:
                self.page.screenshot(path=str(path))
                v.shot = str(path.relative_to(ROOT))
                self.res.screenshot = self.res.screenshot or v.shot
            except Exception:  # noqa: BLE001 - a screenshot is a help, never the failure
                pass
        self.res.violations.append(v)

    # ---- taps -------------------------------------------------------------
    def reach(self, locator, label: str):
        """Before a tap: the control must be on screen and uncovered; if not,
        the scroll a player needs is counted and reported. Returns where on
        the screen a player taps it (a point of its own that shows), or None."""
        info = locator.evaluate(REACH)
        what = label.split(":")[0].split(" =")[0]
        # After a tap on a drawing that takes more taps, a field outside the drawing (its chips below) may stand
        # under the bar or past the screen: the page does not move while the player may go on tapping there.
        after_drawing = self.taps_on == "drawing" and not self.suffix and not locator.evaluate(DRAWING_TAP)
        if info["off"] and not after_drawing:
            self.res.scrolled += abs(info["off"])
            self.violate("scroll-needed" + self.suffix, what, f"{info['off']:+d} px до элемента")
        elif info["hit"] and self.taps_on and self.suffix:
            # A tap on a set's chips or a sequence's balls moves nothing (the player may go on tapping
            # there), so the field after it may stand under the bar: a swipe, counted, not a defect.
            self.res.scrolled += 1
            self.violate("scroll-needed" + self.suffix, what, f"под панелью после поля, которое нажимают не раз: {info['hit']}")
        elif info["hit"] and info["underBar"] and self.suffix:
            # In the form view a control partly under the record bar needs the same swipe as one wholly
            # under it (counted above): a field taller than the room («пробка»'s eight fouls at 360 px)
            # is brought up by its top, and the swipe to its last chips is counted, not a defect.
            self.res.scrolled += 1
            self.violate("scroll-needed" + self.suffix, what, f"частью под панелью: {info['hit']}")
        elif (info["off"] or info["hit"]) and after_drawing:
            self.res.scrolled += abs(info["off"]) or 1
            self.violate("scroll-needed (после рисунка)", what, f"после рисунка, который нажимают не раз: {info['off']:+d} px")
        elif info["hit"]:
            self.violate("covered-control" + self.suffix, what, f"закрыт: {info['hit']}")
        return info["point"]

    def press(self, locator, label: str) -> None:
        self.where = label
        point = self.reach(locator, label)
        self.note(label)
        # Where it shows, a player taps the part that shows: Playwright's own tap would first
        # scroll the whole control into view (a move no player makes). Else it scrolls, counted.
        if point and self.mobile:
            self.apart_from_last_tap(point)
            self.page.touchscreen.tap(*point)
        elif point:
            self.page.mouse.click(*point)
        elif self.mobile:
            self.page.wait_for_timeout(400)  # where Playwright's own tap lands is not known before it
            locator.tap()
            box = locator.bounding_box()
            self.last_tap = (time.monotonic(), (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2) if box else (0, 0))
        else:
            locator.click()
        self.res.taps += 1
        self.taps_on = locator.evaluate(TAPS_ON)
        if self.drawing_taps_on and locator.evaluate(DRAWING_TAP):
            self.taps_on = "drawing"
        self.after_tap()

    def apart_from_last_tap(self, point) -> None:
        """Two taps on one spot within the browser's double-tap time are a double tap (it selects the
        word there, and nothing gets the focus): a person tapping two fields one after the other is
        never that quick (the walk's «focus-on-body» on «Ковбой»'s «Из них набрано…» at 390 px)."""
        last = getattr(self, "last_tap", None)
        now = time.monotonic()
        if last and abs(last[1][0] - point[0]) < 30 and abs(last[1][1] - point[1]) < 30 and now - last[0] < 0.4:
            self.page.wait_for_timeout(int((0.4 - (now - last[0])) * 1000))
        self.last_tap = (time.monotonic(), point)

    def pick(self, select, value: str, label: str) -> None:
        self.where = label
        self.reach(select, label)  # after a drawing that takes more taps, as a chip field (press): «Кладка»'s «Туш»
        self.taps_on = False
        self.note(label)
        # A tap on a picker focuses it (select_option alone does not: the page then took the focus
        # left on an earlier chip for where the player had gone on, and brought nothing up).
        select.evaluate("el => el.focus({ preventScroll: true })")
        select.select_option(value=value)
        self.res.taps += 2  # open the native picker, choose
        self.after_tap()

    def type_in(self, inp, text: str, label: str) -> None:
        self.press(inp, label)
        inp.fill(text)
        self.settle()

    def drag(self, source, target, label: str) -> None:
        """One gesture: a finger on a phone (drawing_gestures.touch_drag), the mouse on a desktop."""
        self.where = label
        self.reach(source, label)
        self.reach(target, label)
        self.note(label)
        if self.mobile:
            from drawing_gestures import touch_drag  # tests/browser on sys.path (the runner sets it)
            touch_drag(self.page, source, target)
        else:
            mouse_drag(self.page, source, target)
        self.res.taps += 1
        self.taps_on = "drawing" if self.drawing_taps_on else False
        self.after_tap()

    def settle(self) -> None:
        self.page.wait_for_function("() => !document.querySelector('[data-rb-busy]')", timeout=ENGINE_TIMEOUT_MS)
        self.page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        self.page.wait_for_timeout(40)

    def after_tap(self, must=None, check_focus: bool = True) -> None:
        self.settle()
        if check_focus and self.page.evaluate(FOCUS):
            self.violate("focus-on-body", self.where.split(":")[0], "после нажатия фокус на <body>")
        self.check(must or [])

    def check(self, must: list) -> None:
        t0 = time.monotonic()
        found = self.page.evaluate(SCREEN_CHECK, {"tool": self.sel, "must": must, "since": self.since})
        self.res.timing["checks"] += time.monotonic() - t0
        for v in found:
            kind = v["kind"] + (self.suffix if v["kind"] in ("off-screen", "covered") else "")
            self.violate(kind, v["what"], v["detail"])
        self.since = self.page.evaluate("(window.__walkShifts || []).length")


# ---- the match ------------------------------------------------------------------

# Where a control stands before a tap: `off` is the scroll a player needs to see
# it (beyond the screen's edge, or wholly under a sticky bar: nothing of it shows,
# so a player scrolls, as for one off the screen); `hit` names what lies over a
# control partly shown (a tap there lands on the bar: the defect).
REACH = """el => { const r = el.getBoundingClientRect();
  let off = r.top < 0 ? r.top : r.bottom > innerHeight ? r.bottom - innerHeight : 0;
  let hit = null, point = null, underBar = false;
  const lab = el.labels && el.labels[0];
  const own = (h) => !h || el.contains(h) || h.contains(el) || (lab && (lab.contains(h) || h.contains(lab)));
  if (!off) {
    const x = r.left + r.width / 2;
    const ys = [r.top + 2, r.top + r.height / 2, r.bottom - 2];
    const at = ys.map((y) => document.elementFromPoint(x, y));
    const h = at[1];
    // a point on the control itself (or its label), not on a box around it that a bar or an edge clips
    const mine = ys.findIndex((y, i) => at[i] && (el.contains(at[i]) || (lab && lab.contains(at[i]))));
    if (mine >= 0) point = [x, ys[mine]];
    if (!own(h)) {
      let bar = h;  // the sticky bar that holds what lies over it, if any
      while (bar && !['sticky', 'fixed'].includes(getComputedStyle(bar).position)) bar = bar.parentElement;
      if (bar && at.every((e) => !own(e))) {
        const c = bar.getBoundingClientRect();
        off = c.top + c.height / 2 > innerHeight / 2 ? r.bottom - c.top : r.top - c.bottom;
      } else {
        underBar = !!bar;
        hit = h.tagName.toLowerCase() + [...h.classList].slice(0, 2).map((c) => '.' + c).join('') + ' «' + (h.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 30) + '»';
      }
    }
  }
  return { off: Math.round(off), hit, underBar, h: r.height, point: off ? null : point }; }"""
VERDICT_TEXT = """async ({ sel, ruling, names, calc, request }) => {
  const root = document.querySelector(sel);
  const [rl, w, client] = await Promise.all([import('/assets/js/ruling/ruling-line.js'), import('/assets/js/form/widget.js'),
    import('/assets/js/engine-client/engine-client.js')]);
  const game = w.declarationOf(root);
  // The arguments calculator.js and match-view.js give it (a recorded line: what the status
  // line right above it says is not said again, match-view.js renderMatch).
  const status = root.querySelector('[data-rb-status-line]');
  const make = (r) => rl.renderRulingLine(calc ? { ruling: r, refs: game.refs, score: w.scoreOf(game), decision: true, standalone: true }
    : { ruling: r, refs: game.refs, score: w.scoreOf(game), names, shown: status ? status.textContent : '' });
  const shown = root.querySelector(calc ? '[data-rb-result] .rb-ruling--line' : '[data-rb-last] .rb-ruling--line');
  const text = (el) => { const c = el.cloneNode(true); c.querySelectorAll('.rb-line-note').forEach((n) => n.remove());
    return c.textContent.replace(/\\s+/g, ' ').trim(); };
  const page = await client.call(request);  // the page's own engine (Pyodide), the same request
  return [shown ? text(shown) : '', text(make(ruling)), page && page.ruling ? text(make(page.ruling)) : ''];
}"""
READ_FORM = """async (sel) => {
  const form = document.querySelector(sel + ' [data-rb-form]');
  const f = await import('/assets/js/form/form.js');
  return { situation: f.readScope(form, 'situation'), action: f.readAction(form), options: f.readScope(form, 'options') };
}"""
MATCH_DRAWN = ("sel => { const t = document.querySelector(sel); const m = t.querySelector('[data-rb-match]');"
               " return !m.hidden && !m.hasAttribute('data-rb-pending') && !document.querySelector('[data-rb-busy]'); }")


def entry_diff(game: str, entered: dict, meant: dict) -> str:
    """The fields the screen recorded otherwise than the walker meant."""
    a, b = normal(game, entered), normal(game, meant)
    keys = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
    return "; ".join(f"{k}: введено {json.dumps(a.get(k), ensure_ascii=False)}, задумано {json.dumps(b.get(k), ensure_ascii=False)}"
                     for k in keys)


def differ(a: str, b: str, name_a: str, name_b: str) -> str:
    i = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"{name_a} «…{a[max(0, i - 30):i + 70]}», {name_b} «…{b[max(0, i - 30):i + 70]}»"


def balls_on_table(table: dict, view: dict) -> list[str]:
    """The balls the drawing must show (JSON ids, sorted): the table's balls less
    those the view says are not on it — «absent» (a «Кайза» white waiting in the
    «дом» for its owner, a «Ковбой» ball waiting for its spot) and extra.off_table."""
    off = list(view.get("absent") or []) + list((view.get("extra") or {}).get("off_table") or [])
    return sorted(json.dumps(b["id"]) for b in table["balls"] if b["id"] not in off)


class MatchWalk(Walk):
    def must(self) -> list:
        """What is on screen after a record: the verdict, the board, the record button and
        the next input — the drawing, or where the chips stand above it («пробка»: the
        shooter's number at every shot) the first of them; a tap on it brings the drawing up
        (shot-input.js afterChipTap), and the walk's next tap there checks that."""
        s = self.sel
        form = f"{s} [data-rb-action-form]:not([hidden])"
        first = (["первое поле записи", f'{form} [data-rb-chip-field][data-rb-field="{self.table["chips"][0]}"]']
                 if self.table and self.table.get("chips_first") else ["рисунок стола", f"{form} .rb-table-svg"])
        return [["итог удара", f"{s} [data-rb-last] .rb-ruling--line .rb-verdict"], ["табло", f"{s} [data-rb-scores]"],
                ["кнопка «Записать»", f"{s} [data-rb-match]:has([data-rb-action-form]:not([hidden]) [data-rb-shot-drawing]:not([hidden])) [data-rb-play]"],
                ["кнопки выбора", f"{s} [data-rb-decision]:not([hidden]) [data-rb-choice]"], first]

    def saved_state(self, n_actions: int | None = None) -> dict:
        """The match's state as the page saved it (waits until it has n actions)."""
        for _ in range(100):
            raw = self.page.evaluate(
                "p => Object.keys(localStorage).filter(k => k.startsWith(p)).map(k => localStorage.getItem(k))",
                f"{SAVED}:{self.game}:")
            states = [json.loads(r)["state"] for r in raw if r.startswith("{") and '"state"' in r]
            if states and (n_actions is None or len(states[0]["actions"]) == n_actions):
                return states[0]
            self.page.wait_for_timeout(50)
        raise AssertionError(f"сохранённая партия не найдена или не с {n_actions} записями")

    def total(self) -> int:
        return int(self.tool.locator("[data-rb-history]").get_attribute("data-rb-total") or 0)

    # ---- start --------------------------------------------------------------
    def open_page(self) -> None:
        url = f"{self.base}games/{self.game}/"
        if not self.page.url.startswith(self.base):
            self.page.goto(url)
        # Every walk starts from a first visit (no saved match, tab or input mode),
        # so a seed replays the same taps alone as after other seeds.
        self.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        self.page.goto(url)
        self.since = 0
        self.open_tab("tools", "вкладка «Счёт»")
        wait_engine_ready(self.page, self.sel)
        if not self.tool.evaluate("el => el.tagName !== 'DETAILS' || el.open"):
            self.press(self.tool.locator(":scope > summary"), "открыть «Счёт»")

    def start_match(self, names: list[str]) -> None:
        setup = self.tool.locator("[data-rb-setup]")
        rows = setup.locator("[data-rb-players] .rb-player-row")
        while rows.count() < len(names):
            self.press(setup.locator("[data-rb-add-player]"), "добавить игрока")
        while rows.count() > len(names):
            self.press(rows.last.locator("[data-rb-remove-player]"), "убрать игрока")
        for i, name in enumerate(names):
            self.type_in(rows.nth(i).locator("input"), name, f"имя игрока {i + 1}: {name}")
        self.press(setup.locator("button[type=submit]"), "«Начать партию»")
        self.page.wait_for_function(MATCH_DRAWN, arg=self.sel, timeout=ENGINE_TIMEOUT_MS)
        self.after_record()

    # ---- steps --------------------------------------------------------------
    def after_record(self) -> None:
        self.res.records += 1
        self.check(self.must())
        if self.axe_every and self.res.records % self.axe_every == 4 % self.axe_every:  # a match under way
            self.axe(self.sel)

    def axe(self, include: str) -> None:
        """Serious and critical axe violations in the tool, in its present state."""
        from a11y_helpers import FAILING_IMPACTS, run_axe  # tests/browser on sys.path (the runner sets it)
        self.res.axe_runs += 1
        t0 = time.monotonic()
        found = run_axe(self.page, include)["violations"]
        self.res.timing["axe"] += time.monotonic() - t0
        for v in found:
            if v["impact"] in FAILING_IMPACTS:
                for n in v["nodes"][:3]:
                    self.violate("axe-" + v["id"], n["target"][:80], f"{v['impact']}: {v['help']} — {n['html'][:100]}")

    def mode(self, want: str) -> None:
        drawing = self.tool.locator("[data-rb-action-form] [data-rb-shot-drawing]")
        if not drawing.count():
            return
        shown = drawing.is_visible()
        if shown != (want == "drawing"):
            self.press(self.tool.locator(f"[data-rb-action-form] [data-rb-shot-mode={want}]"), f"«{'На столе' if want == 'drawing' else 'Формой'}»")

    def enter(self, action: dict, view: dict, rng) -> None:
        """The action's taps, without the record button."""
        decl = action_decl(self.game, action["type"])
        if view.get("decision") and action["type"] == "decision":
            self.press(self.tool.locator(f"[data-rb-decision] [data-rb-choice={jv(action['choice'])}]"),
                       f"выбор: {action['choice']}")
            return
        types = self.tool.locator("[data-rb-action-form] input[data-rb-action-type]")
        taps = drawable(self.table, decl, action) if self.table and self.table["action"] == action["type"] else None
        use_drawing = taps is not None and rng.random() < 0.75
        if types.count() > 1:
            chip = self.tool.locator(f"[data-rb-action-form] label.rb-chip:has(input[data-rb-action-type][value={jv(action['type'])}])")
            if not chip.locator("input").is_checked():
                self.press(chip, f"вид записи: {action['type']}")
        box = self.tool.locator(f"[data-rb-action-form] [data-rb-action=\"{action['type']}\"]")
        names = self.names
        self.suffix = "" if use_drawing or not (self.table and self.table["action"] == action["type"]) else " (форма)"
        if use_drawing:
            self.mode("drawing")
            for tap in taps:
                if tap[0] == "miss":
                    self.press(box.locator("[data-rb-shot-tool=miss]"), "«Промах» на рисунке")
                elif tap[0] == "drag":
                    self.drag(box.locator(f"[data-rb-tap=ball][data-rb-id={jv(tap[1])}]"),
                              box.locator(f"[data-rb-tap=pocket][data-rb-id={jv(tap[2])}]"), f"рисунок: {tap[1]} в лузу {tap[2]}")
                else:
                    self.press(box.locator(f"[data-rb-tap={tap[0]}][data-rb-id={jv(tap[1])}]"), f"рисунок: {tap[0]} {tap[1]}")
            # The chips in the order they stand beside the drawing (a player goes down the screen), not the
            # declaration's: «Кайза»'s «Шар забит дуплетом» then «Занятые точки» 34 px under the tab bar (the walk).
            fields = {f["name"]: f for f in decl["fields"]}
            FormEntry(self, box, names).fill([fields[n] for n in self.table["chips"] if n in fields], action)
            return
        if self.table and self.table["action"] == action["type"]:
            self.mode("form")
        FormEntry(self, box, names).fill(decl["fields"], action)
        confirm = box.locator("[data-rb-miss-confirm]")
        miss = (self.table or {}).get("miss") or {}
        if confirm.count() and confirm.is_visible() and action.get(miss.get("field")) in ([], None) \
                and not confirm.is_checked():
            self.press(confirm, "«Промах» в форме")

    def record(self, before: int) -> str:
        """Press «Записать»; the error the page shows if it refused, else ''."""
        self.where = "«Записать»"
        self.press(self.tool.locator("[data-rb-match] [data-rb-play]"), "«Записать»")
        return self.wait_change(before)

    def wait_change(self, before: int) -> str:
        self.page.wait_for_function(
            "([sel, n]) => !document.querySelector('[data-rb-busy]') && (Number(document.querySelector(sel + ' [data-rb-history]').dataset.rbTotal || 0) !== n"
            " || [...document.querySelectorAll(sel + ' [data-rb-match-error], ' + sel + ' [data-rb-action-form] [data-rb-error], ' + sel + ' [data-rb-field-message]')].some(e => e.offsetParent && e.textContent.trim()))",
            arg=[self.sel, before], timeout=ENGINE_TIMEOUT_MS)
        if self.total() != before:
            return ""
        return " | ".join(t.strip() for t in self.tool.locator("[data-rb-match-error]:visible, [data-rb-action-form] [data-rb-error]:visible, [data-rb-field-message]:visible").all_inner_texts() if t.strip())

    def compare_verdict(self, request: dict, where: str) -> None:
        """The screen's line = the page's own renderRulingLine fed the engine's
        answer computed in CPython for the same request."""
        out = handle(request)
        if not out.get("ok") or not out.get("ruling"):
            self.violate("engine-refuses", where, json.dumps(out.get("error"), ensure_ascii=False)[:200])
            return
        calc = request["op"] == "ruling"
        sel = f"#rb-calculator-{self.game}" if calc else self.sel
        names = None if calc else [p if isinstance(p, str) else p.get("name") for p in request["state"]["players"]]
        shown, made, paged = self.page.evaluate(VERDICT_TEXT, {"sel": sel, "ruling": out["ruling"], "names": names,
                                                              "calc": calc, "request": request})
        if shown != paged:  # the screen is not what renderRulingLine makes of the page engine's own answer
            self.violate("verdict-differs", where, differ(shown, paged, "на экране", "из ответа движка страницы"))
        elif shown != made:  # the site's engine (Pyodide wheel) answers otherwise than rules_pkg in CPython
            self.violate("engine-differs", where, differ(paged, made, "движок сайта", "rules_pkg в CPython"))
        return out

    def compare_balls(self, view: dict) -> None:
        drawn = self.page.evaluate(DRAWN_BALLS, self.sel)
        if drawn is None or not self.table:
            return
        want = balls_on_table(self.table, view)
        if sorted(drawn["balls"]) != want:
            self.violate("balls-differ", "рисунок стола", f"нарисованы {sorted(drawn['balls'])}, на столе {want}")
        rack = view.get("rack", self.table.get("pyramid", 0)) or 0
        if drawn["pyramid"] != rack:
            self.violate("balls-differ", "пирамида на рисунке", f"нарисовано {drawn['pyramid']} шаров, на столе {rack}")

    def reload(self) -> None:
        self.where = "перезагрузка"
        self.note("перезагрузка страницы")
        self.page.reload()
        self.since = 0
        self.page.wait_for_function(
            "sel => { const t = document.querySelector(sel); const m = t.querySelector('[data-rb-match]');"
            " if (!m || m.hidden || m.hasAttribute('data-rb-pending') || t.dataset.rbEngine !== 'ready') return false;"
            " return !t.querySelector('[data-rb-action-form]').hidden || !t.querySelector('[data-rb-decision]').hidden"
            " || t.classList.contains('rb-finished'); }", arg=self.sel, timeout=ENGINE_TIMEOUT_MS)
        self.settle()
        self.check(self.must())

    def step(self, rng, state: dict) -> dict | None:
        """One random step; the state after it (None: the walk cannot go on)."""
        view = handle({"op": "match.view", "state": state})["view"]
        self.suffix = ""
        r = rng.random()
        before = self.total()
        if r < 0.06 and state["actions"]:
            self.press(self.tool.locator("[data-rb-undo]"), "«Отменить»")
            self.wait_change(before)
            self.after_record()
            return self.saved_state(len(state["actions"]) - 1)
        if r < 0.09 and state["undone"]:
            self.press(self.tool.locator("[data-rb-redo]"), "«Вернуть»")
            self.wait_change(before)
            self.after_record()
            return self.saved_state(len(state["actions"]) + 1)
        if r < 0.12:
            self.reload()
            return self.saved_state(len(state["actions"]))
        action = asked(GAMES[self.game].random_action(internal_state(state), rng), view)
        self.note(f"ход: {json.dumps(action, ensure_ascii=False)}")
        self.enter(action, view, rng)
        if not (view.get("decision") and action["type"] == "decision"):
            error = self.record(before)
        else:
            error = self.wait_change(before)
        request = {"op": "match.play", "state": state, "action": action}
        if error:
            engine = handle(request)
            self.violate("refused" if engine.get("ok") else "refused-both", action["type"],
                         f"{error[:150]} (движок в CPython: {'принимает' if engine.get('ok') else 'отказывает'})")
            return None
        new = self.saved_state(len(state["actions"]) + 1)
        saved = new["actions"][-1]
        if normal(self.game, saved) != normal(self.game, action):
            self.violate("entry-differs", action["type"], entry_diff(self.game, saved, action))
        out = self.compare_verdict({"op": "match.play", "state": state, "action": saved}, "запись")
        self.after_record()
        if out and out.get("ok"):
            self.compare_balls(out["view"])
        return new

    # ---- the calculator -----------------------------------------------------
    def calculator(self, rng) -> None:
        request = random_ruling_request(self.game, rng)
        self.suffix = " (калькулятор)"
        sel = f"#rb-calculator-{self.game}"
        calc = self.page.locator(sel)
        self.note(f"калькулятор: {json.dumps({k: request[k] for k in ('situation', 'action')}, ensure_ascii=False)}")
        self.open_tab("calculator", "вкладка «Калькулятор»")  # a phone: a tab per tool
        if not calc.evaluate("el => el.tagName !== 'DETAILS' || el.open"):
            self.press(calc.locator(":scope > summary"), "открыть калькулятор")
        form = calc.locator("[data-rb-form]")
        drawing = form.locator("[data-rb-shot-drawing]")
        if drawing.count() and drawing.is_visible():
            self.press(form.locator("[data-rb-shot-mode=form]"), "калькулятор: «Формой»")
        reset = calc.locator("[data-rb-reset]")
        if reset.count() and reset.first.is_visible():
            self.press(reset.first, "калькулятор: «Сбросить»")
        game = GAMES[self.game].declaration()
        situation = [f for f in game.get("situation") or []]
        FormEntry(self, form, scope_name="situation").fill(situation, request["situation"])
        action = request["action"]
        chip = form.locator(f"label.rb-chip:has(input[data-rb-action-type][value={jv(action['type'])}])")
        if chip.count() and not chip.locator("input").is_checked():
            self.press(chip, f"калькулятор: вид {action['type']}")
        box = form.locator(f"[data-rb-action=\"{action['type']}\"]")
        FormEntry(self, box, scope_name="action").fill(action_decl(self.game, action["type"])["fields"], action)
        confirm = box.locator("[data-rb-miss-confirm]")
        miss = (self.table or {}).get("miss") or {}
        if confirm.count() and confirm.is_visible() and action.get(miss.get("field")) in ([], None) and not confirm.is_checked():
            self.press(confirm, "калькулятор: «Промах»")
        sent = self.page.evaluate(READ_FORM, sel)
        if normal(self.game, sent["action"]) != normal(self.game, action):
            self.violate("entry-differs", "калькулятор", entry_diff(self.game, sent["action"], action))
        self.where = "«Рассчитать»"
        self.press(calc.locator("[data-rb-submit]"), "«Рассчитать»")
        req = {"op": "ruling", "game": self.game, "situation": sent["situation"], "action": sent["action"]}
        if sent["options"]:
            req["options"] = sent["options"]
        shown = calc.locator("[data-rb-result]:not([hidden]) .rb-ruling--line")
        error = form.locator("[data-rb-error]:visible, [data-rb-field-message]:visible")
        if shown.count():
            self.compare_verdict(req, "калькулятор")
            self.check([["итог калькулятора", f"{sel} [data-rb-result] .rb-ruling--line .rb-verdict"]])
        elif error.count() and error.first.inner_text().strip():
            if handle(req).get("ok"):
                self.violate("refused", "калькулятор", f"{error.first.inner_text().strip()[:150]} (движок в CPython: принимает)")
            self.check([["отказ калькулятора", f"{sel} [data-rb-error]:not([hidden]), {sel} [data-rb-field-message]"]])
        else:
            self.violate("calc-no-answer", "калькулятор", "после «Рассчитать» нет ни итога, ни сообщения")

    def open_tab(self, tab: str, what: str) -> None:
        """On a phone, the tab of a tool (``tools``: «Счёт», ``calculator``) when it is not the one shown."""
        button = self.page.locator(f".rb-tabs [data-rb-tab={tab}]")
        if button.count() and button.is_visible() and button.get_attribute("aria-pressed") != "true":
            self.press(button, what)

    def back_to_match(self) -> None:
        """From the calculator's answer to the match, as a player goes: on a phone
        the «Счёт» tab; then, if need be, one swipe that brings the scorekeeper's
        top under the bars above. The swipe is counted and reported with the
        calculator's («(калькулятор)»): it is the way between two tools, not a step of either."""
        self.open_tab("tools", "вкладка «Счёт»")
        off = self.tool.evaluate("""el => { const top = Math.max(0, ...[...document.querySelectorAll('.md-header, .rb-tabs')]
            .filter((b) => b.offsetParent).map((b) => b.getBoundingClientRect().bottom));
          const r = el.getBoundingClientRect();
          return r.top >= top && r.top < innerHeight / 2 ? 0 : Math.round(r.top - top); }""")
        if off:
            self.res.scrolled += abs(off)
            self.violate("scroll-needed (калькулятор)", "к партии", f"{off:+d} px до «Счёт партии»")
            self.page.mouse.wheel(0, off)
            self.settle()
            self.note(f"прокрутка к партии: {off:+d} px")

    # ---- one seed -------------------------------------------------------------
    def run(self, seed: int, max_steps: int = 14, calculator: bool = True) -> Result:
        rng = random.Random(f"walk:{self.game}:{seed}")
        self.res = Result(self.game, self.viewport, self.theme, seed, late_ms=self.late_ms)
        t0 = time.monotonic()
        game = GAMES[self.game]
        self.names = ["Аня", "Борис", "Вера", "Глеб"][:rng.randint(game.min_players, min(game.max_players, 4))]
        self.suffix = ""
        try:
            t1 = time.monotonic()
            self.open_page()
            self.res.timing["page load"] += time.monotonic() - t1
            if calculator and rng.random() < 0.5:
                self.calculator(rng)
                self.back_to_match()
                self.suffix = ""
            self.start_match(self.names)
            state = self.saved_state(0)
            for _ in range(max_steps):
                if handle({"op": "match.view", "state": state})["view"]["finished"]:
                    break
                state = self.step(rng, state)
                if state is None:
                    break
            if calculator and rng.random() < 0.5:
                self.calculator(rng)
        except Exception as exc:  # noqa: BLE001 - a walk that breaks is a finding, with its seed
            self.res.crashed = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"
            self.violate("walk-broke", self.where or "—", self.res.crashed)
        self.res.seconds = time.monotonic() - t0
        return self.res
