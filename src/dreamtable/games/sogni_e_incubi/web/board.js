// Dream – Sogni e Incubi in the browser: every seat's row of six slots (stacks of cards, the top
// one showing), the deck, the other hands (their size and the cards seen entering them) and the
// reader's own hand. A move is two clicks: a card of the hand, then one of the slots it may go to
// (only the slots of a legal move are offered); the deck is clicked to draw. Everything is drawn
// from the seat's view (ctx.board) and the legal moves (ctx.legal): nothing hidden is guessed.
// Cards carry a word, an icon and a light or dark (striped) face, so colour is never the only cue.

import { h, s, legend, pressable } from "/static/js/dom.js";
import { seatBadge } from "/static/js/envelope.js";

const SLOTS = [1, 2, 3, 4, 5, 6];
const LETTERS = "ABCDEFGHIJ";

// "S3" → "S", "I3" → "I", "CS" / "CI" / "R" → themselves.
function kindOf(card) {
  return card === "CS" || card === "CI" || card === "R" ? card : card[0];
}

function numberOf(card) {
  return /^[SI][1-6]$/.test(card) ? Number(card[1]) : null;
}

function isNightmare(card) {
  return card === "CI" || (card && card[0] === "I");
}

// A legal move's notation as {draw} or {card, row, slot} (row: the seat whose row it goes on).
export function parseMove(text, seat) {
  if (text === "draw") return { draw: true, text };
  let m = /^([SI][1-6])(?:>([A-J]))?$/.exec(text);
  if (m) return { card: m[1], row: m[2] ? LETTERS.indexOf(m[2]) : seat, slot: Number(m[1][1]), text };
  m = /^CI>([A-J])([1-6])$/.exec(text);
  if (m) return { card: "CI", row: LETTERS.indexOf(m[1]), slot: Number(m[2]), text };
  m = /^(CS|R)([1-6])$/.exec(text);
  if (m) return { card: m[1], row: seat, slot: Number(m[2]), text };
  return null;
}

// -- icons: a different shape for each kind of card ------------------------------------------

const ICONS = {
  S: () => [s("path", { d: "M15 3a9 9 0 1 0 6.5 14.5A7.5 7.5 0 0 1 15 3z", class: "si-fill" })],
  I: () => [s("path", { d: "M13.5 2 4 13.5h6.2L9 22l10-12.5h-6.3z", class: "si-fill" })],
  CS: () => [s("circle", { cx: 12, cy: 12, r: 10, class: "si-ring" }),
    s("path", { d: "M13 6.5a5.5 5.5 0 1 0 4.3 8.6A4.6 4.6 0 0 1 13 6.5z", class: "si-fill" })],
  CI: () => [s("circle", { cx: 12, cy: 12, r: 10, class: "si-ring" }),
    s("path", { d: "M13 5 7.5 12.5h3.6L10 19l6-8h-3.7z", class: "si-fill" })],
  R: () => [s("path", { d: "M12 2.5l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17.4l-6.1 3.5 1.5-6.8-5.2-4.6 6.9-.7z", class: "si-fill" })],
};

