// Deep Dreams in the browser: every seat's row of Dream cards, the deck and discard pile, your
// hand, and the icon effect being resolved, drawn from the seat's view (docs/rules/deep-dreams.md).
//
// A card is drawn as on the table: three bands (top, middle, bottom), each a dream colour that
// also carries its letter and a pattern (colour-blind players tell them apart without hue); white
// and black arrows and action icons on the side edges; Sleep lines across, Bruno on one; the X2
// and ⇄ marks. Every symbol has a legend (hover or tap), and the key below the board lists them.
//
// Moves are clicks on the board: a card in your hand, then the end of your row it goes to (or the
// position Dream Moon covers); the deck to draw; an opponent's hand to steal from, an opponent's
// end card to eliminate, a Predictions card to keep; the effect panel's buttons for Deep Sleep and
// skip. Only moves in ctx.legal are offered.

import { h, legend, pressable, s } from "/static/js/dom.js";
import { seatLetter } from "/static/js/i18n.js";

// The 54 cards, from the server (games/deep_dreams/web_data.py says the compact form): code →
// [colours top-middle-bottom, lines [left level, right level, left end, right end, Bruno], icon or null, X2, ⇄]
const { deck: DECK } = await fetch(new URL("data.json", import.meta.url)).then((answer) => answer.json());

const COLOURS = { g: "green", b: "blue", y: "yellow", p: "pink" };
const COLOUR_ORDER = ["green", "blue", "yellow", "pink"];
const LEVELS = ["top", "middle", "bottom"];
const EFFECTS = ["dream_moon", "predictions", "deep_sleep", "steal", "eliminate_left", "eliminate_right"];
const GLYPH = { dream_moon: "☾", predictions: "◉", deep_sleep: "Z", steal: "$", eliminate_left: "⇤", eliminate_right: "⇥" };
const HEAD = 20; // the white strip with the card's marks (×2, ⇄)
const BAND = 50;
const CARD_H = HEAD + 3 * BAND;
const spotY = (level) => HEAD + level * BAND + BAND / 2;

// Cards played in the last update, highlighted once when the board is drawn next.
let fresh = { cards: new Set(), until: 0 };

// -- the legal moves, read from their notation ------------------------------------------

function readLegal(legal) {
  const m = { any: legal.length > 0, draw: false, play: {}, moon: {}, keep: new Set(), extra: false,
              steal: new Set(), eliminate: new Set(), skip: false };
  for (const move of legal) {
    const p = move.split(" ");
    if (p[0] === "draw") m.draw = true;
    else if (p[0] === "play") (m.play[p[1]] ||= new Set()).add(p[2]);
    else if (p[0] === "moon") (m.moon[p[1]] ||= new Set()).add(Number(p[3]));
    else if (p[0] === "keep") m.keep.add(p[1]);
    else if (p[0] === "extra") m.extra = true;
    else if (p[0] === "steal") m.steal.add(p[1].charCodeAt(0) - 65);
    else if (p[0] === "eliminate") m.eliminate.add(p[1].charCodeAt(0) - 65);
    else if (p[0] === "skip") m.skip = true;
  }
  return m;
}

// -- drawing one card ---------------------------------------------------------------------

// The patterns and the clip shared by every card of the board (one set of ids per page).
function sharedDefs() {
  const pattern = (id, ...shapes) => s("pattern", { id, width: 10, height: 10, patternUnits: "userSpaceOnUse" }, ...shapes);
  return s("svg", { class: "dd-defs", width: 0, height: 0, "aria-hidden": "true", focusable: "false" },
    s("defs", {},
      s("clipPath", { id: "dd-clip" }, s("rect", { x: 0, y: 0, width: 100, height: CARD_H, rx: 9 })),
      pattern("dd-pat-green", s("path", { d: "M-2 12 L12 -2 M-2 2 L2 -2 M8 12 L12 8", class: "dd-pat-ink" })),
      pattern("dd-pat-blue", s("circle", { cx: 5, cy: 5, r: 1.7, class: "dd-pat-dot" })),
      pattern("dd-pat-yellow"),
      pattern("dd-pat-pink", s("path", { d: "M0 5 H10 M5 0 V10", class: "dd-pat-ink" }))));
}

