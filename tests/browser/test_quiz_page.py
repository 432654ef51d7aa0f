"""A quiz page in a real browser (Debian's Chromium): practice with feedback
after each answer, an exam to the score and the review, the same variant for
the same seed (and the same as the printed sheet made at build time), the
print view with its answer key, progress that survives a reload, a corrupt
saved run, keyboard and phone use, and the link from a game page. Screenshots
for a person to look at go to screenshots/quiz/ (gitignored)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from sitebuild.quiz import Engine, load_file, render
from sitebuild.quiz.variant import quiz_variant
from tools_helpers import GIVEN_AND_VERDICT

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots" / "quiz"  # gitignored: for a person to look at

pytestmark = pytest.mark.browser

PAGE = "quizzes/kovboy/"
RUN_KEY = "rules-site:quiz:kovboy:{mode}:{seed}:{n}"


# Without the offline service worker (its own tests cover it): every page
# comes from the server, as on a first visit.
DESKTOP = {"viewport": {"width": 1280, "height": 900}, "service_workers": "block"}
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2, "service_workers": "block"}


def checked_page(make_page, options):
    page = make_page(**options)
    yield page
    assert page.page_errors == [], f"необработанные ошибки на странице: {page.page_errors}"


@pytest.fixture
def page(make_page):
    yield from checked_page(make_page, DESKTOP)


@pytest.fixture
def phone_page(make_page):
    yield from checked_page(make_page, PHONE)


@pytest.fixture(scope="module")
def kovboy():
    return load_file(ROOT / "quizzes" / "kovboy.toml", Engine())


def params(page) -> dict:
    # location, not page.url: Playwright learns of history.replaceState late
    return {k: v[0] for k, v in parse_qs(urlsplit(page.evaluate("location.href")).query).items()}


def mounted(page, tool: str = "quiz") -> None:
    """The widget's module comes with import(): wait until it has mounted the widget."""
    page.wait_for_selector(f'[data-rb-tool="{tool}"][data-rb-mounted]', state="attached")


def open_quiz(page, url, tool: str = "quiz") -> None:
    page.goto(url)
    mounted(page, tool)


def start(page, url):
    open_quiz(page, url)
    page.locator("[data-rb-quiz-start]").click()
    page.locator("[data-rb-question]").wait_for()


def current_id(page) -> str:
    return page.locator("form[data-rb-question]").get_attribute("data-rb-question")


def heading(page) -> str:
    return page.locator("form[data-rb-question] .rb-quiz-q-title").inner_text()


def answer(page, q, right: bool, scope=None):
    """Answer question q (model.Question) on screen, rightly or not, as a user would."""
    form = scope or page.locator("form[data-rb-question]")
    ids = [c.id for c in q.choices]
    if q.type == "single":
        pick = q.answer if right else next(i for i in ids if i != q.answer)
        form.locator(f'[data-rb-choice="{pick}"]').click()
    elif q.type == "multiple":
        picks = list(q.answer) if right else [i for i in ids if i not in q.answer][:1]
        for pick in picks:
            form.locator(f'[data-rb-choice="{pick}"]').click()
    elif q.type == "truefalse":
        form.locator(f'[data-rb-choice="{str(q.answer if right else not q.answer).lower()}"]').click()
    elif q.type == "number":
        form.locator("input.rb-quiz-number").fill(str(q.answer if right else q.answer + 1))
    else:
        shown = form.locator("li[data-rb-choice]").evaluate_all("els => els.map(e => e.dataset.rbChoice)")
        good = list(q.answer)
        wrong = [o for o in (good[1:] + good[:1], good[-1:] + good[:-1], good[1::-1] + good[2:]) if o != shown]
        target = good if right else wrong[0]
        for i, cid in enumerate(target):
            while True:
                order = form.locator("li[data-rb-choice]").evaluate_all("els => els.map(e => e.dataset.rbChoice)")
                if order.index(cid) == i:
                    break
                form.locator(f'li[data-rb-choice="{cid}"] [data-rb-move="up"]').click()


def choice_text(q, cid):
    return q.choice(cid).text


# ---- practice ---------------------------------------------------------------------