function icon(kind) {
  return s("svg", { class: "si-icon", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" }, ICONS[kind]());
}

// -- cards -------------------------------------------------------------------------------------

function cardName(card, w) {
  return w.t(`card.${card}`);
}

function cardLegend(card, w) {
  return `${cardName(card, w)} — ${w.t(`legend.${kindOf(card)}`)}`;
}

// One card face: its kind in words, its icon, its number. `label` null: decorative (aria-hidden).
function cardFace(card, w, { size = "", label = true } = {}) {
  const kind = kindOf(card);
  const number = numberOf(card);
  const node = h("div", { class: `si-card si-k-${kind} ${size}`, dataset: { card } },
    h("span", { class: "si-face" }, w.t(`face.${kind}`)),
    icon(kind),
    number ? h("span", { class: "si-num" }, String(number)) : null);
  if (label) {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", cardName(card, w));
  } else {
    node.setAttribute("aria-hidden", "true");
  }
  return legend(node, cardLegend(card, w));
}

// A covered card, small: icon and number (the full name on hover or tap).
function chip(card, w) {
  const kind = kindOf(card);
  const number = numberOf(card);
  const node = h("span", { class: `si-chip si-k-${kind}`, "aria-hidden": "true", dataset: { card } },
    icon(kind), number ? String(number) : "");
  return legend(node, cardName(card, w));
}

// "5 cards", "1 card": a count of cards in words.
function cardsWord(n, w) {
  return w.t("board.cards", { n });
}

function cardBack(extra = "") {
  return h("span", { class: `si-back ${extra}`, "aria-hidden": "true" });
}

// -- the table -------------------------------------------------------------------------------

// The words of a move, with what it would do on this table (also the plain list's wording).
export function describe(notation, words, ctx) {
  const move = parseMove(notation, ctx.seat);
  if (!move) return notation;
  if (move.draw) return words.t("move.draw", { deck: ctx.board.deck });
  const stack = ctx.board.rows[move.row][move.slot - 1];
  const top = stack.length ? stack[stack.length - 1] : null;
  const own = move.row === ctx.seat;
  const kind = kindOf(move.card);
  const fields = { card: move.card, row: move.row, slot: move.slot, over: top };
  let key = own ? "move.own" : "move.other";
  if (top === "R" && kind === "S") key = own ? "move.own.rem" : "move.other.rem";
  else if (top && top[0] === "S" && kind === "I") key = "move.other.take";
  else if (top && top[0] === "S" && kind === "CI") key = "move.other.return";
  else if (own && isNightmare(top)) key = "move.own.cover";
  return words.t(key, fields);
}

function lastPlayed(view) {
  const events = view.events || [];
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].kind === "play") return events[i];
  }
  return null;
}

function slotNode(ctx, row, slot, moves, last) {
  const w = ctx.words;
  const stack = ctx.board.rows[row][slot - 1];
  const top = stack.length ? stack[stack.length - 1] : null;
  const under = stack.slice(0, -1).reverse(); // the one just under the top first
  const topName = top ? cardName(top, w) : w.t("board.empty");
  const label = [w.t(row === ctx.seat ? "board.slot-own" : "board.slot-other", { seat: row, slot, top: topName }),
    under.length ? w.t("board.under", { under: under.map((c) => cardName(c, w)).join(", ") }) : null]
    .filter(Boolean).join("; ");
  const fresh = last && last.row === row && last.slot === slot;
  const node = h("div", { class: `si-slot${top ? "" : " si-empty"}${fresh ? " si-fresh" : ""}`, dataset: { row, slot } },
    legend(h("span", { class: "si-slot-no", "aria-hidden": "true" }, String(slot)), w.t("board.slot-legend", { slot })),
    h("div", { class: "si-top" },
      top ? cardFace(top, w, { label: false }) : h("div", { class: "si-hole", "aria-hidden": "true" }, String(slot))),
    h("div", { class: "si-under", "aria-hidden": "true" }, under.map((card) => chip(card, w))));
  const move = moves.find((m) => m.row === row && m.slot === slot);
  if (move) {
    node.classList.add("target");
    pressable(node, describe(move.text, w, ctx), () => ctx.play(move.text));
  } else {
    node.setAttribute("role", "group");
    node.setAttribute("aria-label", label);
  }
  return node;
}

function rowNode(ctx, row, moves, last) {
  return h("div", { class: "si-row" }, SLOTS.map((slot) => slotNode(ctx, row, slot, moves, last)));
}