// A card as a player says it: its colours top to bottom, "the pink/green/green card" ("la carta
// rosa/verde/verde"). No two cards show the same three colours, so the name is the card's; its code
// (DD21) is the moves' notation, never words on the page.
export function cardName(code, words) {
  const card = DECK[code];
  if (!card) return words.t("card.some");
  const [top, middle, bottom] = card[0].split("").map((c) => COLOURS[c]);
  return words.t("card.name", { top, middle, bottom });
}

// Several cards by name, "the X card, the Y card and the Z card"; none is "nothing".
function cardNames(codes, words) {
  return codes && codes.length ? words.list(codes.map((code) => cardName(code, words))) : words.t("nothing");
}

function cardLabel(code, words) {
  const card = DECK[code];
  if (!card) return cardName(code, words);
  const [colours, , icon, x2, choice] = card;
  const bands = colours.split("").map((c, level) =>
    words.t("card.band", { level: words.t(`level.${LEVELS[level]}`), colour: words.t(`colour.${COLOURS[c]}`) }));
  const extras = [];
  if (icon) extras.push(words.t("card.icon", { effect: words.t(`effect.${icon[0]}`), edge: words.t(`edge.${icon[1]}`),
                                                level: words.t(`level.${LEVELS[icon[2]]}`) }));
  if (x2) extras.push(words.t("mark.x2"));
  if (choice) extras.push(words.t("mark.choice"));
  return [`${cardName(code, words)}: ${bands.join(", ")}`, ...extras].join("; ");
}

function arrow(edge, level, end, words) {
  const y = spotY(level);
  const points = edge === "l" ? `15,${y - 10} 1,${y} 15,${y + 10}` : `85,${y - 10} 99,${y} 85,${y + 10}`;
  const colour = end === "b" ? "black" : "white";
  return legend(s("polygon", { class: `dd-arrow dd-arrow-${colour}`, points }),
    words.t(`legend.arrow-${colour}`, { edge: words.t(`edge.${edge}`), level: words.t(`level.${LEVELS[level]}`) }));
}

function iconMark(effect, edge, level, words, { x, y, r = 11 } = {}) {
  const cx = x ?? (edge === "l" ? 15 : 85);
  const cy = y ?? spotY(level);
  return legend(s("g", { class: `dd-icon dd-icon-${effect}` },
    s("circle", { cx, cy, r }),
    s("text", { x: cx, y: cy + r * 0.45, "text-anchor": "middle", "font-size": r * 1.3 }, GLYPH[effect])),
    `${words.t(`effect.${effect}`)}: ${words.t(`legend.${effect}`)}`);
}

function sleepLine([left, right, leftEnd, rightEnd, bruno], words) {
  const y1 = spotY(left);
  const y2 = spotY(right);
  const x1 = leftEnd === "n" ? 12 : 0;
  const x2 = rightEnd === "n" ? 88 : 100;
  const parts = [s("path", { d: `M${x1} ${y1} C50 ${y1} 50 ${y2} ${x2} ${y2}` })];
  if (leftEnd === "n") parts.push(s("circle", { class: "dd-closed", cx: x1, cy: y1, r: 4 }));
  if (rightEnd === "n") parts.push(s("circle", { class: "dd-closed", cx: x2, cy: y2, r: 4 }));
  if (bruno) {
    const bx = 34;
    const by = 0.784 * y1 + 0.216 * y2; // the curve at t = 0.3
    parts.push(s("g", { class: "dd-bruno-face" },
      s("circle", { cx: bx, cy: by, r: 8 }),
      s("path", { d: `M${bx - 5} ${by - 1} q2.5 2.5 5 0 M${bx} ${by - 1} q2.5 2.5 5 0`, class: "dd-eyes" })));
  }
  return legend(s("g", { class: bruno ? "dd-line dd-line-bruno" : "dd-line" }, ...parts),
    words.t(bruno ? "legend.line-bruno" : "legend.line"));
}

