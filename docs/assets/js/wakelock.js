// @ts-check
// Keeps the screen on while a match is on screen, where the browser allows
// it (Screen Wake Lock API). The browser drops the lock whenever the page is
// hidden; it is asked again when the page becomes visible. Without the API,
// or when the browser says no, nothing happens: the match works the same.
//
//   const awake = screenAwake(root, onChange);   onChange(held: boolean)
//   awake.want(true | false)                     a match is (not) on screen

/**
 * @param {HTMLElement} root @param {(held: boolean) => void} [onChange]
 * @returns {{ want: (on: boolean) => void, check: () => void }}
 */
export function screenAwake(root, onChange = () => {}) {
  let wanted = false;
  /** @type {WakeLockSentinel | null} */
  let sentinel = null;
  let pending = false;

  const supported = () => typeof navigator !== "undefined" && navigator.wakeLock
    && typeof navigator.wakeLock.request === "function";

  /** @param {boolean} next */
  function setHeld(next) {
    if (!next) sentinel = null;
    onChange(Boolean(next));
  }

  async function acquire() {
    if (!wanted || sentinel || pending || !supported() || document.visibilityState !== "visible") return;
    if (!root.isConnected) {
      stop();
      return;
    }
    pending = true;
    try {
      const lock = await navigator.wakeLock.request("screen");
      pending = false;
      if (!wanted || !root.isConnected) {
        lock.release().catch(() => {});
        return;
      }
      sentinel = lock;
      lock.addEventListener("release", () => {
        if (sentinel === lock) setHeld(false);
      });
      setHeld(true);
    } catch {
      pending = false; // refused (battery saver, policy): keep working without it
    }
  }

  function release() {
    const lock = sentinel;
    sentinel = null;
    if (lock) {
      lock.release().catch(() => {});
      setHeld(false);
    }
  }

  const onVisibility = () => {
    if (!root.isConnected) stop();
    else if (document.visibilityState === "visible") acquire();
  };

  function stop() {
    wanted = false;
    release();
    document.removeEventListener("visibilitychange", onVisibility);
  }

  return {
    want(on) {
      if (on && !root.isConnected) return;
      if (on === wanted) {
        if (on) acquire();
        return;
      }
      wanted = on;
      if (on) {
        document.addEventListener("visibilitychange", onVisibility);
        acquire();
      } else {
        stop();
      }
    },
    // Instant navigation swapped the page: let go.
    check() {
      if (!root.isConnected) stop();
    },
  };
}
