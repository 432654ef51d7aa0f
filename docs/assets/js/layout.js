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
  let tab = "rules";
  try {
    tab = window.sessionStorage.getItem(key) === "tools" ? "tools" : "rules";
  } catch {
    /* the page opens on the rules */
  }

  /** @param {string} next @param {boolean} [restore] */
  function show(next, restore = true) {
    if (restore) scroll[tab] = window.scrollY;
    tab = next;
    article.setAttribute("data-rb-tab", tab);
    rulesTab.setAttribute("aria-pressed", String(tab === "rules"));
    toolsTab.setAttribute("aria-pressed", String(tab === "tools"));
    try {
      window.sessionStorage.setItem(key, tab);
    } catch {
      /* nothing to keep */
    }
    if (restore) window.scrollTo(0, scroll[tab]);
  }
  const onTabs = (/** @type {Event} */ event) => {
    const b = /** @type {Element} */ (event.target).closest("[data-rb-tab]");
    if (!b || b.getAttribute("data-rb-tab") === tab) return;
    const next = b.getAttribute("data-rb-tab") || "rules";
    if (next === "tools" && !scroll.tools) {
      // First time on «Счёт»: open the scorekeeper (or the first tool) at the top.
      scroll[tab] = window.scrollY;
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
    scroll.tools = window.scrollY;
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
