"""The phone's slower CPU: every renderer process of one browser stopped and let run
(SIGSTOP / SIGCONT) so that a busy loop in a page runs CPU_SLOWDOWN times slower.

``calibrate`` tunes the duty cycle until the measured slowdown is within
CPU_TOLERANCE of the target and returns the figure it reached; ``check`` measures
it again (after a profile's visits), so a report can say whether the run held it.
"""

from __future__ import annotations

import os
import signal
import statistics
import threading
import time
from pathlib import Path

from . import CPU_SLOWDOWN, CPU_TOLERANCE


class RendererSlowdown(threading.Thread):
    """Slow every renderer process of one browser by ``factor``: SIGSTOP / SIGCONT duty cycle."""

    PERIOD = 0.020

    def __init__(self, marker: str, factor: float):
        super().__init__(name="renderer-slowdown", daemon=True)
        self.marker, self.factor = marker, factor
        self.active = threading.Event()
        self.stopped = threading.Event()
        self.pids: list[int] = []
        self.ran = self.held = 0.0

    def _renderers(self) -> list[int]:
        parent: dict[int, int] = {}
        cmd: dict[int, str] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                parent[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
                cmd[int(entry)] = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(
                    errors="replace")
            except (OSError, ValueError, IndexError):
                continue
        roots = {pid for pid, c in cmd.items() if self.marker in c and "--type=" not in c}
        tree, changed = set(roots), True
        while changed:
            changed = False
            for pid, ppid in parent.items():
                if ppid in tree and pid not in tree:
                    tree.add(pid)
                    changed = True
        return [pid for pid in tree if "--type=renderer" in cmd.get(pid, "")]

    def _signal(self, sig):
        for pid in self.pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass

    def run(self):
        refresh = 0.0
        while not self.stopped.is_set():
            if not self.active.wait(0.1):
                continue
            now = time.monotonic()
            if now - refresh > 0.25:
                self.pids, refresh = self._renderers(), now
            # Keep the running share at 1/factor over the whole run, whatever sleep() overshoots.
            run_for = self.PERIOD / self.factor
            hold_for = (self.factor - 1) * (self.ran + run_for) - self.held
            hold_for = min(max(hold_for, 0.0), 3 * self.PERIOD)
            t0 = time.monotonic()
            self._signal(signal.SIGSTOP)
            time.sleep(hold_for)
            self._signal(signal.SIGCONT)
            t1 = time.monotonic()
            time.sleep(run_for)
            t2 = time.monotonic()
            self.held += t1 - t0
            self.ran += t2 - t1
        self._signal(signal.SIGCONT)

    def achieved(self) -> float | None:
        return (self.ran + self.held) / self.ran if self.ran else None

    def stop(self):
        self.stopped.set()
        self.join(2)
        self._signal(signal.SIGCONT)


CALIBRATION_JS = """(n) => { const t = performance.now(); let x = 0;
  for (let i = 0; i < n; i++) x = (x + i * 7) % 1000003; return [performance.now() - t, x]; }"""


def _measure(browser, slowdown: RendererSlowdown, factors, target: float) -> dict:
    """Busy-loop slowdown for each duty factor tried (the next from the last figure)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto("about:blank")

    def loop(n):
        return page.evaluate(CALIBRATION_JS, n)[0]

    n = 2_000_000
    loop(n)  # let the JIT compile it first
    while loop(n) < 400 and n < 4_000_000_000:  # 0.4-0.8 s free: many 20 ms cycles
        n *= 2
    free = statistics.median(loop(n) for _ in range(5))
    factor, measured = float(factors[0]), None
    for attempt in range(len(factors)):
        slowdown.factor = factor
        slowdown.ran = slowdown.held = 0.0
        slowdown.active.set()
        time.sleep(0.3)
        measured = statistics.median(loop(n) for _ in range(3)) / free
        slowdown.active.clear()
        if abs(measured - target) / target <= CPU_TOLERANCE / 2 or attempt + 1 == len(factors):
            break
        # On a loaded machine a stopped renderer was not running all that time anyway:
        # aim higher, up to 32x duty.
        factor = min(32.0, max(1.5, factor * target / measured))
    context.close()
    slowdown.ran = slowdown.held = 0.0
    return {"duty_factor": slowdown.factor, "measured": measured, "free_ms": free,
            "reached": abs(measured - target) / target <= CPU_TOLERANCE}


def calibrate(browser, slowdown: RendererSlowdown, target: float = CPU_SLOWDOWN) -> dict:
    """Tune the duty cycle until a busy loop in a page runs ``target`` times slower
    (median of 3 loops slowed / median of 5 free), up to 8 tries; print the figure."""
    result = _measure(browser, slowdown, [target] * 8, target)
    print(f"[bench] CPU: duty factor {result['duty_factor']:.1f} -> measured slowdown {result['measured']:.2f}x "
          f"(target {target}x{'' if result['reached'] else ', NOT REACHED'}; busy loop {result['free_ms']:.0f} ms free)",
          flush=True)
    return result


def check(browser, slowdown: RendererSlowdown, target: float = CPU_SLOWDOWN) -> dict:
    """The slowdown the calibrated duty factor gives now (after a profile's visits)."""
    result = _measure(browser, slowdown, [slowdown.factor], target)
    print(f"[bench] CPU after the visits: {result['measured']:.2f}x with duty factor {result['duty_factor']:.1f}"
          f"{'' if result['reached'] else ' (NOT the target)'}", flush=True)
    return result
