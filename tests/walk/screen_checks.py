"""The checks of the screen itself, as one page function returning a list of
violations ({kind, what, detail}): what must be on screen is inside the
viewport and not covered (elementFromPoint), no element clips its text, no two
controls overlap, no text leaves its box, no sentence twice in a ruling, the
reading head (title, status, board) not cut through its words by the bars above."""

from __future__ import annotations

# Recorded from the page's start: every layout-shift entry (buffered).
SHIFT_OBSERVER = r"""
window.__walkShifts = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__walkShifts.push({
      value: e.value, recent: e.hadRecentInput, t: e.startTime,
      nodes: (e.sources || []).map((s) => s.node ? (s.node.nodeType === 1 ? s.node : s.node.parentElement) : null)
        .filter(Boolean).map((n) => n.tagName.toLowerCase() + [...n.classList].slice(0, 2).map((c) => '.' + c).join('')
          + ((n.textContent || '').trim() ? ' «' + n.textContent.trim().replace(/\s+/g, ' ').slice(0, 30) + '»' : '')).slice(0, 3),
      // each node's box before and after (top+height, px; a box left on screen has none): by how much it moved
      moves: (e.sources || []).slice(0, 3).map((s) => `${Math.round(s.previousRect.y)}+${Math.round(s.previousRect.height)}`
        + `→${Math.round(s.currentRect.y)}+${Math.round(s.currentRect.height)}`),
    });
  }).observe({ type: "layout-shift", buffered: true });
} catch (e) {}
"""

# A line of el cut through by the bars above (--rb-sticky-top: the header and the
# tab bar): "строка A…B px, край полосы E px", or null. Shared by SCREEN_CHECK and
# tests/browser/screen_checks.py (the same rule, one wording of the measure).
CUT_BY_BAR = r"""(el) => {
  // The bars' bottom, or lower: the top of a box that scrolls the line (the desktop's tools column
  // clips what it scrolls away at its own top, below the header).
  let edge = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--rb-sticky-top')) || 0;
  for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
    if (/auto|scroll|hidden/.test(getComputedStyle(n).overflowY)) edge = Math.max(edge, n.getBoundingClientRect().top);
  }
  if (!edge) return null;
  // The lines of its text (not the boxes of its elements: the status line's words are one span, laid out as a
  // block at the foot of its held box, whose one box spans three lines — a line under the edge is not cut).
  const range = document.createRange();
  const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let t = texts.nextNode(); t; t = texts.nextNode()) {
    range.selectNodeContents(t);
    const line = [...range.getClientRects()].find((r) => r.width >= 1 && r.top < edge - 2 && r.bottom > edge + 2);
    if (line) return `строка ${Math.round(line.top)}…${Math.round(line.bottom)} px, край полосы ${edge} px`;
  }
  return null;
}"""

