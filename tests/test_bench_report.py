"""The benchmark's report: medians of the boot phases and the line that shows them."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from bench.report import BARE_PHASES, SNAPSHOT_PHASES, phases, time_spent  # noqa: E402


def run(start, snapshot, restored, done, result):
    return {"boot": "snapshot", "result": result,
            "stages": {"start": start, "runtime": start, "snapshot": snapshot, "restored": restored, "done": done}}


def test_phases_are_medians_of_each_runs_own_lengths():
    rows = [run(0.5, 0.6, 2.6, 2.7, 2.8), run(0.4, 0.5, 1.5, 1.6, 1.9), run(0.6, 0.7, 3.7, 3.9, 4.0)]
    got = phases(rows, SNAPSHOT_PHASES)
    assert got["запуск потока движка (от начала загрузки страницы)"] == 0.5
    assert abs(got["восстановление интерпретатора из снимка"] - 2.0) < 1e-9  # 2.0, 1.0, 3.0
    assert abs(got["ответ"] - 0.1) < 1e-9  # 0.1, 0.3, 0.1


def test_a_run_without_a_mark_is_left_out_of_that_phase_only():
    rows = [run(0.5, 0.6, 2.6, 2.7, 2.8), {"boot": "snapshot", "result": 9.0, "stages": {"start": 0.3}}]
    got = phases(rows, SNAPSHOT_PHASES)
    assert got["запуск потока движка (от начала загрузки страницы)"] == 0.4  # both runs
    assert abs(got["восстановление интерпретатора из снимка"] - 2.0) < 1e-9  # the first only


def test_the_line_names_each_phase_for_repeat_and_offline_visits():
    profile = {
        "warm": {"phases": phases([run(0.5, 0.6, 2.6, 2.7, 2.8)], SNAPSHOT_PHASES),
                 "bare_phases": phases([{"stages": {"runtime": 0.2, "ready": 3.2}}], BARE_PHASES)},
        "offline": {"phases": phases([run(0.4, 0.5, 1.5, 1.6, 1.9)], SNAPSHOT_PHASES), "bare_phases": {}},
    }
    line = time_spent(profile)
    assert line.startswith("Где уходит время при запуске из снимка (медианы, повторный визит / без сети): ")
    assert "восстановление интерпретатора из снимка — 2,00 с / 1,00 с" in line
    assert "запуск интерпретатора у голого Pyodide — 3,00 с / —." in line


def test_no_line_without_a_snapshot_start():
    assert time_spent({"warm": {"phases": {}}, "offline": {"phases": {}}}) == ""