def test_practice_gives_feedback_after_each_answer(page, base_url, kovboy):
    start(page, base_url + PAGE + "?seed=7&n=4&mode=practice")
    variant = quiz_variant(kovboy, 7, 4)
    plan = [False, True, True, False]
    for i, right in enumerate(plan):
        q = kovboy.question(variant[i]["id"])
        assert current_id(page) == q.id
        assert heading(page).startswith(f"Вопрос {i + 1} из 4")
        # the choices in the variant's order, labelled А, Б, В… as on paper
        if q.type in ("single", "multiple"):
            shown = page.locator("form[data-rb-question] [data-rb-choice]").evaluate_all(
                "els => els.map(e => e.dataset.rbChoice)")
            assert shown == variant[i]["choices"]
            letters = page.locator("form[data-rb-question] .rb-quiz-letter").all_inner_texts()
            assert letters == list(render.LETTERS[:len(shown)])
        assert page.locator(".rb-quiz-feedback").count() == 0
        answer(page, q, right)
        page.locator("[data-rb-quiz-next]").click()  # «Проверить»
        fb = page.locator("form[data-rb-question] .rb-quiz-feedback")
        fb.wait_for()
        assert fb.get_attribute("data-rb-verdict") == ("right" if right else "wrong")
        if i == 0:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "desktop-feedback.png"), full_page=True)
        text = fb.inner_text()
        assert ("ВЕРНО" if right else "НЕВЕРНО") in text.upper()
        assert " ".join(q.explanation.split())[:40] in " ".join(text.split())
        if not right:
            assert "Правильный ответ:" in text
            if q.type == "single":
                assert choice_text(q, q.answer) in text
            if q.type == "number":
                assert str(q.answer) in text
        else:
            assert "Правильный ответ:" not in text
        # every cited clause is a link to its anchor on the game's page
        hrefs = fb.locator("a.rb-ref").evaluate_all("els => els.map(e => e.href)")
        assert hrefs == [f"{base_url}games/kovboy/#{r.id}" for r in q.refs]
        # the answer is locked, the right choice marked
        assert page.locator("form[data-rb-question] input:not(:disabled), "
                            "form[data-rb-question] [data-rb-move]:not(:disabled)").count() == 0
        if q.type == "single":
            assert "rb-quiz-choice--right" in page.locator(
                f'form[data-rb-question] [data-rb-choice="{q.answer}"]').get_attribute("class")
        page.locator("[data-rb-quiz-next]").click()  # «Следующий вопрос» / «Результат»

    score = page.locator("[data-rb-quiz-score]")
    score.wait_for()
    assert score.inner_text() == "Верно 2 из 4 вопросов (50\u00a0%)"
    page.screenshot(path=str(SHOTS / "desktop-results.png"), full_page=True)
    review = page.locator("[data-rb-quiz-review] > li")
    assert review.count() == 4
    assert [review.nth(i).locator(".rb-quiz-feedback").get_attribute("data-rb-verdict") for i in range(4)] == \
        ["wrong", "right", "right", "wrong"]
    # a clause link of the review leads to the clause on the game page
    link = review.nth(0).locator("a.rb-ref").first
    target = link.get_attribute("href").split("#")[1]
    link.click()
    page.wait_for_url(re.compile(r"/games/kovboy/#" + re.escape(target) + "$"))
    # The address changes before instant navigation has swapped the game page in.
    page.locator(f"#{target}").wait_for(state="attached")
    assert page.locator(f"#{target}").count() == 1


# ---- exam -------------------------------------------------------------------------