# args: {tool, must: [[name, selector]], since} -> violations.
# must: the parts that have to be fully on screen and uncovered.
SCREEN_CHECK = r"""({ tool, must, since }) => {
  const out = [];
  const add = (kind, what, detail) => out.push({ kind, what, detail: String(detail).slice(0, 220) });
  const root = document.querySelector(tool);
  const vh = innerHeight, vw = innerWidth;
  const styled = new Map();  // element -> drawn (itself and its ancestors), computed once per check
  const drawn = (n) => {
    if (!n) return true;
    if (styled.has(n)) return styled.get(n);
    const cs = getComputedStyle(n);
    const ok = !n.hidden && cs.display !== 'none' && cs.visibility !== 'hidden' && Number(cs.opacity) !== 0 && drawn(n.parentElement);
    styled.set(n, ok);
    return ok;
  };
  const shown = (el) => {
    if (!el || !el.isConnected) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    return drawn(el);
  };
  const name = (el) => {
    if (!el) return '—';
    const t = (el.getAttribute && (el.getAttribute('aria-label') || '')) || (el.textContent || '');
    return el.tagName.toLowerCase() + [...(el.classList || [])].slice(0, 2).map((c) => '.' + c).join('')
      + (t.trim() ? ' «' + t.trim().replace(/\s+/g, ' ').slice(0, 40) + '»' : '');
  };
  const hiddenCache = new Map();
  const srOnly = (el) => { if (!hiddenCache.has(el)) hiddenCache.set(el, srOnlyNow(el)); return hiddenCache.get(el); };
  const srOnlyNow = (el) => { for (let n = el; n && n !== document.body; n = n.parentElement) {
    const cs = getComputedStyle(n);
    if (n.classList.contains('rb-visually-hidden') || n.classList.contains('md-visually-hidden')
      || /inset\(50%\)/.test(cs.clipPath) || /rect\(0px,? 0px,? 0px,? 0px\)/.test(cs.clip)
      || (cs.position === 'absolute' && (cs.clip !== 'auto' || cs.clipPath !== 'none') && n.getBoundingClientRect().width <= 1)) return true;
  } return false; };
  // 1. What must be on screen: inside the viewport, and the element at its points is it.
  for (const [what, sel] of must) {
    const els = [...document.querySelectorAll(sel)].filter(shown);
    if (!els.length) continue;
    const first = els[0], last = els[els.length - 1];
    const top = first.getBoundingClientRect().top, bottom = Math.max(...els.map((e) => e.getBoundingClientRect().bottom));
    if (top < -0.5 || bottom > vh + 0.5) { add('off-screen', what, `top ${Math.round(top)}, bottom ${Math.round(bottom)}, окно ${vh}`); continue; }
    for (const el of [first, last]) {
      const r = el.getBoundingClientRect();
      const pts = [[r.left + r.width / 2, r.top + Math.min(4, r.height / 2)], [r.left + r.width / 2, r.top + r.height / 2],
                   [r.left + Math.min(6, r.width / 2), r.bottom - Math.min(4, r.height / 2)]];
      for (const [x, y] of pts) {
        if (x < 0 || x >= vw || y < 0 || y >= vh) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && !el.contains(hit) && !hit.contains(el)) {
          add('covered', what, `${name(hit)} над точкой (${Math.round(x)}, ${Math.round(y)})`);
          break;
        }
      }
    }
  }
  if (!root) return out;
  const all = [...root.querySelectorAll('*')].filter((el) => !(el instanceof SVGElement) || el.tagName === 'svg');
  // 2. Clipped text: overflow hidden/clip and more content than box.
  for (const el of all) {
    const cs = getComputedStyle(el);
    const clipsY = ['hidden', 'clip'].includes(cs.overflowY), clipsX = ['hidden', 'clip'].includes(cs.overflowX);
    if (!clipsX && !clipsY) continue;
    if (!shown(el) || srOnly(el) || !(el.textContent || '').trim()) continue;
    if (el.tagName === 'svg' || el.closest('svg')) continue;
    if (clipsY && el.scrollHeight > el.clientHeight + 1) add('clipped', name(el), `${el.scrollHeight} px текста в ${el.clientHeight} px по высоте`);
    else if (clipsX && el.scrollWidth > el.clientWidth + 1) add('clipped', name(el), `${el.scrollWidth} px текста в ${el.clientWidth} px по ширине`);
  }
  // 3. Controls overlapping.
  const controls = [...root.querySelectorAll('button, input, select, textarea, a[href], [role=button], summary, label.rb-chip')]
    .filter((el) => shown(el) && !srOnly(el) && !(el.matches('input') && el.closest('label.rb-chip, label.rb-check'))
      && !(el.matches('input') && Number(getComputedStyle(el).opacity) < 0.05) && !el.closest('svg') && !el.closest('[inert]'));
  // An inline control (a link in a line that flows as text) is its boxes, one per row it stands on: the box
  // around a link wrapped over two rows takes in what follows it on the second («почему ▸»).
  const rects = controls.map((el) => (getComputedStyle(el).display === 'inline' ? [...el.getClientRects()] : [el.getBoundingClientRect()])
    .filter((r) => r.width > 0 && r.height > 0));
  const overlapOf = (as, bs) => { let best = [0, 0];
    for (const a of as) for (const b of bs) {
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1 && w * h > best[0] * best[1]) best = [w, h];
    }
    return best; };
  // A control under a sticky or fixed bar is the bar covering it (the tap checks that), not two overlapping.
  const pinned = controls.map((el) => { for (let n = el; n && n !== document.body; n = n.parentElement) {
    const p = getComputedStyle(n).position; if (p === 'sticky' || p === 'fixed') return n; } return null; });
  for (let i = 0; i < controls.length; i++) for (let j = i + 1; j < controls.length; j++) {
    if (controls[i].contains(controls[j]) || controls[j].contains(controls[i])) continue;
    if (pinned[i] !== pinned[j]) continue;
    const [w, h] = overlapOf(rects[i], rects[j]);
    if (w > 1 && h > 1) add('controls-overlap', name(controls[i]), `${name(controls[j])}: ${Math.round(w)}×${Math.round(h)} px`);
  }
  // 4. Text leaving its box (the nearest ancestor with a background or a border).
  const isBox = (el) => { const cs = getComputedStyle(el);
    const bg = cs.backgroundColor.match(/[\d.]+/g);
    return (bg && (bg.length < 4 || Number(bg[3]) > 0)) || ['Top', 'Right', 'Bottom', 'Left'].some((s) =>
      parseFloat(cs['border' + s + 'Width']) > 0 && cs['border' + s + 'Style'] !== 'none'); };
  // A box that scrolls (a wide table in its .rb-table-wrap) holds its text over its whole scroll extent.
  const scrollArea = (el) => { const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    const scrollsX = /auto|scroll/.test(cs.overflowX) && el.scrollWidth > el.clientWidth;
    const scrollsY = /auto|scroll/.test(cs.overflowY) && el.scrollHeight > el.clientHeight;
    const left = scrollsX ? r.left + el.clientLeft - el.scrollLeft : r.left;
    const top = scrollsY ? r.top + el.clientTop - el.scrollTop : r.top;
    return { left, top, right: scrollsX ? left + el.scrollWidth : r.right, bottom: scrollsY ? top + el.scrollHeight : r.bottom }; };
  const boxCache = new Map();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const seenText = new Set();
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.textContent.trim()) continue;
    const parent = t.parentElement;
    if (!parent || parent.closest('svg') || !shown(parent) || srOnly(parent)) continue;
    let box = null;
    for (let n = parent; n && n !== root.parentElement; n = n.parentElement) {
      if (!boxCache.has(n)) boxCache.set(n, isBox(n));
      if (boxCache.get(n)) { box = n; break; }
      const cs = getComputedStyle(n);
      if (cs.position === 'absolute' || cs.position === 'fixed') break;
    }
    if (!box) continue;
    const b = scrollArea(box);
    range.selectNodeContents(t);
    for (const r of range.getClientRects()) {
      if (r.width < 1) continue;
      const over = Math.max(b.left - r.left, r.right - b.right, b.top - r.top, r.bottom - b.bottom);
      if (over > 1.5) {
        const key = name(box) + t.textContent.trim().slice(0, 30);
        if (!seenText.has(key)) { seenText.add(key); add('text-out', name(box), `«${t.textContent.trim().slice(0, 40)}» выходит на ${Math.round(over)} px`); }
        break;
      }
    }
  }
  // 5. No sentence twice in a ruling (folded «почему» included).
  for (const ruling of root.querySelectorAll('.rb-ruling--line')) {
    if (!shown(ruling)) continue;
    const seen = new Map();
    // The innermost blocks (a paragraph inside a list item is read once), their
    // sentences; a § link is a reference, not a sentence.
    const blocks = [...ruling.querySelectorAll('p, li, dd')].filter((el) => !el.querySelector('p, li, dd'));
    const text = blocks.map((el) => { const c = el.cloneNode(true); c.querySelectorAll('a.rb-ref, .rb-ref, button').forEach((n) => n.remove());
      return c.textContent; }).join(' \n ');
    for (const s of text.split(/(?<=[.!?…])\s+|\n/)) {
      const norm = s.replace(/\s+/g, ' ').replace(/^[—–\-•·\s]+/, '').trim();
      if (norm.length < 12) continue;
      seen.set(norm, (seen.get(norm) || 0) + 1);
    }
    for (const [s, n] of seen) if (n > 1) add('sentence-twice', 'ruling', `${n}×: «${s.slice(0, 90)}»`);
  }
  // 6. The reading head — the panel's title, the status line, the board — never cut through
  // its words by the bars above: a line half under the tab bar reads as a broken page.
  const cutByBar = __CUT_BY_BAR__;
  const panel = root.closest('details');
  const head = [panel && panel.querySelector(':scope > summary'), root.querySelector('[data-rb-status-line]'),
    ...root.querySelectorAll('[data-rb-scores] .rb-score-name')].filter((el) => el && shown(el));
  for (const el of head) {
    const cut = cutByBar(el);
    if (cut) add('cut-by-bar', name(el), cut);
  }
  // 7. Layout shift since the step began.
  for (const e of (window.__walkShifts || []).slice(since)) {
    if (e.value < 0.0005) continue;
    add(e.recent ? 'layout-shift-after-input' : 'layout-shift', e.nodes.join(', ') || '—',
      e.value.toFixed(4) + (e.moves && e.moves.length ? ` (${e.moves.join(', ')})` : ''));
  }
  return out;
}""".replace("__CUT_BY_BAR__", CUT_BY_BAR)

# The drawing's balls: ids of the tappable balls and the pyramid's count.
DRAWN_BALLS = r"""sel => {
  const svg = document.querySelector(sel + ' [data-rb-action-form] .rb-table-svg');
  if (!svg || !svg.getBoundingClientRect().width) return null;
  return { balls: [...svg.querySelectorAll('.rb-t-ball:not(.rb-t-ball--outside)')].map((b) => b.getAttribute('data-rb-id')),
           pyramid: svg.querySelectorAll('.rb-t-pyramid circle').length };
}"""

FOCUS = """() => { const a = document.activeElement; return !a || a === document.body || a === document.documentElement; }"""