// Another seat's hand: its size as card backs, and the cards seen entering it, face up.
function otherHand(ctx, seat) {
  const w = ctx.words;
  const hand = ctx.board.hands[seat];
  const known = hand.known || [];
  const hidden = Math.max(0, hand.size - known.length);
  const label = [w.t("board.hand-of", { seat, cards: cardsWord(hand.size, w) }),
    known.length ? `${w.t("board.hand-known")} ${known.map((c) => cardName(c, w)).join(", ")}` : null]
    .filter(Boolean).join("; ");
  const backs = Array.from({ length: Math.min(hidden, 12) }, () => cardBack("si-small"));
  return h("div", { class: "si-other-hand", role: "group", "aria-label": label },
    h("span", { class: "si-hand-count", "aria-hidden": "true" }, w.t("board.hand-of", { seat, cards: cardsWord(hand.size, w) })),
    h("span", { class: "si-backs" }, backs, hidden > 12 ? h("span", { class: "si-more" }, `+${hidden - 12}`) : null),
    known.length ? h("span", { class: "si-known" },
      h("span", { class: "si-known-label" }, w.t("board.hand-known")), known.map((card) => chip(card, w))) : null);
}

function seatArea(ctx, seat, moves, last, mine) {
  const w = ctx.words;
  const turn = ctx.view.turn === seat && !ctx.view.outcome;
  const title = mine ? w.t("board.your-row") : w.t("board.row", { seat });
  return h("section", { class: `si-seat${mine ? " si-mine" : ""}${turn ? " si-turn" : ""}`, "aria-label": title },
    h("h3", { class: "si-seat-title" }, seatBadge(seat), " ", title),
    mine ? null : otherHand(ctx, seat),
    rowNode(ctx, seat, moves, last));
}

function deckNode(ctx, drawMove) {
  const w = ctx.words;
  const deck = ctx.board.deck;
  const pile = h("div", { class: `si-deck${drawMove ? " pickable" : ""}${deck ? "" : " si-deck-gone"}` },
    deck ? [cardBack("si-pile"), cardBack("si-pile si-pile-top")] : h("span", { class: "si-hole si-deck-hole" }),
    h("span", { class: "si-deck-count" }, w.t("board.deck-count", { deck })));
  if (drawMove) pressable(pile, describe("draw", w, ctx), () => ctx.play("draw"));
  else { pile.setAttribute("role", "img"); pile.setAttribute("aria-label", w.t("board.deck-label", { deck })); }
  return h("div", { class: "si-middle" },
    h("div", { class: "si-deck-box" }, h("span", { class: "si-deck-title", "aria-hidden": "true" }, w.t("board.deck")), pile),
    deck ? h("p", { class: "si-limit" }, w.t("board.hand-limit", { limit: ctx.board.hand_limit })) : null); // no draw left to limit
}

function myHand(ctx, byCard) {
  const w = ctx.words;
  const cards = ctx.board.hands[ctx.seat].cards || [];
  const picked = ctx.ui.pick;
  const nodes = cards.map((card, index) => {
    const moves = byCard.get(card);
    if (!moves) return cardFace(card, w);
    const node = cardFace(card, w);
    node.removeAttribute("role");
    const chosen = picked === index;
    node.classList.add(chosen ? "picked" : "pickable");
    if (chosen) node.setAttribute("aria-pressed", "true");
    pressable(node, w.t(chosen ? "board.picked" : "board.pick", { card }), () => {
      ctx.ui.pick = chosen ? undefined : index;
      ctx.ui.focus = chosen ? `hand-${index}` : "target";
      ctx.redraw();
    });
    node.dataset.index = String(index);
    return node;
  });
  return h("section", { class: "si-hand", "aria-label": w.t("board.hand", { cards: cardsWord(cards.length, w) }) },
    h("h3", { class: "si-seat-title" }, w.t("board.hand", { cards: cardsWord(cards.length, w) })),
    h("div", { class: "si-hand-cards" }, nodes.length ? nodes : h("span", { class: "si-none" }, w.t("board.hand-empty"))));
}