def test_exam_warns_about_unanswered_then_scores_and_reviews(page, base_url, kovboy):
    url = base_url + PAGE + "?seed=11&n=6&mode=exam"
    start(page, url)
    variant = quiz_variant(kovboy, 11, 6)
    plan = {0: True, 1: False, 2: None, 3: False, 4: True, 5: False}  # None: skipped
    for i in range(6):
        q = kovboy.question(variant[i]["id"])
        assert current_id(page) == q.id
        if plan[i] is not None:
            answer(page, q, plan[i])
        # no feedback during an exam
        assert page.locator(".rb-quiz-feedback, .rb-quiz-choice--right, .rb-quiz-choice--wrong").count() == 0
        page.locator("[data-rb-quiz-next]").click()  # «Далее» … «Завершить тест»

    confirm = page.locator("[data-rb-quiz-confirm]")
    confirm.wait_for()
    assert "Без ответа 1 вопрос (№ 3)" in confirm.inner_text()
    confirm.locator("[data-rb-quiz-confirm-no]").click()
    assert heading(page).startswith("Вопрос 3 из 6")
    answer(page, kovboy.question(variant[2]["id"]), True)
    page.locator(".rb-quiz-map-item").nth(5).click()
    assert page.locator(".rb-quiz-map-item--empty").count() == 0
    page.locator("[data-rb-quiz-next]").click()  # «Завершить тест» on the last question: nothing missing

    score = page.locator("[data-rb-quiz-score]")
    score.wait_for()
    assert score.inner_text() == "Верно 3 из 6 вопросов (50\u00a0%)"
    review = page.locator("[data-rb-quiz-review] > li")
    assert review.count() == 6
    verdicts = [review.nth(i).locator(".rb-quiz-feedback").get_attribute("data-rb-verdict") for i in range(6)]
    assert verdicts == ["right", "wrong", "right", "wrong", "right", "wrong"]
    for i in range(6):
        text = review.nth(i).inner_text()
        assert "Ваш ответ:" in text
        assert ("Правильный ответ:" in text) == (verdicts[i] == "wrong")
        assert review.nth(i).locator("a.rb-ref").count() >= 1

    # the result is saved: a reload shows it again, and it is in the history
    page.reload()
    page.locator("[data-rb-quiz-score]").wait_for()
    assert page.locator("[data-rb-quiz-score]").inner_text() == "Верно 3 из 6 вопросов (50\u00a0%)"
    history = json.loads(page.evaluate("localStorage.getItem('rules-site:quiz:kovboy:results')"))
    assert history[0] | {"at": 0} == {"mode": "exam", "seed": 11, "n": 6, "correct": 3, "total": 6, "at": 0}

    # the setup screen lists it, and opens it again
    page.locator("[data-rb-quiz-setup]").click()
    assert "экзамен, вариант 11: верно 3 из 6 вопросов (50\u00a0%)" in page.locator(".rb-quiz-history").inner_text()
    assert "уже пройден: верно 3 из 6 вопросов" in page.locator("[data-rb-quiz-status]").inner_text()
    page.locator("[data-rb-quiz-start]").click()  # «Открыть результат»
    page.locator("[data-rb-quiz-score]").wait_for()

    # retake the same variant: a clean run
    page.locator("[data-rb-quiz-again]").click()
    assert heading(page).startswith("Вопрос 1 из 6")
    assert page.locator(".rb-quiz-map-item--empty").count() == 6
    assert params(page)["seed"] == "11"
    # … or a new variant
    page.locator("[data-rb-quiz-finish]").click()
    page.locator("[data-rb-quiz-confirm-yes]").click()
    page.locator("[data-rb-quiz-score]").wait_for()
    assert page.locator("[data-rb-quiz-score]").inner_text() == "Верно 0 из 6 вопросов (0\u00a0%)"
    assert "Без ответа: 6 вопросов." in page.locator(".rb-quiz-result").inner_text()
    page.locator("[data-rb-quiz-fresh]").click()
    assert heading(page).startswith("Вопрос 1 из 6")
    assert params(page)["seed"] != "11"


# ---- variants ---------------------------------------------------------------------

def sheet(page) -> list[str]:
    return page.locator(".rb-print-sheet .rb-print-q").all_inner_texts()


def test_same_seed_gives_the_same_variant(make_page, base_url, kovboy):
    seen = []
    for _ in range(2):
        page = make_page(**DESKTOP)
        open_quiz(page, base_url + PAGE + "?seed=424242&n=8&mode=exam")
        # the variant is visible and editable
        assert page.locator("[data-rb-quiz-seed]").input_value() == "424242"
        assert page.locator("[data-rb-quiz-n]").input_value() == "8"
        page.locator("[data-rb-quiz-print]").click()
        seen.append(sheet(page))
        page.locator("[data-rb-quiz-back]").click()
        page.locator("[data-rb-quiz-start]").click()
        first = quiz_variant(kovboy, 424242, 8)[0]
        assert current_id(page) == first["id"]
        assert page.page_errors == []
    assert seen[0] == seen[1] and len(seen[0]) == 8
    # the browser's variant is the build-time one: same questions, same letters
    items = render.print_items(kovboy, 424242, 8)
    for text, item in zip(seen[0], items):
        assert " ".join(item["q"].text.split())[:50] in " ".join(text.split())
        for c in item["choices"]:
            assert f"{c['letter']}.{c['choice'].text}" in text.replace(". ", ".").replace("\n", "")
    # another number, another variant; typing it updates the address
    page = make_page(**DESKTOP)
    open_quiz(page, base_url + PAGE + "?seed=424242&n=8")
    page.locator("[data-rb-quiz-seed]").fill("424243")
    assert params(page)["seed"] == "424243"
    page.locator("[data-rb-quiz-link]").click()
    assert page.locator(".rb-quiz-link-field").input_value() == base_url + PAGE + "?seed=424243&n=8&mode=practice"
    page.locator("[data-rb-quiz-print]").click()
    assert sheet(page) != seen[0]
    assert params(page)["view"] == "print"