export function cardSvg(code, words, extraClass = "") {
  const card = DECK[code];
  const svg = s("svg", { viewBox: `0 0 100 ${CARD_H}`, class: `dd-card ${extraClass}`.trim(), role: "img",
                         "aria-label": cardLabel(code, words) });
  if (!card) return svg;
  const [colours, lines, icon, x2, choice] = card;
  const inside = s("g", { "clip-path": "url(#dd-clip)" });
  colours.split("").forEach((c, level) => {
    const colour = COLOURS[c];
    const top = HEAD + level * BAND;
    inside.append(legend(s("g", { class: `dd-band dd-${colour}` },
      s("rect", { class: "dd-fill", x: 0, y: top, width: 100, height: BAND }),
      s("rect", { x: 0, y: top, width: 100, height: BAND, fill: `url(#dd-pat-${colour})` })),
      words.t("legend.band", { level: words.t(`level.${LEVELS[level]}`), colour: words.t(`colour.${colour}`) })));
  });
  for (const line of lines) inside.append(sleepLine(line, words));
  for (const [left, right, leftEnd, rightEnd] of lines) {
    if (leftEnd !== "n") inside.append(arrow("l", left, leftEnd, words));
    if (rightEnd !== "n") inside.append(arrow("r", right, rightEnd, words));
  }
  if (icon) inside.append(iconMark(icon[0], icon[1], icon[2], words));
  colours.split("").forEach((c, level) => {
    const colour = COLOURS[c];
    const top = HEAD + level * BAND;
    inside.append(legend(s("g", { class: "dd-letter" },
      s("rect", { x: 42, y: top + 2, width: 16, height: 15, rx: 3 }),
      s("text", { x: 50, y: top + 14, "text-anchor": "middle" }, words.t(`letter.${colour}`))),
      words.t("legend.band", { level: words.t(`level.${LEVELS[level]}`), colour: words.t(`colour.${colour}`) })));
  });
  inside.append(s("rect", { class: "dd-head", x: 0, y: 0, width: 100, height: HEAD }));
  if (choice) inside.append(legend(s("text", { class: "dd-mark", x: 11, y: 15, "text-anchor": "middle" }, "⇄"), words.t("legend.choice")));
  if (x2) inside.append(legend(s("text", { class: "dd-mark", x: 88, y: 15, "text-anchor": "middle" }, "×2"), words.t("legend.x2")));
  svg.append(inside, s("rect", { class: "shape dd-border", x: 0.75, y: 0.75, width: 98.5, height: CARD_H - 1.5, rx: 9 }));
  return svg;
}

function cardBack(words, count = null) {
  return s("svg", { viewBox: `0 0 100 ${CARD_H}`, class: "dd-card dd-back", "aria-hidden": "true", focusable: "false" },
    s("rect", { class: "dd-back-fill", x: 0.75, y: 0.75, width: 98.5, height: CARD_H - 1.5, rx: 9 }),
    s("text", { class: "dd-back-moon", x: 50, y: CARD_H / 2 + 14, "text-anchor": "middle" }, "☾"),
    count === null ? null : s("text", { class: "dd-back-count", x: 50, y: CARD_H - 14, "text-anchor": "middle" }, String(count)));
}

// -- the parts of the board -----------------------------------------------------------------

// A clickable thing with the shared look: "pickable" (choose it), "target" (put it there).
function press(node, kind, label, onPress) {
  node.classList.add(kind);
  return pressable(node, label, onPress);
}

function positionNode(stack, index, words, seat) {
  const top = stack[stack.length - 1];
  const covered = stack.slice(0, -1);
  const classes = ["dd-pos"];
  if (fresh.cards.has(top) && performance.now() < fresh.until) classes.push("dd-fresh");
  return h("div", { class: classes.join(" "), dataset: { card: top, position: index + 1, seat } },
    cardSvg(top, words),
    h("span", { class: "dd-posno", "aria-hidden": "true" }, String(index + 1)),
    covered.length
      ? legend(h("span", { class: "dd-covered" }, `+${covered.length}`), words.t("legend.covered", { names: cardNames(covered, words) }))
      : null);
}

function endSlot(end, code, ctx) {
  const w = ctx.words;
  const name = cardName(code, w);
  const label = ctx.board.rows[ctx.seat].length ? w.t(`move.play-${end}`, { name }) : w.t("move.start", { name });
  return press(h("div", { class: `dd-slot dd-slot-${end}`, dataset: { end } },
    h("span", { "aria-hidden": "true" }, end === "left" ? "⇤" : "⇥"),
    h("span", {}, w.t(ctx.board.rows[ctx.seat].length ? `slot.${end}` : "slot.start"))),
  "target", label, () => ctx.play(`play ${code} ${end}`));
}

