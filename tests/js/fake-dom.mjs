// The little of the DOM that the ruling renderers use (lib/dom.js h(),
// ruling.js, ruling-line.js), for node tests that read what they draw: the
// text of every element in document order, with its classes and href.
// Installed on globalThis by installFakeDom().

class FakeNode {}

class FakeText extends FakeNode {
  constructor(text) { super(); this.data = String(text); }
  get textContent() { return this.data; }
}

class FakeElement extends FakeNode {
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.childNodes = [];
    this.attributes = new Map();
    this.className = "";
    this.hidden = false;
    const self = this;
    this.classList = {
      contains: (c) => self.className.split(/\s+/).includes(c),
      replace: (a, b) => { self.className = self.className.split(/\s+/).map((c) => (c === a ? b : c)).join(" "); },
      add: (c) => { if (!self.classList.contains(c)) self.className = `${self.className} ${c}`.trim(); },
    };
    this.style = { setProperty() {} };
  }
  get children() { return this.childNodes.filter((n) => n instanceof FakeElement); }
  get textContent() { return this.childNodes.map((n) => n.textContent).join(""); }
  set textContent(text) { this.childNodes = [new FakeText(text)]; }
  append(...nodes) { for (const n of nodes) this.childNodes.push(n instanceof FakeNode ? n : new FakeText(n)); }
  setAttribute(k, v) { this.attributes.set(k, String(v)); }
  getAttribute(k) { return this.attributes.has(k) ? this.attributes.get(k) : null; }
  addEventListener() {}
  closest() { return null; }
  querySelectorAll() { return []; }
}

export function installFakeDom() {
  globalThis.Node = FakeNode;
  globalThis.document = {
    createElement: (tag) => new FakeElement(tag),
    createTextNode: (text) => new FakeText(text),
    getElementById: () => null,
  };
}

/**
 * Every element with text of its own, in document order: { classes, tag, href, text }
 * (text: its own text nodes joined, what one span or line says).
 * @returns {{ classes: string[], tag: string, href: string | null, text: string }[]}
 */
export function textParts(root) {
  const out = [];
  const walk = (el) => {
    const own = el.childNodes.filter((n) => n instanceof FakeText).map((n) => n.data).join("").trim();
    if (own) out.push({ classes: el.className.split(/\s+/).filter(Boolean), tag: el.tagName, href: el.getAttribute("href"), text: own });
    for (const child of el.children) walk(child);
  };
  walk(root);
  return out;
}