def test_bad_variant_in_the_address_is_explained(page, base_url):
    open_quiz(page, base_url + PAGE + "?seed=abc&n=999&mode=zzz")
    notice = page.locator(".rb-quiz-notice")
    notice.wait_for()
    text = notice.inner_text()
    assert "Номер варианта «abc» в адресе не подходит" in text
    assert "Число вопросов «999» в адресе не подходит (в тесте 26 вопросов)" in text
    assert "Режим «zzz» в адресе неизвестен" in text
    assert page.locator("[data-rb-quiz-start]").is_enabled()
    page.locator("[data-rb-quiz-n]").fill("0")
    assert "Вопросов — от 1 до 26." in page.locator(".rb-quiz-setup [data-rb-error]").inner_text()
    assert page.locator("[data-rb-quiz-start]").is_disabled()


# ---- print view -------------------------------------------------------------------

def test_print_view_has_the_sheet_and_a_separate_key(page, base_url, kovboy):
    open_quiz(page, base_url + PAGE + "?seed=7&n=10&mode=practice")
    page.locator("[data-rb-quiz-print]").click()
    page.locator(".rb-print").wait_for()
    assert params(page)["view"] == "print"
    assert page.locator(".rb-print-sheet .rb-print-meta").inner_text() == "Вариант 7 · вопросов: 10 из 26"
    assert page.locator(".rb-print-sheet .rb-print-q").count() == 10
    assert page.locator(".rb-print-sheet .rb-print-fill").inner_text().split() == ["Фамилия,", "имя:", "Дата:"]
    # the key: one answer per question, equal to the build-time sheet's key
    cells = page.locator(".rb-print-key table tbody td").all_inner_texts()
    answers = {int(cells[i]): cells[i + 1] for i in range(0, len(cells), 2) if cells[i]}
    expected = {item["number"]: item["answer"] for item in render.print_items(kovboy, 7, 10)}
    assert answers == expected
    assert page.locator(".rb-print-key .rb-print-explain > li").count() == 10

    page.emulate_media(media="print")
    assert page.locator(".md-header").is_hidden()
    assert page.locator(".md-sidebar--primary").is_hidden()
    assert page.locator(".rb-quiz-print-controls").is_hidden()
    assert page.locator("h1").is_hidden()
    assert page.locator(".rb-print-sheet").is_visible() and page.locator(".rb-print-key").is_visible()
    assert page.locator(".rb-print-key").evaluate("el => getComputedStyle(el).breakBefore") == "page"
    page.emulate_media(media="screen")
    page.locator('input[name="rb-quiz-print-part"][value="key"]').check()
    page.emulate_media(media="print")
    assert page.locator(".rb-print-sheet").is_hidden() and page.locator(".rb-print-key").is_visible()
    page.emulate_media(media="screen")
    page.locator('input[name="rb-quiz-print-part"][value="sheet"]').check()
    assert page.locator(".rb-print-key").is_hidden() and page.locator(".rb-print-sheet").is_visible()
    # a print link opens the print view directly
    open_quiz(page, base_url + PAGE + "?seed=7&n=10&view=print")
    assert page.locator(".rb-print-sheet .rb-print-q").count() == 10


# ---- saved progress ---------------------------------------------------------------

def test_progress_survives_a_reload(page, base_url, kovboy):
    start(page, base_url + PAGE + "?seed=3&n=5&mode=practice")
    variant = quiz_variant(kovboy, 3, 5)
    q1, q2 = (kovboy.question(v["id"]) for v in variant[:2])
    answer(page, q1, True)
    page.locator("[data-rb-quiz-next]").click()
    page.locator(".rb-quiz-feedback").wait_for()
    page.locator("[data-rb-quiz-next]").click()
    answer(page, q2, False)  # chosen, not yet checked
    page.reload()
    mounted(page)
    assert heading(page).startswith("Вопрос 2 из 5")
    assert current_id(page) == q2.id
    assert "rb-quiz-map-item--right" in page.locator(".rb-quiz-map-item").nth(0).get_attribute("class")
    saved = json.loads(page.evaluate(f"localStorage.getItem('{RUN_KEY.format(mode='practice', seed=3, n=5)}')"))
    assert saved["checked"] == [q1.id] and q2.id in saved["answers"]
    if q2.type in ("single", "truefalse", "multiple"):
        assert page.locator("form[data-rb-question] input:checked").count() >= 1
    # the setup screen offers to continue
    open_quiz(page, base_url + PAGE)
    page.locator("[data-rb-quiz-seed]").fill("3")
    page.locator("[data-rb-quiz-n]").fill("5")
    assert page.locator("[data-rb-quiz-start]").inner_text() == "Продолжить тренировку"
    assert "отвечено 2 из 5 вопросов" in page.locator("[data-rb-quiz-status]").inner_text()


