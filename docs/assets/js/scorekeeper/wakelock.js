// @ts-check
// Keeps the screen on while a match is on screen, where the browser allows
// it (Screen Wake Lock API). The browser drops the lock whenever the page is
// hidden; it is asked again when the page becomes visible. Without the API,
// or when the browser says no, nothing happens: the match works the same.
//
//   const awake = screenAwake(root, onChange);   onChange(held: boolean)
//   awake.want(true | false)                     a match is (not) on screen
//
// When to ask, keep or let go is wakelock-steps.js (no DOM, tested in node).

import { acquireStep, grantedStep, visibilityStep, wantStep } from "./wakelock-steps.js";

const supported = () => Boolean(typeof navigator !== "undefined" && navigator.wakeLock
  && typeof navigator.wakeLock.request === "function");

/** The lock of one tool's match screen, asked again whenever the page is visible again. */
class ScreenLock {
  /** @param {HTMLElement} root @param {(held: boolean) => void} onChange */
  constructor(root, onChange) {
    this.root = root;
    this.onChange = onChange;
    this.wanted = false;
    /** @type {WakeLockSentinel | null} */
    this.sentinel = null;
    this.pending = false;
    // One function for add and remove: the browser drops the lock when the page is hidden.
    this.onVisibility = () => {
      const step = visibilityStep({ connected: this.root.isConnected, visible: document.visibilityState === "visible" });
      if (step === "stop") this.stop();
      else if (step === "acquire") this.acquire();
    };
  }

  /** @param {boolean} next */
  setHeld(next) {
    if (!next) this.sentinel = null;
    this.onChange(Boolean(next));
  }

  async acquire() {
    const step = acquireStep({
      wanted: this.wanted, held: Boolean(this.sentinel), pending: this.pending,
      supported: supported(), visible: document.visibilityState === "visible", connected: this.root.isConnected,
    });
    if (step === "skip") return;
    if (step === "stop") {
      this.stop();
      return;
    }
    this.pending = true;
    try {
      const lock = await navigator.wakeLock.request("screen");
      this.pending = false;
      this.hold(lock);
    } catch {
      this.pending = false; // refused (battery saver, policy): keep working without it
    }
  }

  /** The browser granted the lock: held while wanted, until the browser releases it. @param {WakeLockSentinel} lock */
  hold(lock) {
    if (grantedStep({ wanted: this.wanted, connected: this.root.isConnected }) === "release") {
      lock.release().catch(() => {});
      return;
    }
    this.sentinel = lock;
    lock.addEventListener("release", () => {
      if (this.sentinel === lock) this.setHeld(false);
    });
    this.setHeld(true);
  }

  release() {
    const lock = this.sentinel;
    this.sentinel = null;
    if (lock) {
      lock.release().catch(() => {});
      this.setHeld(false);
    }
  }

  stop() {
    this.wanted = false;
    this.release();
    document.removeEventListener("visibilitychange", this.onVisibility);
  }

  /** @param {boolean} on */
  want(on) {
    const step = wantStep(on, { wanted: this.wanted, connected: this.root.isConnected });
    if (step === "acquire") this.acquire();
    else if (step === "start") {
      this.wanted = true;
      document.addEventListener("visibilitychange", this.onVisibility);
      this.acquire();
    } else if (step === "stop") {
      this.wanted = false;
      this.stop();
    }
  }
}

/**
 * @param {HTMLElement} root @param {(held: boolean) => void} [onChange]
 * @returns {{ want: (on: boolean) => void, check: () => void }}
 */
export function screenAwake(root, onChange = () => {}) {
  const lock = new ScreenLock(root, onChange);
  return {
    want(on) {
      lock.want(on);
    },
    // Instant navigation swapped the page: let go.
    check() {
      if (!root.isConnected) lock.stop();
    },
  };
}
