"""Medians, the Markdown table, and the table on the «Скорость» page (docs/speed.md).

Every figure is the median of its runs; the ratio is the median of the runs' own
ratios (ours ÷ the bare Pyodide page measured right after it). A phone run whose
CPU slowdown missed its target by more than CPU_TOLERANCE (at calibration or in
the check after the visits) says so in its title, and its figures are not marked
against the phone targets.
"""

from __future__ import annotations

import os
import platform
import statistics
from pathlib import Path

from rules_pkg.ru import plural

from . import CPU_SLOWDOWN, ROOT, TARGETS

DOCS_PAGE = ROOT / "docs" / "speed.md"
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"
HOST_TITLES = {"gzip": "Хостинг как GitHub Pages: gzip, без brotli.",
               "brotli": "Хостинг со сжатием brotli (заранее сжатые файлы, качество 11) и gzip."}
VARIANT_TITLES = {"default": "", "no-snapshot": "Вариант для сравнения: без снимка памяти движка.",
                  "preload": "Вариант для сравнения: preload для файлов среды.",
                  "wheel-source": "Вариант для сравнения: колесо движка исходным кодом."}


def median(rows: list[dict], key: str):
    values = [r[key] for r in rows if r.get(key) is not None]
    return statistics.median(values) if values else None


#: The phases of a visit's boot, from the worker's stage marks (seconds since the
#: page's navigation): (label, from stage, to stage). "result" is the page's own mark.
SNAPSHOT_PHASES = (
    ("запуск потока движка (от начала загрузки страницы)", None, "start"),
    ("загрузка Pyodide и чтение снимка", "start", "snapshot"),
    ("восстановление интерпретатора из снимка", "snapshot", "restored"),
    ("файлы движка", "restored", "done"),
    ("ответ", "done", "result"),
)
BARE_PHASES = (("запуск интерпретатора у голого Pyodide", "runtime", "ready"),)


def phases(rows: list[dict], spec) -> dict[str, float]:
    """The median length of each phase over the runs that have both of its marks."""
    out = {}
    for label, start, end in spec:
        lengths = []
        for r in rows:
            marks = dict(r.get("stages") or {}, result=r.get("result"))
            t0 = 0.0 if start is None else marks.get(start)
            t1 = marks.get(end)
            if t0 is not None and t1 is not None:
                lengths.append(t1 - t0)
        if lengths:
            out[label] = statistics.median(lengths)
    return out


def summarize(runs: dict) -> dict:
    out = {}
    for kind in ("cold", "warm", "offline"):
        ours, bare = runs[kind], runs["bare_" + kind]
        boots = sorted({r.get("boot") or "?" for r in ours})
        out[kind] = {
            "n": len(ours),
            "text": median(ours, "text"),
            "result": median(ours, "result"),
            "bytes": median(ours, "bytes"),
            "next_page": median(ours, "next_page"),
            "next_page_instant": all(r.get("next_page_instant") for r in ours) if ours else None,
            "next_page_form": median(ours, "next_page_form"),
            "next_page_answer": median(ours, "next_page_answer"),
            "saved": median(ours, "saved"),
            "saved_bytes": median(ours, "saved_bytes"),
            "bare_result": median(bare, "result"),
            "bare_bytes": median(bare, "bytes"),
            "ratio": median(ours, "ratio"),
            "boot": "/".join(boots),
            "phases": phases([r for r in ours if r.get("boot") == "snapshot"], SNAPSHOT_PHASES),
            "bare_phases": phases(bare, BARE_PHASES),
            "min_result": min((r["result"] for r in ours), default=None),
            "max_result": max((r["result"] for r in ours), default=None),
        }
    for kind in ("human_warm", "human_offline"):
        rows = runs.get(kind) or []
        if rows:
            out[kind] = {"n": len(rows), "wait": median(rows, "human_wait"),
                         "max_wait": max(r["human_wait"] for r in rows), "shown": median(rows, "form_shown"),
                         "boot": "/".join(sorted({r.get("boot") or "?" for r in rows}))}
    return out


