import sys, time, shutil
sys.path.insert(0, "/work/main"); sys.path.insert(0, "/work/main/tests/browser")
from playwright.sync_api import sync_playwright
from test_search import BOX, wait_results
from test_fragment_targets import assert_target_on_screen
mode = sys.argv[1]
p = sync_playwright().start()
b = p.chromium.launch(executable_path=shutil.which("chromium"))
c = b.new_context(viewport={"width":390,"height":844}, device_scale_factor=2, is_mobile=True, has_touch=True, locale="ru-RU")
pg = c.new_page()
pg.add_init_script("localStorage.setItem('rules-site:offline-notice-shown', '1')")
pg.goto("http://127.0.0.1:8765/")
pg.tap('label[for="__search"]'); time.sleep(0.4)
q = "вылет битка за борт"
if "kbd" in mode: pg.keyboard.type(q, delay=40)
else: pg.locator(BOX).press_sequentially(q, delay=15)
if "sleep" in mode: time.sleep(1.5)
else: wait_results(pg, q)
link = pg.locator('.md-search-result__list a.md-search-result__link[href$="#probka-foul-e"]').first
link.tap()
pg.wait_for_url("**#probka-foul-e")
try:
    assert_target_on_screen(pg, "x"); print(mode, "OK")
except AssertionError as e:
    print(mode, "FAIL", str(e)[:150])
b.close(); p.stop()
