"""The walk's printout: a line per match (its violations with seed, step and
the steps that led there), and the summary table: matches, steps, taps,
violations by kind, and the distinct violations with where they were first seen."""

from __future__ import annotations

import collections
import re

# Counted and printed, not violations: a move right after the player's own tap
# (Chromium leaves it out of CLS: the hadRecentInput rule) and the swipes inside
# long forms (the form view, the calculator's random situation), which a phone
# cannot show whole. The drawing's and the bars' taps count as violations on any scroll.
REPORTED_ONLY = frozenset({"layout-shift-after-input", "scroll-needed (форма)", "scroll-needed (калькулятор)",
                           "scroll-needed (после рисунка)"})


def is_violation(v) -> bool:
    return v.kind not in REPORTED_ONLY


def replay_hint(res) -> str:
    return f"--replay {res.game}:{res.viewport}:{res.theme}:{res.seed}" + (f" --late {res.late_ms}" if res.late_ms else "")


def print_result(res, verbose: bool = False) -> None:
    bad = sum(1 for v in res.violations if is_violation(v))
    status = (f"{bad} наруш." if bad else "ok") + (f", замечено {len(res.violations) - bad}" if len(res.violations) > bad else "")
    print(f"{res.game:<12} {res.viewport:<9} {res.theme:<5} seed {res.seed:<4} записей {res.records:<3} нажатий {res.taps:<4}"
          f" {res.seconds:5.1f} с ({', '.join(f'{k} {v:.1f}' for k, v in res.timing.items())})  {status}", flush=True)
    for v in res.violations:
        print(f"    [{v.kind}] шаг {v.step} ({v.action[:40]}): {v.what[:60]} — {v.detail}", flush=True)
    if res.violations:
        print(f"    повтор: scripts/walk_ui.py {replay_hint(res)}" + (f"; снимок: {res.screenshot}" if res.screenshot else ""))
    if verbose or res.crashed:
        shown = range(len(res.steps))
    elif res.violations:  # the steps that led to the first violation
        first = min(v.step for v in res.violations)
        shown = range(max(0, first - 6), first)
    else:
        shown = range(0)
    for i in shown:
        print(f"      {i + 1:>3}. {res.steps[i][:160]}")


def summary(results, seconds: float) -> str:
    lines = []
    kinds = collections.Counter()
    per_kind_matches = collections.defaultdict(set)
    distinct = {}
    for r in results:
        for v in r.violations:
            kinds[v.kind] += 1
            per_kind_matches[v.kind].add((r.game, r.viewport, r.theme, r.seed))
            key = (v.kind, r.game, v.what[:50], re.sub(r"[-+−]?\d+", "#", v.detail)[:60])  # the same defect, other pixels
            if key not in distinct:
                distinct[key] = (r, v, 0)
            distinct[key] = (distinct[key][0], distinct[key][1], distinct[key][2] + 1)
    games = sorted({r.game for r in results})
    lines.append("")
    lines.append(f"Случайные партии: {len(results)}, записей {sum(r.records for r in results)}, нажатий "
                 f"{sum(r.taps for r in results)}, проверок axe {sum(r.axe_runs for r in results)}, прокрутки до элементов {sum(r.scrolled for r in results)} px, "
                 f"время {seconds / 60:.1f} мин")
    lines.append(f"{'игра':<12} {'экран':<9} {'тема':<5} {'партий':>6} {'записей':>7} {'нажатий':>7} {'с нарушениями':>13}"
                 f" {'замечено':>8}")
    by = collections.defaultdict(list)
    for r in results:
        by[(r.game, r.viewport, r.theme)].append(r)
    for (g, vp, th), rs in sorted(by.items()):
        lines.append(f"{g:<12} {vp:<9} {th:<5} {len(rs):>6} {sum(r.records for r in rs):>7} {sum(r.taps for r in rs):>7} "
                     f"{sum(1 for r in rs if any(map(is_violation, r.violations))):>13} "
                     f"{sum(1 for r in rs for v in r.violations if not is_violation(v)):>8}")
    lines.append("")
    bad = sum(n for kind, n in kinds.items() if kind not in REPORTED_ONLY)
    lines.append(f"Нарушения: {bad}; партий с нарушением {sum(1 for r in results if any(map(is_violation, r.violations)))}"
                 f" из {len(results)}. По видам (* — замечено, не нарушение):")
    for kind, n in kinds.most_common():
        lines.append(f"  {kind + (' *' if kind in REPORTED_ONLY else ''):<30} {n:>5}  в {len(per_kind_matches[kind])} партиях")
    if distinct:
        lines.append("")
        lines.append("Разные нарушения (вид | игра | экран | тема | seed | шаг | где | что; ×сколько раз):")
        for (kind, game, _, _), (r, v, n) in sorted(distinct.items(), key=lambda kv: (kv[0][0], kv[0][1])):
            lines.append(f"  {kind} | {game} | {r.viewport} | {r.theme} | {r.seed} | {v.step} | {v.what[:50]} | {v.detail[:150]} ×{n}"
                         + (f" | {v.shot}" if v.shot else ""))
    lines.append(f"\nИгры: {', '.join(games)}")
    return "\n".join(lines)
