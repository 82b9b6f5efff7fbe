// Tap's table: every seat's points and how many hidden cards it holds, your own cards' values, the
// deck, and on your turn the two moves as buttons. Words come from web/i18n/LANG.json beside it.

import { h, legend, pressable } from "/static/js/dom.js";
import { seatLetter } from "/static/js/i18n.js";

export function render(ctx) {
  const board = ctx.board;
  const w = ctx.words;
  const seats = board.points.map((points, seat) => {
    const drawn = board.drawn[seat];
    const cards = Array.isArray(drawn) ? drawn : null; // your own cards; a count for the others
    const held = cards ? cards.length : drawn;
    const text = cards && cards.length ? w.t("your-cards", { cards: cards.join(", ") })
      : w.t(held === 1 ? "held.one" : "held", { count: held });
    return h("li", { class: `tap-seat${seat === ctx.seat ? " me" : ""}`, "data-seat": seat },
      h("strong", {}, seatLetter(seat)), " ", w.t(points === 1 ? "points.one" : "points", { points }), " · ", text);
  });
  const moves = (ctx.legal || []).map((move) => {
    const button = h("span", { class: "tap-move", "data-move": move }, w.t(`move.${move}`));
    legend(button, w.t(`move.${move}.legend`));
    return pressable(button, w.t(`move.${move}`), () => ctx.play(move));
  });
  return h("div", { class: "tap" },
    h("p", { class: "tap-deck" }, w.t("deck", { deck: board.deck, done: board.done })),
    h("ul", { class: "tap-seats" }, ...seats),
    moves.length ? h("div", { class: "tap-moves" }, ...moves) : null);
}
