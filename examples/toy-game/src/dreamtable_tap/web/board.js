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
      : w.t("held", { count: held });
    return h("li", { class: `tap-seat${seat === ctx.seat ? " me" : ""}`, "data-seat": seat },
      h("strong", {}, seatLetter(seat)), " ", w.t("points", { points }), " · ", text);
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

// A small picture for the rules page (static/js/rules.js): seat A's line of the table with its points
// and own cards, and every other seat's points and card count, drawn by render() above.
// spec.points "2 1" (a seat each), spec.cards "2 0" (A's own cards' values; the others hold as many).
export function figure(spec, words) {
  const points = (spec.points || "0 0").trim().split(/\s+/).map(Number);
  const mine = (spec.cards || "").trim().split(/\s+/).filter(Boolean).map(Number);
  const drawn = points.map((_, seat) => (seat === 0 ? mine : mine.length));
  return render({ board: { points, drawn, deck: 20, done: 4 }, seat: 0, words, legal: [], play() {} });
}