def human_line(profile: dict, phone: bool) -> str:
    """The human-paced visits: the wait between the last tap and the verdict."""
    names = {"human_warm": "повторный визит", "human_offline": "без сети"}
    parts = [f"{names[k]} — {secs(s['wait'], 2)}{mark(check(s['wait'], TARGETS['human_wait']) if phone else None)}"
             f" (наибольшее {secs(s['max_wait'], 2)}; форма появилась через {secs(s['shown'], 2)})"
             for k, s in profile.items() if k in names]
    if not parts:
        return ""
    return ("Ввод в темпе человека (с появления формы три нажатия по рисунку раз в 0,7 с, затем «Рассчитать»): "
            "ожидание ответа после последнего нажатия, медиана — " + "; ".join(parts) + ".")


def next_page_line(profile: dict) -> str:
    """«Другая игра» split: the click to the new page's form on screen, then the engine's answer."""
    names = {"cold": "первый визит", "warm": "повторный", "offline": "без сети"}
    parts = [f"{names[k]} — {secs(s['next_page_form'], 2)} до формы, {secs(s['next_page_answer'], 2)} ответ движка"
             for k, s in profile.items() if k in names and s.get("next_page_form") is not None
             and s.get("next_page_answer") is not None]
    if not parts:
        return ""
    return "Другая игра по ссылке в меню (мгновенный переход), медианы: " + "; ".join(parts) + "."


def machine(browser_version: str) -> dict:
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "chromium": browser_version,
            "os": platform.platform(terse=True), "python": platform.python_version()}


def decimal(v: float, digits: int) -> str:
    return f"{v:.{digits}f}".replace(".", ",")


def secs(v, digits=1):
    return "—" if v is None else f"{v:.{digits}f}".replace(".", ",") + " с"


def mb(v):
    if v is None:
        return "—"
    if v < 100_000:
        return f"{round(v / 1000)} КБ"
    return decimal(v / 1e6, 2) + " МБ"


def ratio(v):
    return "—" if v is None else f"{v:.2f}".replace(".", ",")


def mark(ok):
    return "" if ok is None else (" ✓" if ok else " ✗")


def check(value, limit):
    return None if value is None else value <= limit


def cpu_title(report: dict) -> tuple[str, bool]:
    """The phone title's CPU part, and whether the run held the target slowdown."""
    cal = report.get("cpu_calibration") or {}
    after = report.get("cpu_check") or {}
    figures = [f for f in (cal.get("measured"), after.get("measured")) if f]
    if report.get("cpu_model") != "process" or not figures:
        return "; замедление процессора не измерено", False
    reached = all(abs(f - CPU_SLOWDOWN) / CPU_SLOWDOWN <= 0.10 for f in figures)
    text = "; замедление процессора по контрольному циклу " + " и ".join(decimal(f, 1) + "×" for f in figures)
    text += " (до и после визитов)" if len(figures) == 2 else ""
    if not reached:
        text += (f" — цель {CPU_SLOWDOWN}× не достигнута (отклонение больше 10 %): это не цифры "
                 "телефона, отметки целей для него не ставятся")
    return text, reached


ROW_LABELS = (("cold", "первый (пустой кэш)"), ("warm", "повторный"), ("offline", "без сети"))
BOOT_WORDS = {"snapshot": "снимок", "normal": "обычный", "?": "—"}


def _row(kind: str, label: str, s: dict, phone: bool) -> str:
    repeat = kind in ("warm", "offline")
    res_ok = check(s["result"], TARGETS["repeat_result"]) if phone and repeat else None
    ratio_limit = TARGETS["repeat_ratio"] if repeat else TARGETS["cold_ratio"]
    mb_ok = check(s["bytes"] / 1e6 if s["bytes"] is not None else None, TARGETS["cold_mb"]) \
        if kind == "cold" else None
    next_ok = check(s["next_page"], TARGETS["next_page"]) if phone else None
    boot = "/".join(BOOT_WORDS.get(b, b) for b in s["boot"].split("/"))
    return (f"| {label} | {secs(s['text'])} | {secs(s['result'])}{mark(res_ok)} "
            f"| {mb(s['bytes'])}{mark(mb_ok)} | {secs(s['next_page'], 2)}{mark(next_ok)} "
            f"| {boot} | {secs(s['bare_result'])} | {ratio(s['ratio'])}{mark(check(s['ratio'], ratio_limit))} |")


