// @ts-check
// The scorekeeper's entry (tools.js imports it for a root marked
// data-rb-tool="scorekeeper", template scorekeeper.html.j2): scorekeeper.js
// puts the parts together (scorekeeper-ui.js finds every element by its
// data-rb-* hook), the engine's status is bound once the first screen is
// chosen, and the mount returns the teardown.

import { bindEngineStatus } from "../engine-client/engine-status.js";
import { Scorekeeper } from "./scorekeeper.js";

/** @param {HTMLElement} root the tool's panel (a details element) @returns {() => void} dispose */
export function mountScorekeeper(root) {
  const keeper = new Scorekeeper(root);
  keeper.listen();
  keeper.openFirst();
  // Bound once the first screen is chosen: its first words (and whether «Удар
  // можно вводить уже сейчас» is said) are about that screen, not the setup
  // form a reload into a saved match shows for no frame.
  keeper.stopEngineStatus = bindEngineStatus(root);
  return () => keeper.dispose();
}
