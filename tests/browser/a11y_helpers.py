"""Accessibility helpers shared by test_a11y.py and test_keyboard.py: axe-core
(pinned in package.json, injected from node_modules) and the WCAG 2.2 AA rule
set; the focused element's visibility and focus indicator contrast."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
FAILING_IMPACTS = ("serious", "critical")

def run_axe(page, include: str | None = None) -> dict:
    """axe.run over the page (or one part of it) with the WCAG 2.2 AA tags."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async ([include, tags]) => {
            const context = include ? {include: [include]} : document;
            const r = await axe.run(context, {runOnly: {type: 'tag', values: tags},
                                              resultTypes: ['violations', 'incomplete']});
            const brief = items => items.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                                          summary: (n.failureSummary || '').slice(0, 300)}))}));
            return {violations: brief(r.violations), incomplete: brief(r.incomplete)};
        }""", [include, WCAG_AA])


def split_results(result: dict) -> tuple[list[str], list[str]]:
    """(failures, notes): failures are the serious/critical violations;
    notes are moderate/minor violations and the "needs review" (incomplete)
    results."""
    failures, notes = [], []
    for v in result["violations"]:
        for n in v["nodes"]:
            line = f"{v['id']} ({v['impact']}): {n['target']} — {n['html']} — {n['summary']}"
            if v["impact"] not in FAILING_IMPACTS:
                notes.append("moderate " + line)
            else:
                failures.append(line)
    for v in result["incomplete"]:
        for n in v["nodes"]:
            notes.append(f"needs review {v['id']} ({v['impact']}): {n['target']} — {n['summary'][:160]}")
    return failures, notes


# The focused element: not <body>, on screen and not covered (the element at
# its centre is it or inside it), and its focus indicator (outline or
# box-shadow) against the background behind it, as a contrast ratio.
FOCUS_STATE = """() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return {body: true};
    const describe = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
        + [...el.classList].map(c => '.' + c).join('') + ' «' + (el.getAttribute('aria-label')
        || el.textContent || el.value || '').trim().slice(0, 40) + '»';
    const r = el.getBoundingClientRect();
    const cx = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
    const cy = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const inView = r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth
        && r.width > 0 && r.height > 0;
    let hit = inView ? document.elementFromPoint(cx, cy) : null;
    // A native control's label or a chip around the input counts as the control.
    const label = el.labels && el.labels[0];
    const covered = !hit || !(el === hit || el.contains(hit) || hit.contains(el)
        || (label && (label === hit || label.contains(hit))));
    const parse = c => { const m = c.match(/[\\d.]+/g); if (!m) return null;
        const [r, g, b, a = 1] = m.map(Number); return {r, g, b, a}; };
    const lum = ({r, g, b}) => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92
        : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05); };
    const background = node => { for (let n = node; n; n = n.parentElement) {
        const c = parse(getComputedStyle(n).backgroundColor); if (c && c.a > 0.5) return c; }
        return parse(getComputedStyle(document.body).backgroundColor) || {r: 255, g: 255, b: 255}; };
    // The indicator may be drawn on the element or on a wrapper that shows it
    // for a visually hidden input (a chip, a check box label) via :focus-within.
    const candidates = [el, label, el.closest('.rb-chip, .rb-check, label')].filter(Boolean);
    let best = 0, how = 'none';
    for (const node of candidates) {
        const s = getComputedStyle(node);
        const bg = background(node.parentElement || node);
        if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1) {
            const c = parse(s.outlineColor); if (c && c.a > 0.5) {
                const q = ratio(c, bg); if (q > best) { best = q; how = 'outline ' + s.outlineColor; } } }
        if (s.boxShadow && s.boxShadow !== 'none') {
            const c = parse(s.boxShadow); if (c && c.a > 0.5) {
                const q = ratio(c, bg); if (q > best) { best = q; how = 'box-shadow ' + s.boxShadow; } } }
    }
    return {body: false, describe, inView, covered, hit: hit ? hit.outerHTML.slice(0, 80) : null,
            contrast: Math.round(best * 100) / 100, how};
}"""


def focus_problem(page) -> str | None:
    """None when the focused element is fine, else what is wrong with it."""
    s = page.evaluate(FOCUS_STATE)
    if s["body"]:
        return "фокус упал на <body>"
    if not s["inView"]:
        return f"{s['describe']}: вне экрана"
    if s["covered"]:
        return f"{s['describe']}: закрыт элементом {s['hit']}"
    if s["contrast"] < 3:
        return f"{s['describe']}: индикатор фокуса {s['how']} контраст {s['contrast']} < 3"
    return None


# ---- the accessibility tree (a screen reader's view) ----------------------

# Roles a control may have in Chromium's accessibility tree (a <summary> is a
# DisclosureTriangle; a focusable scrolling box is a named region).
CONTROL_ROLES = {
    "button", "checkbox", "radio", "switch", "tab", "link", "textbox", "searchbox", "spinbutton",
    "combobox", "listbox", "option", "slider", "menuitem", "menuitemradio", "menuitemcheckbox",
    "treeitem", "DisclosureTriangle", "region",
}

# Every visible control inside the scope, tagged data-rb-ax=N, with what a
# sighted user sees of it: its visible text (a form control's label), its
# states in the DOM, and a class that shows a chosen state visually.
TAG_CONTROLS = r"""scope => {
    const root = document.querySelector(scope);
    const sel = 'button, input:not([type=hidden]), select, textarea, summary, a[href], [tabindex],'
        + ' [role=button], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=link],'
        + ' [role=option], [role=slider], [role=spinbutton], [role=textbox], [role=menuitem]';
    const native = el => el.matches('button, input, select, textarea, summary, a[href]');
    const shown = el => el.checkVisibility({visibilityProperty: true, contentVisibilityAuto: true})
        && !el.closest('[hidden], [aria-hidden=true], [inert]');
    // The text a sighted user reads on it: shown text nodes, not decorative
    // (aria-hidden) ones, not visually hidden ones (a 1 px clip box).
    const text = el => {
        const parts = [], walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let t = walk.nextNode(); t; t = walk.nextNode()) {
            const p = t.parentElement;
            if (!p || p.closest('[aria-hidden=true]') !== el.closest('[aria-hidden=true]')) continue;
            if (p.closest('input, select, textarea, option') || !p.checkVisibility({visibilityProperty: true})) continue;
            const r = p.getBoundingClientRect();
            if (r.width <= 2 || r.height <= 2) continue;
            parts.push(t.data);
        }
        return parts.join(' ');
    };
    const labelText = el => [...(el.labels || [])].map(text).join(' ');
    const out = [];
    for (const el of root.querySelectorAll(sel)) {
        if (!shown(el)) continue;
        // A container focused by script (tabindex -1, no control role) is not a control.
        const controlRole = /^(button|checkbox|radio|switch|tab|link|option|slider|spinbutton|textbox|menuitem)$/
            .test(el.getAttribute('role') || '');
        if (!native(el) && !controlRole && el.getAttribute('tabindex') === '-1') continue;
        const i = out.length;
        el.setAttribute('data-rb-ax', String(i));
        const formControl = el.matches('input, select, textarea');
        const details = el.matches('summary') ? el.closest('details') : null;
        const cls = typeof el.className === 'string' ? el.className : (el.getAttribute('class') || '');
        out.push({
            i, html: el.outerHTML.replace(/\s+/g, ' ').slice(0, 140),
            visible: formControl ? labelText(el) : text(el),
            checked: el.matches('input[type=checkbox], input[type=radio]') ? el.checked : null,
            ariaChecked: el.getAttribute('aria-checked'),
            pressed: el.getAttribute('aria-pressed'),
            expanded: details ? String(details.open) : el.getAttribute('aria-expanded'),
            selected: el.getAttribute('aria-selected'),
            disabled: !!el.disabled || el.getAttribute('aria-disabled') === 'true',
            invalid: el.getAttribute('aria-invalid') === 'true',
            visualState: /(--|\b)(on|selected|chosen|active|current|picked)\b|\bis-(selected|active)\b/.test(cls),
        });
    }
    return out;
}"""


def _norm(s: str) -> str:
    import re
    return " ".join(re.sub(r"[^\w]+", " ", s.lower().replace("ё", "е")).split())


def _ax_of(cdp, root: int, selector: str) -> dict | None:
    node_id = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    if not node_id:
        return None
    nodes = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node_id, "fetchRelatives": False})["nodes"]
    return nodes[0] if nodes else None


def _with_cdp(page, read):
    cdp = page.context.new_cdp_session(page)
    try:
        return read(cdp, cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"])
    finally:
        cdp.detach()


def ax_nodes(page, scope: str) -> list[tuple[dict, dict | None]]:
    """(what the page shows of each control, its node in the accessibility tree)."""
    page.evaluate("() => { for (const el of document.querySelectorAll('[data-rb-ax]')) el.removeAttribute('data-rb-ax'); }")
    controls = page.evaluate(TAG_CONTROLS, scope)
    return _with_cdp(page, lambda cdp, root: [
        (c, _ax_of(cdp, root, f'[data-rb-ax="{c["i"]}"]')) for c in controls])


def ax_node(page, locator) -> dict:
    """The accessibility tree's node of one element (a Playwright locator)."""
    locator.evaluate("el => el.setAttribute('data-rb-ax-one', '')")
    try:
        node = _with_cdp(page, lambda cdp, root: _ax_of(cdp, root, "[data-rb-ax-one]"))
    finally:
        locator.evaluate("el => el.removeAttribute('data-rb-ax-one')")
    assert node is not None, "элемента нет в дереве доступности"
    return node