def time_spent(profile: dict) -> str:
    """Where a start from the snapshot spends its time, repeat / offline visit."""
    kinds = [k for k in ("warm", "offline") if profile.get(k, {}).get("phases")]
    if not kinds:
        return ""
    names = {"warm": "повторный визит", "offline": "без сети"}
    parts = []
    for spec, key in ((SNAPSHOT_PHASES, "phases"), (BARE_PHASES, "bare_phases")):
        for label, _start, _end in spec:
            values = [profile[k].get(key, {}).get(label) for k in kinds]
            if any(v is not None for v in values):
                parts.append(f"{label} — " + " / ".join(secs(v, 2) for v in values))
    return (f"Где уходит время при запуске из снимка (медианы, {' / '.join(names[k] for k in kinds)}): "
            + "; ".join(parts) + ".")


def markdown(report: dict) -> str:
    m = report["machine"]
    counts = report["counts"]
    lines = [
        f"Замер от {report['date']}: {m['cpu']}, {m['cores']} {plural(m['cores'], 'ядро', 'ядра', 'ядер')}, "
        f"Chromium {m['chromium']}, Pyodide {report['pyodide']}. Машина общая и нагружена другой работой: "
        f"нагрузка (load average) {decimal(report['load_before'], 1)} до замера и "
        f"{decimal(report['load_after'], 1)} после, при {m['cores']} "
        f"{plural(m['cores'], 'ядре', 'ядрах', 'ядрах')}. {HOST_TITLES[report.get('host', 'gzip')]} "
        f"Сайт собран {'как в README (без site_url)' if report.get('build', 'readme') == 'readme' else 'с адресом сайта (RULES_SITE_URL)'}. "
        f"Медианы: холодных визитов {counts['cold']}, повторных {counts['warm']}, без сети {counts['offline']}."
        + (" " + VARIANT_TITLES[report["variant"]] if VARIANT_TITLES.get(report.get("variant", "default")) else ""),
        "",
    ]
    for name, profile in report["profiles"].items():
        phone = name == "phone"
        if phone:
            cpu, reached = cpu_title(report)
            title = "Телефон (сеть 1,6 Мбит/с, 150 мс; процессор в 4 раза медленнее)" + cpu
        else:
            title, reached = "Компьютер без ограничений", False
        lines += [f"**{title}**", "",
                  "| визит | текст правил | первый расчёт | передано | другая игра | запуск | голый Pyodide | отношение |",
                  "|---|---:|---:|---:|---:|---|---:|---:|"]
        for kind, label in ROW_LABELS:
            lines.append(_row(kind, label, profile[kind], phone and reached))
        human = human_line(profile, phone and reached)
        if human:
            lines += ["", human]
        spent = time_spent(profile)
        if spent:
            lines += ["", spent]
        other = next_page_line(profile)
        if other:
            lines += ["", other]
        cold = profile["cold"]
        if cold.get("saved") is not None:
            lines += ["", f"Сайт целиком сохранён для работы без сети через {secs(cold['saved'])} после "
                          f"начала первого визита; всего передано {mb(cold['saved_bytes'])}."]
        lines.append("")
    lines += engines_table(report)
    lines += ["«Запуск» — как запустился движок: «снимок» — из снимка памяти, сохранённого на устройстве, "
              "«обычный» — с нуля. Цели (✓ — достигнута, ✗ — нет; отметки телефона ставятся, только если "
              "замедление процессора достигнуто): повторный визит и визит без сети на телефоне — первый "
              f"расчёт ≤ {decimal(TARGETS['repeat_result'], 1)} с и отношение к голому Pyodide ≤ "
              f"{decimal(TARGETS['repeat_ratio'], 1)}, ожидание после ввода в темпе человека ≤ "
              f"{decimal(TARGETS['human_wait'], 1)} с; первый визит — отношение ≤ {decimal(TARGETS['cold_ratio'], 2)} и "
              f"передано ≤ {decimal(TARGETS['cold_mb'], 2)} МБ; другая игра на телефоне ≤ "
              f"{decimal(TARGETS['next_page'], 1)} с."]
    return "\n".join(lines) + "\n"


ENGINE_TITLES = {"firefox": "Firefox", "webkit": "WebKitGTK"}