STALE_RUN = ('{"format": "rules-site.quiz-run/1", "quiz": "kovboy", "mode": "exam", "seed": 5, "n": 3,'
             ' "order": ["x", "y", "z"], "answers": {}, "checked": [], "current": 0, "finished": false}')


@pytest.mark.parametrize("raw", ["{oops", '{"format": "rules-site.quiz-run/1", "answers": 5}', STALE_RUN])
def test_corrupt_saved_run_is_reported_and_reset(page, base_url, raw):
    key = RUN_KEY.format(mode="exam", seed=5, n=3)
    open_quiz(page, base_url + PAGE)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, raw])
    open_quiz(page, base_url + PAGE + "?seed=5&n=3&mode=exam")
    notice = page.locator(".rb-quiz-notice")
    notice.wait_for()
    assert "повреждены" in notice.inner_text() or "изменились" in notice.inner_text()
    assert page.locator("[data-rb-quiz-start]").inner_text() == "Начать экзамен"
    assert page.evaluate(f"localStorage.getItem('{key}')") is None
    if "order" not in raw:  # kept aside, not silently lost
        assert page.evaluate(f"localStorage.getItem('{key}:corrupt')") == raw
    page.locator("[data-rb-quiz-start]").click()
    assert heading(page).startswith("Вопрос 1 из 3")
    assert "Traceback" not in page.content()


# ---- keyboard, phone, the game page -------------------------------------------------

def test_keyboard_only(page, base_url, kovboy):
    variant = quiz_variant(kovboy, 5, 26)
    start(page, base_url + PAGE + "?seed=5&n=26&mode=practice")
    # an ordering question, with ↑/↓ buttons pressed from the keyboard
    k = next(i for i, v in enumerate(variant) if kovboy.question(v["id"]).type == "ordering")
    page.locator(".rb-quiz-map-item").nth(k).click()
    q = kovboy.question(variant[k]["id"])
    form = page.locator("form[data-rb-question]")
    for i, cid in enumerate(q.answer):
        while True:
            order = form.locator("li[data-rb-choice]").evaluate_all("els => els.map(e => e.dataset.rbChoice)")
            if order.index(cid) == i:
                break
            form.locator(f'li[data-rb-choice="{cid}"] [data-rb-move="up"]').focus()
            page.keyboard.press("Enter")
            # the focus follows the moved item
            assert page.evaluate("document.activeElement.closest('li').dataset.rbChoice") == cid
    page.keyboard.press("Tab")
    form.locator("[data-rb-quiz-next]").focus()
    page.keyboard.press("Enter")
    assert form.locator(".rb-quiz-feedback").get_attribute("data-rb-verdict") == "right"
    # a single-choice question: the letter key picks the choice, Enter checks it
    k = next(i for i, v in enumerate(variant) if kovboy.question(v["id"]).type == "single")
    page.locator(".rb-quiz-map-item").nth(k).click()
    q = kovboy.question(variant[k]["id"])
    right = variant[k]["choices"].index(q.answer)
    wrong = (right + 1) % len(variant[k]["choices"])
    page.locator("form[data-rb-question] .rb-quiz-q-title").focus()
    page.keyboard.press(str(wrong + 1))
    assert page.locator(f'form[data-rb-question] [data-rb-choice="{variant[k]["choices"][wrong]}"] input').is_checked()
    # a letter key of a Russian layout (Playwright cannot press one: the event a keyboard sends)
    page.evaluate("key => document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}))",
                  render.LETTERS[right])
    assert page.locator(f'form[data-rb-question] [data-rb-choice="{q.answer}"] input').is_checked()
    page.keyboard.press("Enter")
    assert page.locator("form[data-rb-question] .rb-quiz-feedback").get_attribute("data-rb-verdict") == "right"