GROUPS = """scope => {
    const out = [];
    for (const el of document.querySelector(scope).querySelectorAll('[role=group], [role=radiogroup], fieldset')) {
        if (!el.checkVisibility() || el.closest('[hidden], [aria-hidden=true]')) continue;
        el.setAttribute('data-rb-ax-group', String(out.length));
        out.push(el.outerHTML.replace(/\\s+/g, ' ').slice(0, 120));
    }
    return out;
}"""


def group_problems(page, scope: str) -> list[str]:
    """A group of controls (answers, chips, a fieldset) without a name."""
    page.evaluate("() => { for (const el of document.querySelectorAll('[data-rb-ax-group]')) el.removeAttribute('data-rb-ax-group'); }")
    groups = page.evaluate(GROUPS, scope)
    nodes = _with_cdp(page, lambda cdp, root: [
        _ax_of(cdp, root, f'[data-rb-ax-group="{i}"]') for i in range(len(groups))])
    return [f"группа без имени: {html}" for html, node in zip(groups, nodes)
            if node is not None and not node.get("ignored") and not ax_value(node, "name").strip()]


def ax_props(node: dict) -> dict:
    return {p["name"]: p["value"].get("value") for p in node.get("properties", [])}


def ax_value(node: dict, key: str) -> str:
    return str((node.get(key) or {}).get("value") or "")


