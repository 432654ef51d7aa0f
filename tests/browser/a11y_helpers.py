"""Accessibility helpers shared by test_a11y.py and test_keyboard.py: axe-core
(pinned in package.json, injected from node_modules) and the WCAG 2.2 AA rule
set; the focused element's visibility and focus indicator contrast."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
FAILING_IMPACTS = ("serious", "critical")

# Violations that belong to another helper's files this round: each entry is
# (rule id, a CSS selector fragment the node's target must contain, owner).
# The lead removes an entry once the owner's branch is merged; nothing else
# is skipped.
KNOWN_ELSEWHERE: set[tuple[str, str, str]] = {
    # SVG balls show «1», «К» but are named «Шар: единица» (table-svg.js).
    ("label-content-name-mismatch", "rb-ball", "drawing16"),
    # mkdocs-material's instant-navigation progress bar (perf19: engine/progress text).
    ("aria-progressbar-name", ".md-progress", "perf19"),
}


def known_elsewhere(rule: str, target: str) -> str | None:
    for rid, fragment, owner in KNOWN_ELSEWHERE:
        if rid == rule and fragment in target:
            return owner
    return None


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


def split_results(result: dict) -> tuple[list[str], list[str], list[str]]:
    """(failures, known elsewhere, notes): failures are serious/critical
    violations not listed in KNOWN_ELSEWHERE; notes are moderate/minor
    violations and the "needs review" (incomplete) results."""
    failures, known, notes = [], [], []
    for v in result["violations"]:
        for n in v["nodes"]:
            line = f"{v['id']} ({v['impact']}): {n['target']} — {n['html']} — {n['summary']}"
            if v["impact"] not in FAILING_IMPACTS:
                notes.append("moderate " + line)
            elif (owner := known_elsewhere(v["id"], n["target"] + " " + n["html"])):
                known.append(f"[{owner}] {line}")
            else:
                failures.append(line)
    for v in result["incomplete"]:
        for n in v["nodes"]:
            notes.append(f"needs review {v['id']} ({v['impact']}): {n['target']} — {n['summary'][:160]}")
    return failures, known, notes


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