def test_phone_layout(phone_page, base_url, kovboy):
    page = phone_page
    open_quiz(page, base_url + PAGE + "?seed=9&n=26&mode=practice")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-setup.png"), full_page=True)
    page.locator("[data-rb-quiz-start]").click()
    page.locator("[data-rb-question]").wait_for()
    for shot in ("question", "results"):
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], (shot, width)
        for sel in (".rb-quiz-choice", ".rb-quiz-map-item", "[data-rb-quiz-next]", "[data-rb-move]"):
            for box in [e.bounding_box() for e in page.locator(sel).all() if e.is_visible()]:
                assert box["height"] >= 43.5, (shot, sel, box)
        page.screenshot(path=str(SHOTS / f"phone-{shot}.png"), full_page=shot == "question")  # results: the summary
        if shot == "question":
            # The sticky bar is one row («← Назад», «Проверить»): «Закончить» is under the question,
            # not beside «Проверить» (the newcomer's session: a bar of 180 px, a fifth of the screen).
            bar = page.locator(".rb-quiz-nav").bounding_box()
            assert bar["height"] <= 80, bar
            assert page.locator(".rb-quiz-nav [data-rb-quiz-finish]").count() == 0
            page.locator("[data-rb-quiz-finish]").scroll_into_view_if_needed()
            # tap through to the results
            page.locator("[data-rb-quiz-finish]").tap()
            page.locator("[data-rb-quiz-confirm-yes]").tap()
            page.locator("[data-rb-quiz-score]").wait_for()
            assert page.locator("[data-rb-quiz-score]").inner_text() == "Верно 0 из 26 вопросов (0\u00a0%)"


def test_game_page_links_its_quiz(page, base_url):
    page.goto(base_url + "games/kovboy/")
    box = page.locator("aside.rb-quiz-link")
    assert "26 вопросов" in box.inner_text()
    box.locator("a", has_text="экзамен").click()
    page.wait_for_url(re.compile(r"/quizzes/kovboy/\?"))
    mounted(page)
    assert page.locator('input[name="rb-quiz-mode"][value="exam"]').is_checked()
    assert page.locator("[data-rb-quiz-start]").inner_text() == "Начать экзамен"
    assert params(page)["mode"] == "exam" and params(page)["seed"].isdigit()


# ---- the trainer's downloads: absolute links of the site they came from -------------


@pytest.fixture(scope="module")
def based_url(site_dir, tmp_path_factory):
    """The same built site served under a base path (/club/rules/), as a club might publish it."""
    import shutil

    from sitebuild.publish.serve import serve_in_thread

    root = tmp_path_factory.mktemp("published")
    shutil.copytree(site_dir, root / "club" / "rules")
    server = serve_in_thread(root)
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/club/rules/"
    server.shutdown()
    server.server_close()


def gift_hrefs(text: str) -> list[str]:
    return [re.sub(r"\\(.)", r"\1", h) for h in re.findall(r'href\\="((?:[^"\\]|\\.)*)"', text)]


@pytest.mark.parametrize("kind", ["gift", "xml"])
def test_downloaded_exports_link_to_the_site_they_came_from(page, based_url, kovboy, kind):
    """The downloads are on the quiz list (its part for trainers), not on a learner's quiz page."""
    open_quiz(page, based_url + "quizzes/", "quiz-files")
    link = page.locator(f'[data-rb-quiz-card="kovboy"] a[data-rb-export="{kind}"]').first
    with page.expect_download() as info:
        link.click()
    download = info.value
    text = Path(download.path()).read_text(encoding="utf-8")
    assert download.suggested_filename == ("kovboy.gift.txt" if kind == "gift" else "kovboy.moodle.xml")
    hrefs = gift_hrefs(text) if kind == "gift" else re.findall(r'href="([^"]*)"', text)
    expected = [f"{based_url}games/{r.game}/#{r.id}" for q in kovboy.questions for r in q.refs]
    assert hrefs == expected and "../games/" not in text
    assert based_url in page.locator("[data-rb-export-status]").inner_text()


def test_printed_keys_show_the_full_addresses(page, based_url, kovboy):
    open_quiz(page, based_url + PAGE + "?seed=7&n=10&view=print")
    urls = page.locator(".rb-print-key [data-rb-url]").all_inner_texts()
    assert urls and all(u.startswith(f"{based_url}games/kovboy/#kovboy-") for u in urls)
    page.goto(based_url + "quizzes/kovboy.print.html")
    urls = page.locator("[data-rb-url]").all_inner_texts()
    expected = [f"{based_url}games/{r.game}/#{r.id}" for item in render.print_items(kovboy, 1, None)
                for r in item["q"].refs]
    assert urls == expected