def control_problems(control: dict, node: dict | None) -> list[str]:
    """What a screen-reader user would miss about one control: its role, its
    name (containing the visible text, WCAG 2.5.3) and its states (4.1.2)."""
    where = control["html"]
    if node is None or node.get("ignored"):
        return [f"нет в дереве доступности: {where}"]
    role, name = ax_value(node, "role"), ax_value(node, "name").strip()
    props = ax_props(node)
    problems = []
    if role not in CONTROL_ROLES:
        problems.append(f"роль «{role}» не роль элемента управления")
    if not name:
        problems.append("нет доступного имени")
    visible = _norm(control["visible"])
    # A scrolling region's content is not its label; words of the visible
    # text may be split by state words («1 — шар единица, коснулся 1-м»).
    if role != "region" and visible and visible not in _norm(name) \
            and not set(visible.split()) <= set(_norm(name).split()):
        problems.append(f"имя «{name}» не содержит видимый текст «{control['visible'].strip()[:60]}»")

    def state(label: str, dom, prop: str) -> None:
        if dom is None:
            return
        got = str(props.get(prop, "false")).lower()
        if got != str(dom).lower():
            problems.append(f"состояние {label}: на странице {dom}, в дереве {got}")

    state("checked", control["checked"] if control["checked"] is not None else control["ariaChecked"], "checked")
    state("pressed", control["pressed"], "pressed")
    state("expanded", control["expanded"], "expanded")
    state("selected", control["selected"], "selected")
    state("disabled", control["disabled"] or None, "disabled")
    state("invalid", control["invalid"] or None, "invalid")
    exposed = any(str(props.get(k, "false")).lower() not in ("false", "none", "")
                  for k in ("checked", "pressed", "selected", "expanded"))
    if control["visualState"] and not exposed and "current" not in ax_value(node, "description") \
            and not props.get("current"):
        problems.append("выбранное состояние видно, но не передано (pressed/checked/selected)")
    return [f"{p}: {where}" for p in problems]


def tree_problems(page, scope: str) -> list[str]:
    return [p for control, node in ax_nodes(page, scope) for p in control_problems(control, node)]


def past_orderings(page, form, timeout: float = 15000) -> None:
    """The quiz on to its first question that can be left unanswered: the variant's order is
    random, and an ordering always has an answer (the order shown), so «no answer» shows no
    error there (1 run in 12 began with one, and the tests waiting for that error failed)."""
    for _ in range(10):
        if not form.locator("ol.rb-quiz-order").count():
            return
        page.locator("[data-rb-quiz-next]").click()  # checked: the order shown
        page.locator("form[data-rb-question] .rb-quiz-feedback").wait_for(timeout=timeout)
        page.locator("[data-rb-quiz-next]").click()  # on to the next question
        form.locator(":scope:not(:has(.rb-quiz-feedback))").wait_for(timeout=timeout)


def answer_something(scope) -> None:
    """A quiz's or the тренажёр's question answered: its first choice, or 1."""
    choice = scope.locator("[data-rb-choice]").first
    if choice.count():
        choice.click()
    else:
        scope.locator("input.rb-quiz-number").fill("1")