// The shell's log (and chat) scroll once long, and a scrolling region must be reachable by keyboard
// (axe: scrollable-region-focusable). Until table.html and replay.html give them tabindex="0"
// themselves, this module does, once: Sogni e Incubi's games are long enough to fill the log.
function logsReachable() {
  for (const id of ["log", "chat"]) {
    const node = document.getElementById(id);
    if (node && !node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
  }
}

// A space between neighbouring pieces of the drawing, so that its text reads "Dream 5", not
// "Dream5": the layout already separates them on screen (innerText), and this makes the plain text
// (textContent, what copying and some checks read) say the same words.
function spaced(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  for (let node = root; node; node = walker.nextNode()) {
    if (node instanceof SVGElement || node.childNodes.length < 2) continue;
    for (const child of [...node.childNodes].slice(1)) {
      const before = child.previousSibling;
      const blank = (n) => n.nodeType === Node.TEXT_NODE && /^\s|\s$/.test(n.textContent);
      if (!blank(before) && !blank(child)) node.insertBefore(document.createTextNode(" "), child);
    }
  }
  return root;
}

export function render(ctx) {
  logsReachable();
  const board = ctx.board;
  const seats = board.rows.length;
  const me = ctx.seat;
  const legal = (ctx.legal || []).map((text) => parseMove(text, me)).filter(Boolean);
  const drawMove = legal.find((m) => m.draw) || null;
  const byCard = new Map();
  for (const move of legal) {
    if (move.draw) continue;
    if (!byCard.has(move.card)) byCard.set(move.card, []);
    byCard.get(move.card).push(move);
  }
  const cards = me === null ? [] : board.hands[me].cards || [];
  if (ctx.ui.pick !== undefined && !byCard.has(cards[ctx.ui.pick])) ctx.ui.pick = undefined;
  const targets = ctx.ui.pick === undefined ? [] : byCard.get(cards[ctx.ui.pick]);
  const last = lastPlayed(ctx.view);
  const others = me === null
    ? Array.from({ length: seats }, (_, i) => i)
    : Array.from({ length: seats - 1 }, (_, i) => (me + 1 + i) % seats);
  const root = h("div", { class: "si-board" },
    me === null ? deckNode(ctx, drawMove) : null, // a spectator: the deck first, then every row
    h("div", { class: "si-others" }, others.map((seat) => seatArea(ctx, seat, targets, last, false))),
    me === null ? null : deckNode(ctx, drawMove),
    me === null ? null : seatArea(ctx, me, targets, last, true),
    me === null ? null : myHand(ctx, byCard));
  spaced(root);
  const focus = ctx.ui.focus;
  if (focus) {
    ctx.ui.focus = undefined;
    requestAnimationFrame(() => {
      const node = focus === "target" ? root.querySelector(".target") : root.querySelector(`[data-index="${focus.slice(5)}"]`);
      if (node && root.isConnected) node.focus();
    });
  }
  return root;
}

// -- words -----------------------------------------------------------------------------------

export function detail(details, words) {
  if (details.dream === undefined) return "";
  return words.t(details.counted === "cards" ? "detail.cards" : "detail", details);
}

// Small pictures for the rules page (static/js/rules.js), drawn with the table's own pieces:
// draw "cards" — spec.cards "S3 I5 CS" face up, as in a hand;
// draw "row" — one row of six places, spec.row "S1|I2 S2||R|S5|" (a place's cards bottom to top).
export function figure(spec, words) {
  if (spec.draw === "cards") {
    return h("div", { class: "si-hand-cards" }, spec.cards.trim().split(/\s+/).map((card) => cardFace(card, words)));
  }
  if (spec.draw === "row") {
    const stacks = spec.row.split("|").map((place) => place.trim().split(/\s+/).filter(Boolean));
    const ctx = { board: { rows: [stacks] }, seat: 0, words, ui: {}, view: { events: [] }, legal: [] };
    return spaced(h("div", { class: "si-board" }, rowNode(ctx, 0, [], null)));
  }
  return null;
}