def test_the_quiz_list_says_which_file_to_pick_and_what_gift_leaves_out(page, base_url):
    page.goto(base_url + "quizzes/")
    moodle = page.locator("#moodle ~ ul").first.inner_text()
    assert "Moodle 4.4 и новее" in moodle and "до 4.4" in moodle
    assert page.locator('[data-rb-quiz-card="kaiza"] [data-rb-gift-omitted]').inner_text() == "(без 2 вопросов с порядком вариантов)"
    assert page.locator('[data-rb-quiz-card="kovboy"] [data-rb-gift-omitted]').count() == 0


# A lowercase Latin word with hyphens: a question's, a choice's or a clause's id, a file name.
ID_LIKE = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")
# What concerns the trainer's tools, not the learner.
AUTHORING = re.compile(r"Moodle|GIFT|XML|idnumber|импорт", re.IGNORECASE)
QUIZ_IDS = sorted(p.stem for p in (ROOT / "quizzes").glob("*.toml"))


@pytest.mark.parametrize("quiz", QUIZ_IDS)
def test_a_learner_sees_no_internal_id_or_moodle_note(make_page, base_url, quiz):
    """Newcomer 2026-12-05 § 16: the quiz page showed «red-respot-taken» and notes on
    Moodle's import to a learner. Its visible text, before and after the first
    answer, has no id and nothing on Moodle; the link to the trainers' part stays."""
    page = make_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                     device_scale_factor=2, service_workers="block")
    start(page, f"{base_url}quizzes/{quiz}/?mode=practice&seed=1")
    seen = [page.locator("article").inner_text()]
    form = page.locator("form[data-rb-question]")
    if form.locator("[data-rb-choice]").count():  # any answer: the feedback shows the right one and its explanation
        form.locator("[data-rb-choice]").first.click()
    elif form.locator("input.rb-quiz-number").count():
        form.locator("input.rb-quiz-number").fill("1")
    page.locator("[data-rb-quiz-next]").click()  # «Проверить»
    form.locator(".rb-quiz-feedback").wait_for()
    seen.append(page.locator("article").inner_text())
    for text in seen:
        assert ID_LIKE.findall(text) == []
        assert AUTHORING.findall(text) == []
    assert page.locator('a[href$="#trainers"]').count() == 1
    assert page.page_errors == []


