// @ts-check
// Rules and tools side by side. On a wide screen the page's tools sit in a
// sticky column beside the rule text (CSS: layout.css), so the clause a
// ruling cites is visible next to it. On a phone a tab bar switches between
// «Правила» (the whole page, as it reads) and «Счёт» (only the tools),
// keeping each tab's scroll position; a § link followed from «Счёт» opens
// «Правила» at that clause.

const TAB_KEY = "rules-site:tab:";

/** @returns {() => void} dispose */
export function mountLayout() {
  const found = document.querySelector(".md-content__inner");
  const tools = found ? [...found.querySelectorAll(":scope > [data-rb-tool]")] : [];
  if (!found || !tools.length || !found.querySelector(":scope > .rb-rules")) return () => {};
  /** @type {Element} */
  const article = found;
  if (article.querySelector(":scope > .rb-split-tools")) return () => {};
  const aside = document.createElement("aside");
  aside.className = "rb-split-tools";
  aside.setAttribute("aria-label", "Калькулятор и счёт");
  tools[0].before(aside);
  aside.append(...tools);
  article.classList.add("rb-has-split");
  document.body.classList.add("rb-split-page");

  const tabs = document.createElement("nav");
  tabs.className = "rb-tabs";
  tabs.setAttribute("aria-label", "Что показать");
  const make = (/** @type {string} */ id, /** @type {string} */ label) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "rb-tab";
    b.dataset.rbTab = id;
    b.textContent = label;
    tabs.append(b);
    return b;
  };
  const rulesTab = make("rules", "Правила");
  const toolsTab = make("tools", "Счёт");
  article.prepend(tabs);

  const key = TAB_KEY + window.location.pathname;
  /** @type {Record<string, number>} */
  const scroll = { rules: 0, tools: 0 };
  /** What the reader had at the top of each tab: the block and its distance
   * from the viewport's top. The text above it can change height while the
   * other tab is shown (a panel opened, a ruling shown), so the tab comes back
   * to that block rather than to the same pixel.
   * @type {Record<string, { el: Element, top: number } | null>} */
  const anchor = { rules: null, tools: null };
  let tab = "rules";
  try {
    tab = window.sessionStorage.getItem(key) === "tools" ? "tools" : "rules";
  } catch {
    /* the page opens on the rules */
  }

  /** The element at the top of the shown tab, just under the sticky tab bar. */
  function topBlock() {
    const box = article.getBoundingClientRect();
    const y = tabs.getBoundingClientRect().bottom + 6;
    for (const x of [box.left + 24, box.left + box.width / 2]) {
      const el = document.elementFromPoint(x, y);
      if (el && el !== article && article.contains(el) && !tabs.contains(el)) return el;
    }
    return null;
  }

  function remember() {
    scroll[tab] = window.scrollY;
    const el = scroll[tab] > 0 ? topBlock() : null;
    anchor[tab] = el ? { el, top: el.getBoundingClientRect().top } : null;
  }

  function restore() {
    window.scrollTo(0, scroll[tab]);
    const kept = anchor[tab];
    if (kept && kept.el.isConnected && kept.el.getClientRects().length) {
      const moved = kept.el.getBoundingClientRect().top - kept.top;
      if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    }
  }

  /** @param {string} next @param {boolean} [keep] keep the scroll position of each tab */
  function show(next, keep = true) {
    if (keep) remember();
    tab = next;
    article.setAttribute("data-rb-tab", tab);
    rulesTab.setAttribute("aria-pressed", String(tab === "rules"));
    toolsTab.setAttribute("aria-pressed", String(tab === "tools"));
    try {
      window.sessionStorage.setItem(key, tab);
    } catch {
      /* nothing to keep */
    }
    if (keep) restore();
  }
  const onTabs = (/** @type {Event} */ event) => {
    const b = /** @type {Element} */ (event.target).closest("[data-rb-tab]");
    if (!b || b.getAttribute("data-rb-tab") === tab) return;
    const next = b.getAttribute("data-rb-tab") || "rules";
    if (next === "tools" && !scroll.tools) {
      // First time on «Счёт»: open the scorekeeper (or the first tool) at the top.
      remember();
      show(next, false);
      const first = /** @type {HTMLDetailsElement} */ (aside.querySelector('[data-rb-tool="scorekeeper"]') || tools[0]);
      if (first instanceof HTMLDetailsElement) first.open = true;
      (first || aside).scrollIntoView({ block: "start" });
      return;
    }
    show(next);
  };
  // A § link followed from «Счёт»: the rule text is on «Правила».
  const onLink = (/** @type {Event} */ event) => {
    const a = /** @type {Element} */ (event.target).closest('a[href^="#"]');
    if (!a || tab !== "tools") return;
    remember();
    tab = "rules";
    show("rules", false);
  };
  tabs.addEventListener("click", onTabs);
  aside.addEventListener("click", onLink, true);
  show(tab, false);
  return () => {
    tabs.removeEventListener("click", onTabs);
    aside.removeEventListener("click", onLink, true);
    document.body.classList.remove("rb-split-page");
  };
}