function rowNode(seat, ctx, moves) {
  const w = ctx.words;
  const board = ctx.board;
  const row = board.rows[seat];
  const mine = seat === ctx.seat;
  const chosen = ctx.ui.card;
  const items = row.map((stack, index) => positionNode(stack, index, w, seat));
  // Dream Moon: the positions the chosen card may cover.
  if (mine && board.resolving === "dream_moon" && chosen && moves.moon[chosen]) {
    items.forEach((node, index) => {
      const position = index + 1;
      if (moves.moon[chosen].has(position)) {
        press(node, "target", w.t("move.moon", { name: cardName(chosen, w), position }), () => ctx.play(`moon ${chosen} on ${position}`));
      }
    });
  }
  // Eliminate: the end card of an opponent's row.
  if (!mine && moves.eliminate.has(seat) && items.length) {
    const left = board.resolving === "eliminate_left";
    const node = left ? items[0] : items[items.length - 1];
    const stack = left ? row[0] : row[row.length - 1];
    press(node, "target", w.t(left ? "move.eliminate-left" : "move.eliminate-right", { seat, names: cardNames(stack, w) }),
      () => ctx.play(`eliminate ${seatLetter(seat)}`));
  }
  // A chosen card of the hand: the ends of the row it may go to.
  if (mine && !board.resolving && chosen && moves.play[chosen]) {
    if (moves.play[chosen].has("left")) items.unshift(endSlot("left", chosen, ctx));
    if (moves.play[chosen].has("right")) items.push(endSlot("right", chosen, ctx));
  }
  if (!items.length) items.push(h("p", { class: "dd-empty" }, w.t("row.empty")));
  return h("div", { class: "dd-row" }, items);
}

// A row's score in a player's words: the longest Sleep Path, the largest group of each colour and
// the black arrow pairs, each with the points it earns now ("Longest Sleep Path: 2 cards, 3 points").
export function scoreLine(parts, words) {
  if (!parts) return null;
  const count = (key, n) => words.t(key, { count: n });
  const groups = COLOUR_ORDER.filter((colour) => parts.groups[colour])
    .map((colour) => words.t("score.group", { size: parts.groups[colour], colour: words.t(`colour.${colour}`) }));
  const groupPoints = COLOUR_ORDER.reduce((sum, colour) => sum + parts.group_points[colour], 0);
  return words.t("score.parts", {
    path: parts.sleep_path ? count("score.cards", parts.sleep_path) : words.t("score.none"),
    path_points: count("score.points", parts.path_points),
    groups: groups.length ? groups.join(words.t("score.separator")) : words.t("score.none"),
    group_points: count("score.points", groupPoints),
    black: parts.black_pairs, black_points: count("score.points", parts.black_pairs) });
}

function seatNode(seat, ctx, moves) {
  const w = ctx.words;
  const board = ctx.board;
  const mine = seat === ctx.seat;
  const hand = board.hands[seat];
  const turn = ctx.view.turn === seat;
  let handNode = h("span", { class: "dd-handsize" },
    s("svg", { viewBox: "0 0 12 18", class: "dd-minicard", "aria-hidden": "true", focusable: "false" },
      s("rect", { x: 0.75, y: 0.75, width: 10.5, height: 16.5, rx: 2 })),
    w.t("hand.size", { count: hand.size }));
  if (moves.steal.has(seat)) {
    handNode = press(handNode, "target", w.t("move.steal", { seat }), () => ctx.play(`steal ${seatLetter(seat)}`));
  } else {
    legend(handNode, w.t("hand.of", { seat, count: hand.size }));
  }
  const score = board.scores[seat];
  const header = h("div", { class: "dd-seat-head" },
    h("span", { class: `seat-badge seat-${seat % 6}`, "aria-hidden": "true" }, seatLetter(seat)),
    h("h3", {}, w.t(mine ? "seat.you" : "seat.name", { seat })),
    seat === board.first_player ? legend(h("span", { class: "dd-first" }, w.t("seat.first-short")), w.t("seat.first")) : null,
    turn && !ctx.view.outcome ? h("span", { class: "dd-turn" }, w.t("seat.turn")) : null,
    handNode,
    legend(h("span", { class: "dd-score" }, w.t("score.now", { score })), w.t("legend.score")),
    h("span", { class: "dd-parts" }, scoreLine(board.score_parts[seat], w)));
  return h("section", { class: `dd-seat${mine ? " dd-mine" : ""}${turn ? " dd-on-turn" : ""}`, dataset: { seat },
                        "aria-label": w.t("row.of", { seat }) },
    header, rowNode(seat, ctx, moves));
}

