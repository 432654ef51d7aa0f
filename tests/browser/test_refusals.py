"""An engine refusal as a person meets it, in every game with tools (issue 16 §5): an
impossible position in the calculator, an impossible shot in the scorekeeper, a share
link and a saved game whose shot the engine refuses. Each time the message is Russian,
is shown once, is tied to the field it names (aria-invalid, aria-describedby), contains
no request path or code id, and nothing the person had is lost (the form's values, the
match, the saved records byte for byte).

«Снимание шаров рукой» has no calculator and no scorekeeper (its text is lost after the
break): its refusals are covered by tests/games/test_refusal_wording.py."""

from __future__ import annotations

import base64
import json
import re

import pytest

from rules_pkg.api import handle
from tests.browser.tools_helpers import (
    ENGINE_TIMEOUT_MS,
    OPEN_PREFIX, PHONE, SAVED_PREFIX, calc, dismiss_toasts, history_count, open_game, open_tool, decide, pick_choice,
    pick_player, pick_sequence, pick_set, play_button, saved_records, scores, screenshot, set_bool, set_int, set_text, sk, start_match, wait_engine_ready,
)

# what a person must never read: a request path («action.shooter»), a code id
# («called_pocket», «kovboy»), any Latin word but these
CODE = re.compile(r"[A-Za-z]+[._\[][A-Za-z_\d\]]+|[A-Za-z]{3,}")
PLAIN = {"true", "false"}
# every place a tool shows a refusal
MESSAGES = ("[data-rb-error], [data-rb-match-error], [data-rb-field-message], [data-rb-notice], "
            "[data-rb-import-message], [data-rb-restore-message]")


def calc_kovboy(tool):
    set_int(tool, "score", 3)
    set_int(tool, "series", 5)  # more in the series than in the score
    pick_sequence(tool, "contacts", 3)


def calc_pyat_sharov(tool):
    set_int(tool, "score", 1)  # 1 point cannot be scored in this game
    pick_choice(tool, "ball", "red")


def calc_kaiza(tool):
    set_bool(tool, "first_shot", True)
    set_int(tool, "score", 3)  # the first shot is played at 0:0
    set_bool(tool, "contact", True)
    pick_choice(tool, "ball", "red")
    pick_choice(tool, "pocket", "far-left")
    pick_choice(tool, "call", "yes")
    pick_choice(tool, "red_from_spot_1", False)


def calc_probka(tool):
    set_text(tool, "scores", "1, 2")  # someone is not at 1: the bank must be given
    set_int(tool, "shooter", 1)


def calc_po_chasovoy(tool):
    situation = tool.locator("[data-rb-scope=situation][data-rb-field]").first.locator("xpath=..")
    set_int(situation, "ball", 1)
    pick_choice(situation, "pocket", "far-left")
    set_bool(situation, "unnoticed", True)  # no error can precede the 1
    pick_choice(situation, "last_pocket", "near-left")
    pick_choice(tool.locator("[data-rb-action]"), "pocket", "far-left")


def calc_kladka_kiem(tool):
    set_int(tool, "balls_left", 10)  # no stroke yet, so all 16 balls are on the table
    set_int(tool, "potted", 1)


def sk_kovboy(form):
    pick_sequence(form, "contacts", 1)
    pick_set(form, "pocketed", 1)
    pick_set(form, "jumped", 1)  # the 1 both fell and flew off the table


def sk_pyat_sharov(form):
    pick_choice(form, "ball", "white")
    set_bool(form, "carom_white", True)  # the other white is the cue ball


def sk_kaiza(form):
    set_bool(form, "contact", True)
    pick_choice(form, "ball", "red")
    pick_choice(form, "pocket", "far-left")
    pick_choice(form, "call", "yes")  # the first shot: was it the red on spot 1? not said


def sk_probka(form):
    set_bool(form, "probka", True)  # who shot is not said


def sk_kladka_kiem(form):
    set_int(form, "potted", 3)  # a player's first stroke: break or cue ball in a pocket, not said


# game: (calculator input, the field it names), (scorekeeper input, the field, the same shot as JSON)
CASES = {
    "kovboy": ((calc_kovboy, "series"),
               (sk_kovboy, "jumped", {"type": "shot", "contacts": [1], "pocketed": [1], "jumped": [1]})),
    "pyat-sharov": ((calc_pyat_sharov, "score"),
                    (sk_pyat_sharov, "carom_white", {"type": "shot", "ball": "white", "carom_white": True})),
    "kaiza": ((calc_kaiza, "first_shot"), (sk_kaiza, "red_from_spot_1",
                                           {"type": "shot", "contact": True, "ball": "red", "pocket": "far-left",
                                            "call": "yes"})),
    "probka": ((calc_probka, "bank"), (sk_probka, "shooter", {"type": "shot", "probka": True})),
    "po-chasovoy": ((calc_po_chasovoy, "unnoticed"), (None, None, {"type": "error_found"})),  # before the 1 is named
    "kladka-kiem": ((calc_kladka_kiem, "balls_left"), (sk_kladka_kiem, "opening", {"type": "shot", "potted": 3})),
}