# Every layout shift of the page from its start (PerformanceObserver, buffered).
SHIFTS = """window.__rbShifts = [];
window.__rbTakeShifts = (entries) => { for (const e of entries) window.__rbShifts.push({ value: e.value, input: e.hadRecentInput,
  nodes: e.sources.map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?") }); };
window.__rbShiftObserver = new PerformanceObserver((list) => window.__rbTakeShifts(list.getEntries()));
window.__rbShiftObserver.observe({ type: "layout-shift", buffered: true });"""
# The entries so far, including those not yet delivered to the observer.
TAKE_SHIFTS = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  window.__rbTakeShifts(window.__rbShiftObserver.takeRecords());
  done(window.__rbShifts);
})))"""


@pytest.mark.parametrize("quiz", ["kovboy", "mixed"])
def test_quiz_page_draws_without_layout_shift(make_page, base_url, quiz):
    """The quiz appears after the first paint in place of «Загрузка теста…»:
    nothing on screen moves («Для тренера» dropped ~1 100 px, CLS 0.42 before)."""
    page = make_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2,
                     service_workers="block")
    page.add_init_script(SHIFTS)
    open_quiz(page, f"{base_url}quizzes/{quiz}/")
    page.locator("[data-rb-quiz-start]").wait_for()
    shifts = page.evaluate(TAKE_SHIFTS)
    total = sum(s["value"] for s in shifts if not s["input"])
    assert total < 0.01, shifts
    assert page.page_errors == []


# Where the next question stands: its title clear of the sticky header, and its first answer above the sticky
# bar (when the two fit together): a newcomer tapped «Следующий вопрос» at the foot of a long feedback, and
# the new question's answers stood under «Проверить» (the page went to the widget's top, the number map
# first) — or nothing moved and the title was above the screen.
NEXT_QUESTION_PLACE = """() => {
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const bar = document.querySelector('.rb-quiz-nav').getBoundingClientRect().top;
  const title = document.querySelector('form[data-rb-question] .rb-quiz-q-title').getBoundingClientRect();
  const first = document.querySelector('form[data-rb-question] .rb-quiz-choice, form[data-rb-question] input.rb-quiz-number,'
    + ' form[data-rb-question] li[data-rb-choice]').getBoundingClientRect();
  if (first.bottom - title.top > bar - header) return '';
  const problems = [];
  if (title.top < header - 1 || title.bottom > bar) problems.push(`заголовок ${Math.round(title.top)}…${Math.round(title.bottom)}`);
  if (first.top < header - 1 || first.bottom > bar + 1) problems.push(`первый ответ ${Math.round(first.top)}…${Math.round(first.bottom)}`);
  return problems.length ? problems.join(', ') + `, видно ${Math.round(header)}…${Math.round(bar)}` : '';
}"""


@pytest.mark.parametrize("size", [(390, 844), (360, 740)])
def test_the_next_question_opens_at_its_title_with_its_answers_above_the_bar(make_page, base_url, kovboy, size):
    page = make_page(**{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    start(page, base_url + PAGE + "?seed=11&n=8&mode=practice")
    variant = quiz_variant(kovboy, 11, 8)
    for i in range(7):
        q = kovboy.question(variant[i]["id"])
        answer(page, q, i % 2 == 0)
        page.locator("[data-rb-quiz-next]").tap()  # «Проверить»
        page.locator("form[data-rb-question] .rb-quiz-feedback").wait_for()
        page.locator("form[data-rb-question] .rb-quiz-feedback").scroll_into_view_if_needed()  # the learner reads it
        page.locator("[data-rb-quiz-next]").tap()  # «Следующий вопрос»
        page.wait_for_function("id => document.querySelector('form[data-rb-question]')?.dataset.rbQuestion !== id", arg=q.id)
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        where = page.evaluate(NEXT_QUESTION_PLACE)
        assert where == "", f"вопрос {i + 2}: {where}"


GIVEN_AND_FEEDBACK = [".rb-quiz-nav", "form[data-rb-question]", "form[data-rb-question] .rb-quiz-feedback > :first-child"]


@pytest.mark.parametrize("size", [(360, 740), (390, 844)])
def test_the_answer_chosen_stays_in_view_with_the_feedback(make_page, base_url, kovboy, size):
    """A newcomer at 360 px: after «Проверить» the page went to the feedback and the answer just chosen left
    the screen. The answer and the feedback's first line stay together when they fit."""
    page = make_page(**{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    start(page, base_url + PAGE + "?seed=11&n=8&mode=practice")
    variant = quiz_variant(kovboy, 11, 8)
    both = 0
    for i in range(7):
        q = kovboy.question(variant[i]["id"])
        answer(page, q, i % 2 == 0)
        page.locator("[data-rb-quiz-next]").tap()  # «Проверить»
        page.locator("form[data-rb-question] .rb-quiz-feedback").wait_for()
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        seen = page.evaluate(GIVEN_AND_VERDICT, GIVEN_AND_FEEDBACK)
        assert seen["head"], (i, seen)
        if seen["fits"]:
            both += 1
            assert seen["given"], (i, seen)
        page.locator("[data-rb-quiz-next]").tap()  # «Следующий вопрос»
        page.wait_for_function("id => document.querySelector('form[data-rb-question]')?.dataset.rbQuestion !== id", arg=q.id)
    assert both >= 3


def test_a_right_answer_left_unticked_says_so(page, base_url, kovboy):
    """Several right answers, one ticked: after «Проверить» the one left out said «✓ верно» like the one
    ticked, told apart only by a pale check box (a newcomer). It says «✓ верно — не отмечен»."""
    seed = next(s for s in range(1, 400) if (lambda q: q.type == "multiple" and len(q.answer) >= 2)(
        kovboy.question(quiz_variant(kovboy, s, 1)[0]["id"])))
    q = kovboy.question(quiz_variant(kovboy, seed, 1)[0]["id"])
    start(page, base_url + PAGE + f"?seed={seed}&n=1&mode=practice")
    form = page.locator("form[data-rb-question]")
    form.locator(f'[data-rb-choice="{q.answer[0]}"]').click()
    page.locator("[data-rb-quiz-next]").click()  # «Проверить»
    form.locator(".rb-quiz-feedback").wait_for()
    marks = {cid: form.locator(f'[data-rb-choice="{cid}"] .rb-quiz-mark').inner_text() for cid in q.answer}
    assert marks[q.answer[0]] == "✓ верно", marks
    assert all(marks[cid] == "✓ верно — не отмечен" for cid in q.answer[1:]), marks