function handNode(ctx, moves) {
  const w = ctx.words;
  const board = ctx.board;
  const cards = board.hands[ctx.seat].cards || [];
  const chosen = ctx.ui.card;
  const choose = (code) => () => {
    ctx.ui.card = ctx.ui.card === code ? null : code;
    ctx.ui.focus = ctx.ui.card ? ".dd-mine .target" : `.dd-hand [data-card="${code}"]`; // keyboard users go on from there
    ctx.redraw();
  };
  const items = cards.map((code) => {
    const node = h("div", { class: "dd-inhand", dataset: { card: code } }, cardSvg(code, w));
    const playable = (!board.resolving && moves.play[code]) || (board.resolving === "dream_moon" && moves.moon[code]);
    if (playable) {
      press(node, "pickable", w.t(code === chosen ? "hand.unchoose" : "hand.choose", { name: cardName(code, w) }), choose(code));
      if (code === chosen) { node.classList.add("picked"); node.setAttribute("aria-pressed", "true"); }
      else node.setAttribute("aria-pressed", "false");
    }
    return node;
  });
  return h("section", { class: "dd-hand", "aria-label": w.t("hand.yours") },
    h("h3", {}, w.t("hand.yours-count", { count: cards.length })),
    items.length ? h("div", { class: "dd-row" }, items) : h("p", { class: "dd-empty" }, w.t("hand.empty")));
}

function effectPanel(ctx, moves) {
  const w = ctx.words;
  const board = ctx.board;
  const effect = board.resolving;
  if (!effect) return null;
  const mine = moves.skip;
  const body = [];
  if (effect === "predictions") {
    if (Array.isArray(board.peek)) {
      body.push(h("div", { class: "dd-row dd-peek" }, board.peek.map((code) => {
        const node = h("div", { class: "dd-inhand", dataset: { card: code } }, cardSvg(code, w));
        return moves.keep.has(code) ? press(node, "pickable", w.t("move.keep", { name: cardName(code, w) }), () => ctx.play(`keep ${code}`)) : node;
      })));
    } else if (board.peek) {
      body.push(h("p", {}, w.t("peek.others", { seat: ctx.view.turn, count: board.peek })));
    }
  }
  if (mine) {
    body.push(h("p", { class: "dd-hint" }, w.t(`hint.${effect}`)));
    const buttons = [];
    if (moves.extra) buttons.push(h("button", { type: "button", class: "primary", onclick: () => ctx.play("extra turn") }, w.t("move.extra")));
    buttons.push(h("button", { type: "button", class: "dd-skip", onclick: () => ctx.play("skip") },
      w.t("move.skip", { effect: w.t(`effect.${effect}`) })));
    body.push(h("div", { class: "dd-buttons" }, buttons));
  } else if (!ctx.view.outcome) {
    body.push(h("p", {}, w.t("panel.others", { seat: ctx.view.turn, effect: w.t(`effect.${effect}`) })));
  }
  return h("section", { class: "dd-effect", "aria-label": w.t("panel.title") },
    h("div", { class: "dd-effect-head" },
      s("svg", { viewBox: "0 0 30 30", class: "dd-effect-icon", "aria-hidden": "true", focusable: "false" },
        iconMark(effect, "l", 0, w, { x: 15, y: 15, r: 13 })),
      h("h3", {}, w.t("panel.resolving", { effect: w.t(`effect.${effect}`) }))),
    h("p", { class: "dd-effect-what" }, w.t(`legend.${effect}`)),
    body);
}