def form_values(scope) -> list:
    """Every value a person entered in a form (checked boxes and radios, typed text, choices)."""
    return scope.evaluate("el => [...el.querySelectorAll('input, select, textarea')].map("
                          "i => i.type === 'checkbox' || i.type === 'radio' ? i.checked : i.value)")


def shown_messages(tool) -> list[str]:
    texts = tool.locator(MESSAGES).evaluate_all(
        "els => els.filter(e => e.getClientRects().length && !e.closest('[hidden]'))"
        ".map(e => e.textContent.trim()).filter(Boolean)")
    return texts


def assert_plain(message: str) -> None:
    assert re.search("[а-яё]", message), message
    words = set(CODE.findall(message)) - PLAIN
    assert not words, (words, message)


def assert_refused_once(tool, field: str | None) -> str:
    """The one refusal on screen: plain Russian, and tied to its field when it names one."""
    messages = shown_messages(tool)
    assert len(messages) == 1, messages  # once, not in the box and at the field
    message = messages[0]
    assert_plain(message)
    if field:
        marked = tool.locator(f'[data-rb-field="{field}"].rb-field--error')
        assert marked.count() == 1, field
        note = marked.locator("[data-rb-field-message]")
        assert note.inner_text().strip() == message
        note_id = note.get_attribute("id")
        invalid = marked.locator('[aria-invalid="true"]')
        assert invalid.count() >= 1, field
        assert note_id in (invalid.first.get_attribute("aria-describedby") or "").split(), field
    return message


def wait_idle(page, tool: str) -> None:
    page.wait_for_function("sel => !document.querySelector(sel).dataset.rbBusy", arg=tool, timeout=ENGINE_TIMEOUT_MS)


def link_fragment(state: dict) -> str:
    """A share link's fragment, uncompressed form (match-link.js «1j»)."""
    data = base64.urlsafe_b64encode(json.dumps(state, ensure_ascii=False).encode()).decode().rstrip("=")
    return f"#match=1j{data}"


def refused_state(game: str, shot: dict) -> dict:
    """A stored match whose one shot the engine refuses (a damaged record or link)."""
    state = handle({"op": "match.new", "game": game, "players": ["Анна", "Борис"]})["state"]
    bad = {**state, "actions": [shot]}
    assert not handle({"op": "match.view", "state": bad})["ok"]
    return bad


@pytest.mark.parametrize("game", list(CASES))
def test_refusals_in_every_tool_are_plain_once_at_the_field_and_lose_nothing(tool_page, base_url, game):
    (calc_fill, calc_field), (sk_fill, sk_field, shot) = CASES[game]
    page = tool_page(PHONE)

    # 1. The calculator: an impossible position.
    open_game(page, base_url, game, calc(game))
    tool = page.locator(calc(game))
    calc_fill(tool)
    entered = form_values(tool)
    tool.locator("[data-rb-submit]").click()
    wait_idle(page, calc(game))
    page.wait_for_function("sel => document.querySelector(sel + ' .rb-field--error, ' + sel + ' [data-rb-error]:not([hidden])')",
                           arg=calc(game))
    assert_refused_once(tool, calc_field)
    assert tool.locator("[data-rb-result]").is_hidden()
    assert form_values(tool) == entered  # nothing typed is lost
    screenshot(page, f"refusal-{game}-calculator-360")

    # 2. The scorekeeper: an impossible shot after one good start; the match and the form stay.
    open_tool(page, sk(game))
    tool = page.locator(sk(game))
    start_match(page, game, ["Анна", "Борис"])
    form = tool.locator("[data-rb-action-form]")
    if sk_fill is None:
        # «по часовой стрелке»: the scorekeeper offers only what can happen (the pocket of the 1,
        # then where each ball fell): its refusals come from a link or a saved game (3, 4)
        decide(page, game, "дальняя левая")
    else:
        before = (history_count(page, game), scores(page, game))
        sk_fill(form)
        entered = form_values(form)
        play_button(form).click()
        wait_idle(page, sk(game))
        page.wait_for_function("sel => document.querySelector(sel + ' .rb-field--error, '"
                               " + sel + ' [data-rb-match-error]:not([hidden])')", arg=sk(game))
        assert_refused_once(tool, sk_field)
        assert (history_count(page, game), scores(page, game)) == before  # the match is as it was
        assert form_values(form) == entered  # and so is the shot entered
        screenshot(page, f"refusal-{game}-scorekeeper-360")
        if sk_field == "shooter":
            # the refused field set by the player: its red and its message go at once, not at the next record
            pick_player(form, "shooter", "Анна")
            assert shown_messages(tool) == [] and tool.locator(".rb-field--error, [aria-invalid]").count() == 0
    saved = saved_records(page, game)
    assert len(saved) == 1
    raw_before = page.evaluate("p => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith(p))"
                               ".map(k => [k, localStorage.getItem(k)]))", SAVED_PREFIX)

    # 3. A share link whose shot the engine refuses: said plainly, the saved match untouched.
    bad = refused_state(game, shot)
    page.goto(f"{base_url}games/{game}/{link_fragment(bad)}")
    dismiss_toasts(page)
    wait_engine_ready(page, sk(game))
    note = tool.locator("[data-rb-import-message]")
    page.wait_for_function("el => el.textContent.includes('не открывается')", arg=note.element_handle(),
                           timeout=ENGINE_TIMEOUT_MS)
    assert_plain(note.inner_text())
    assert [m for m in shown_messages(tool)] == [note.inner_text().strip()]
    screenshot(page, f"refusal-{game}-link-360", sk(game))
    raw_after = page.evaluate("p => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith(p))"
                              ".map(k => [k, localStorage.getItem(k)]))", SAVED_PREFIX)
    assert {k: v for k, v in raw_after.items() if not k.startswith(OPEN_PREFIX)} == \
        {k: v for k, v in raw_before.items() if not k.startswith(OPEN_PREFIX)}

    # 4. A saved game whose shot the engine refuses: said plainly, the record kept byte for byte.
    (key, record), = saved.items()
    damaged = json.dumps({**record, "state": bad}, ensure_ascii=False)
    page.goto(f"{base_url}games/{game}/")
    # The page is up before the record is damaged: booting, it closes what no longer opens and
    # would clear the open match set below (under load: CI hung 90 s here, 1 run in 4 at load 6).
    wait_engine_ready(page, sk(game))
    page.evaluate("([k, v, open, id]) => { localStorage.setItem(k, v); localStorage.setItem(open, id); }",
                  [key, damaged, OPEN_PREFIX + game, record["id"]])
    page.reload()
    dismiss_toasts(page)
    restore = tool.locator("[data-rb-restore-message]")
    restore.wait_for(timeout=ENGINE_TIMEOUT_MS)
    text = restore.inner_text()
    assert "повреждена. Ошибка в действии №1. " in text, text
    assert_plain(text)
    assert shown_messages(tool) == [text.strip()]
    assert page.evaluate("k => localStorage.getItem(k)", key) == damaged  # nothing deleted or rewritten
    screenshot(page, f"refusal-{game}-saved-360", sk(game))


