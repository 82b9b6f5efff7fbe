// "Rules at a glance": a game's rules on one screen, from its catalogue's keys howto.1, howto.2 … (in
// the reader's language), in a dialog opened from the table's header; the full rules page is one
// link further. A game whose catalogue has no howto.1 keeps the button hidden.

import { h } from "./dom.js";
import { rulesHref } from "./i18n.js";

export function howToPlay(button, words, gameId) {
  if (!words.has("howto.1")) return;
  const lines = [];
  for (let n = 1; words.has(`howto.${n}`); n++) lines.push(h("li", {}, words.t(`howto.${n}`)));
  const dialog = h("dialog", { id: "howto-dialog", class: "howto", "aria-labelledby": "howto-title" },
    h("h2", { id: "howto-title" }, words.t("common.howto.title", { game: words.has("name") ? words.t("name") : gameId })),
    h("ol", {}, lines),
    h("p", {}, h("a", { href: rulesHref(gameId, words.lang), target: "_blank" }, words.t("common.howto.more"))),
    h("form", { method: "dialog" }, h("button", { type: "submit", class: "primary" }, words.t("common.howto.close"))));
  document.body.append(dialog);
  button.hidden = false;
  button.addEventListener("click", () => dialog.showModal());
}