function centreNode(ctx, moves) {
  const w = ctx.words;
  const board = ctx.board;
  let deck = h("div", { class: "dd-deck" }, cardBack(w, board.deck), h("span", {}, w.t("deck.count", { count: board.deck })));
  if (moves.draw) deck = press(deck, "pickable", w.t("move.draw-count", { count: board.deck }), () => ctx.play("draw"));
  else legend(deck, w.t("deck.legend", { count: board.deck }));
  const topDiscard = board.discard[board.discard.length - 1];
  const discard = legend(h("div", { class: "dd-discard" },
    topDiscard ? cardSvg(topDiscard, w, "dd-small") : h("div", { class: "dd-card dd-none" }),
    h("span", {}, w.t("discard.count", { count: board.discard.length }))),
  board.discard.length ? w.t("discard.legend", { names: cardNames(board.discard, w) }) : w.t("discard.empty"));
  const facts = h("ul", { class: "dd-facts" },
    h("li", {}, w.t("facts.threshold", { threshold: board.threshold })),
    h("li", {}, w.t("facts.first", { seat: board.first_player })),
    board.extra_turns ? h("li", {}, w.t("facts.extra", { seat: ctx.view.turn, count: board.extra_turns })) : null);
  let hint = null;
  if (moves.any && !board.resolving) {
    hint = h("p", { class: "dd-hint" }, w.t(ctx.ui.card ? "hint.choose-end" : moves.draw ? "hint.turn" : "hint.turn-no-draw"));
  }
  return h("section", { class: "dd-centre", "aria-label": w.t("centre.title") },
    h("div", { class: "dd-piles" }, deck, discard, facts), hint, effectPanel(ctx, moves));
}

function keyNode(words) {
  const swatch = (colour) => s("svg", { viewBox: "0 0 30 24", class: "dd-swatch", "aria-hidden": "true", focusable: "false" },
    s("g", { class: `dd-band dd-${colour}` }, s("rect", { class: "dd-fill", width: 30, height: 24 }),
      s("rect", { width: 30, height: 24, fill: `url(#dd-pat-${colour})` })),
    s("g", { class: "dd-letter" }, s("rect", { x: 7, y: 4, width: 16, height: 16, rx: 3 }),
      s("text", { x: 15, y: 16.5, "text-anchor": "middle" }, words.t(`letter.${colour}`))));
  const mini = (...shapes) => s("svg", { viewBox: "0 0 30 30", class: "dd-swatch", "aria-hidden": "true", focusable: "false" }, ...shapes);
  const items = [
    ...COLOUR_ORDER.map((colour) => [swatch(colour), words.t("key.colour", { colour: words.t(`colour.${colour}`), letter: words.t(`letter.${colour}`) })]),
    [mini(s("polygon", { class: "dd-arrow dd-arrow-white", points: "22,5 6,15 22,25" })), words.t("key.arrow-white")],
    [mini(s("polygon", { class: "dd-arrow dd-arrow-black", points: "22,5 6,15 22,25" })), words.t("key.arrow-black")],
    [mini(s("g", { class: "dd-line dd-line-bruno" }, s("path", { d: "M0 15 H30" }),
      s("g", { class: "dd-bruno-face" }, s("circle", { cx: 15, cy: 15, r: 8 }), s("path", { class: "dd-eyes", d: "M10 14 q2.5 2.5 5 0 M15 14 q2.5 2.5 5 0" })))),
     words.t("legend.line-bruno")],
    [mini(s("g", { class: "dd-line" }, s("path", { d: "M0 15 H22" }), s("circle", { class: "dd-closed", cx: 22, cy: 15, r: 4 }))), words.t("key.line")],
    ...EFFECTS.map((effect) => [mini(iconMark(effect, "l", 0, words, { x: 15, y: 15, r: 13 })),
      `${words.t(`effect.${effect}`)}: ${words.t(`legend.${effect}`)}`]),
    [mini(s("text", { class: "dd-mark", x: 15, y: 21, "text-anchor": "middle" }, "×2")), words.t("legend.x2")],
    [mini(s("text", { class: "dd-mark", x: 15, y: 21, "text-anchor": "middle" }, "⇄")), words.t("legend.choice")],
    [h("span", { class: "dd-covered dd-covered-key" }, "+1"), words.t("key.covered")],
  ];
  return h("details", { class: "dd-key" }, h("summary", {}, words.t("key.title")),
    h("ul", {}, items.map(([icon, text]) => h("li", {}, icon, h("span", {}, text)))));
}