# ---- the verdict line says why a score changed (issue 16 §2), one check per game with a score ----

def reason_kovboy(tool):
    set_int(tool, "score", 89)
    set_int(tool, "series", 10)
    pick_sequence(tool, "contacts", 1, 3, 5)  # 89 + 2 passes 90: a foul, the series is not counted


def reason_pyat_sharov(tool):
    set_int(tool, "score", 15)
    set_int(tool, "opponent_score", 25)
    pick_choice(tool, "ball", "red")
    pick_choice(tool, "pocket", "far-left")
    set_bool(tool, "carom_white", True)
    set_bool(tool, "mistake", True)  # the prize goes to the opponent


def reason_kaiza(tool):
    set_int(tool, "score", 10)
    set_bool(tool, "contact", True)
    pick_choice(tool, "ball", "red")
    pick_choice(tool, "pocket", "far-left")
    pick_choice(tool, "call", "yes")
    set_bool(tool, "carom_white", True)
    pick_set(tool, "off_table", "yellow")  # the prize is written, no penalty


def reason_probka(tool):
    set_int(tool, "shooter", 1)
    pick_set(tool, "fouls", "a")


def reason_kladka_kiem(tool):
    set_int(tool, "strokes", 3)
    set_int(tool, "balls_left", 10)
    set_int(tool, "potted", 1)
    set_bool(tool, "double_hit", True)


# game: (calculator input, what the line shows about the changed score)
REASONS = {
    "kovboy": (reason_kovboy, "−10 очков за серию 89 → 79"),
    "pyat-sharov": (reason_pyat_sharov, "Игрок 2: +5 очков за ошибку соперника, 25 → 30"),
    "kaiza": (reason_kaiza, "призовые, штрафа нет"),
    "probka": (reason_probka, "−2 очка штрафа 1 → −1"),
    "kladka-kiem": (reason_kladka_kiem, "+2 удара, из них 1 штрафной 3 → 5"),
}


@pytest.mark.parametrize("game", list(REASONS))
def test_verdict_line_shows_every_changed_score_with_its_reason(tool_page, base_url, game):
    fill, shown = REASONS[game]
    page = tool_page(PHONE)
    open_game(page, base_url, game, calc(game))
    tool = page.locator(calc(game))
    fill(tool)
    tool.locator("[data-rb-submit]").click()
    wait_idle(page, calc(game))
    line = tool.locator("[data-rb-result] .rb-verdict .rb-line-main")
    line.wait_for()
    text = " ".join(line.inner_text().replace("\u00a0", " ").split())
    assert shown in text, text
    screenshot(page, f"reason-{game}-calculator-360", f"{calc(game)} [data-rb-result]")