def engines_table(report: dict) -> list[str]:
    """Chromium's desktop rows and the same visits in Firefox and WebKitGTK, side by side."""
    engines = report.get("engines") or {}
    if not engines:
        return []
    rows = []
    desktop = report["profiles"].get("desktop")
    if desktop:
        rows.append((f"Chromium {report['machine']['chromium']}", desktop, ""))
    for name, result in engines.items():
        title = result.get("version") or ENGINE_TITLES.get(name, name)
        note = f" (не доведён до конца: {result['error']})" if result.get("error") else ""
        rows.append((title, result.get("summary"), note))
    lines = ["**Компьютер без ограничений в трёх движках** (первый визит — с пустым профилем; повторный и без "
             "сети — в профиле первого визита; «без сети» — сервер отвечает 503 на всё; в WebKitGTK форма "
             "отправляется после загрузки страницы)", "",
             "| браузер | первый визит | повторный | без сети | запуск | голый Pyodide (первый / повторный / без сети) "
             "| отношение (первый / повторный / без сети) |",
             "|---|---:|---:|---:|---|---:|---:|"]
    for title, s, note in rows:
        if not s:
            lines.append(f"| {title}{note} | — | — | — | — | — | — |")
            continue
        kinds = ("cold", "warm", "offline")
        boots = "/".join(dict.fromkeys(BOOT_WORDS.get(b, b) for k in ("warm", "offline")
                                       for b in (s[k]["boot"] or "?").split("/")))
        lines.append(f"| {title}{note} | " + " | ".join(secs(s[k]["result"]) for k in kinds)
                     + f" | {boots} | " + " / ".join(secs(s[k]["bare_result"]) for k in kinds)
                     + " | " + " / ".join(ratio(s[k]["ratio"]) for k in kinds) + " |")
    return lines + [""] + phase_table(report)


def write_docs(table: str) -> None:
    text = DOCS_PAGE.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{DOCS_PAGE}: нет маркеров {BEGIN} / {END}")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOCS_PAGE.write_text(f"{head}{BEGIN}\n{table}{END}{tail}", encoding="utf-8")


#: The answer's phase starts when the engine is ready or the form was sent, whichever is
#: later (WebKitGTK's measuring script sends it only after the load event).
ANSWER = ("ответ", "answer", "result")
#: A first visit's boot (normal): (label, from mark, to mark), seconds from navigation start.
COLD_PHASES = (
    ("запуск потока движка", None, "start"),
    ("загрузка файлов Pyodide", "start", "fetched"),
    ("запуск интерпретатора", "fetched", "rules"),
    ("файлы движка", "rules", "done"),
    ANSWER,
)


def _with_answer(row: dict) -> dict:
    stages = dict(row.get("stages") or {})
    ready = stages.get("ready", stages.get("done"))
    if ready is not None:
        stages["answer"] = max(ready, row.get("submit") or 0.0)
    return {"stages": stages, "result": row.get("result")}


def phase_table(report: dict) -> list[str]:
    """The first and the repeat visits' phases, Chromium's desktop rows beside Firefox's
    and WebKitGTK's (medians of the runs that have the marks)."""
    sources = []
    if (report.get("runs") or {}).get("desktop"):
        sources.append((f"Chromium {report['machine']['chromium']}", report["runs"]["desktop"]))
    for name, result in (report.get("engines") or {}).items():
        if result.get("runs"):
            sources.append((result.get("version") or ENGINE_TITLES.get(name, name), result["runs"]))
    if not sources:
        return []
    lines = []
    for title, spec, kind, boot in (("первый визит, обычный запуск", COLD_PHASES, "cold", "normal"),
                                    ("повторный визит, запуск из снимка", SNAPSHOT_PHASES[:-1] + (ANSWER,),
                                     "warm", "snapshot")):
        by_source = [(name, [_with_answer(r) for r in runs.get(kind) or [] if r.get("boot") == boot])
                     for name, runs in sources]
        if not any(rows for _name, rows in by_source):
            continue  # no visit of this kind carries the worker's marks: no table of dashes
        lines += [f"**Где уходит время: {title}** (медианы, секунды)", "",
                  "| браузер | " + " | ".join(label for label, _a, _b in spec) + " | первый расчёт | визитов |",
                  "|---|" + "---:|" * (len(spec) + 2)]
        for name, rows in by_source:
            found = phases(rows, spec)
            result = statistics.median([r["result"] for r in rows]) if rows else None
            lines.append(f"| {name} | " + " | ".join(secs(found.get(label), 2) for label, _a, _b in spec)
                         + f" | {secs(result, 2)} | {len(rows)} |")
        lines.append("")
    return lines