// -- the module's exports -------------------------------------------------------------------

// The shell's log scrolls once it is long, and a scrolling region must be reachable by keyboard
// (axe: scrollable-region-focusable). Until table.html and replay.html give #log a tabindex
// themselves, this module does.
function logReachable() {
  const log = typeof document === "undefined" ? null : document.getElementById("log");
  if (log && !log.hasAttribute("tabindex")) log.setAttribute("tabindex", "0");
}

export function render(ctx) {
  logReachable();
  const board = ctx.board;
  const moves = readLegal(ctx.legal || []);
  // A chosen card that can no longer be played is forgotten.
  if (ctx.ui.card && !(moves.play[ctx.ui.card] || moves.moon[ctx.ui.card])) ctx.ui.card = null;
  const n = board.rows.length;
  const me = ctx.seat;
  const others = [];
  for (let k = 1; k <= n; k++) {
    const seat = me === null || me === undefined ? k - 1 : (me + k) % n;
    if (seat !== me) others.push(seat);
  }
  const root = h("div", { class: "dd" }, sharedDefs(),
    h("div", { class: `dd-others${others.length > 1 ? " dd-many" : ""}` }, others.map((seat) => seatNode(seat, ctx, moves))),
    centreNode(ctx, moves),
    me === null || me === undefined ? null : seatNode(me, ctx, moves),
    me === null || me === undefined ? null : handNode(ctx, moves),
    keyNode(ctx.words));
  if (ctx.ui.focus) {
    const wanted = root.querySelector(ctx.ui.focus);
    delete ctx.ui.focus;
    if (wanted) requestAnimationFrame(() => wanted.focus());
  }
  return root;
}

export function describe(notation, words, ctx) {
  const p = notation.split(" ");
  const rowEmpty = ctx && ctx.seat !== null && ctx.seat !== undefined && !ctx.board.rows[ctx.seat].length;
  switch (p[0]) {
    case "draw": return words.t("move.draw");
    case "play": return words.t(rowEmpty ? "move.start" : `move.play-${p[2]}`, { name: cardName(p[1], words) });
    case "moon": return words.t("move.moon", { name: cardName(p[1], words), position: p[3] });
    case "keep": return words.t("move.keep", { name: cardName(p[1], words) });
    case "extra": return words.t("move.extra");
    case "steal": return words.t("move.steal", { seat: p[1].charCodeAt(0) - 65 });
    case "eliminate": return words.t("move.eliminate", { seat: p[1].charCodeAt(0) - 65 });
    case "skip": return words.t("move.skip-plain");
    default: return notation;
  }
}

export function animate(events) {
  const cards = new Set();
  for (const event of events || []) {
    if (["play", "start-row", "moon"].includes(event.kind)) cards.add(event.card);
  }
  if (cards.size) fresh = { cards, until: performance.now() + 1500 };
}

export function detail(details, words) {
  if (!details || details.total === undefined) return "";
  const groups = COLOUR_ORDER.filter((colour) => details.groups[colour])
    .map((colour) => words.t("detail.group", { colour: words.t(`colour.${colour}`), letter: words.t(`letter.${colour}`),
                                               size: details.groups[colour], points: details.group_points[colour] }));
  return words.t("detail.all", { path: details.sleep_path, path_points: details.path_points,
                                 groups: groups.length ? groups.join(", ") : words.t("detail.no-groups"),
                                 black: details.black_pairs });
}

// Small pictures for the rules page (static/js/rules.js), drawn as on the table: draw "cards" —
// spec.cards "DD36 DD16", a row of cards left to right. The cards' shared patterns go in once a page.
let figureDefs = false;
export function figure(spec, words) {
  if (spec.draw !== "cards") return null;
  const cards = spec.cards.trim().split(/\s+/).map((code) => cardSvg(code, words));
  const defs = figureDefs ? null : sharedDefs();
  figureDefs = true;
  return h("div", { class: "dd figure-row" }, defs, ...cards);
}
