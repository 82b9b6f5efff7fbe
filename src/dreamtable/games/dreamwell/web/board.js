// Dreamwell's board in the browser (docs/browser.md): the 4×4 dream tiles drawn as SVG with their
// doors on the edges and corners, creatures and terrains as symbols with their codes, pawns with
// their seat letter; the hands, the display, the deck and every seat's played cards as HTML.
//
// Playing is clicking what the move touches: a tile offers its turns (and its flip), a pawn of
// yours shows an arrow through each door it may take (or, off the board, the edge tiles it may
// enter), a card offers what can be done with it, the deck draws. Only moves of ctx.legal are
// offered. Words come from web/i18n/LANG.json beside it.

import { h, s, pressable, legend } from "/static/js/dom.js";

const T = 120; // a tile's side in the SVG's units
const G = 10; // the gap between two tiles
const M = 46; // the margin around the grid (arrows off the board, the row and column names)
const SIZE = 4 * T + 3 * G + 2 * M;
const DIRS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
const STEP = { N: [0, 1], NE: [1, 1], E: [1, 0], SE: [1, -1], S: [0, -1], SW: [-1, -1], W: [-1, 0], NW: [-1, 1] };
const CREATURES = ["GAM", "COS", "NOV", "UMI", "LIL", "JUP", "BOR", "SKU"];
const TERRAINS = ["PS", "BW", "BS", "GC"];
const PAWN_SLOTS = [[20, 100], [47, 100], [74, 100], [101, 100], [20, 46], [101, 46], [20, 73], [101, 73]];

// -- the grid's geometry ----------------------------------------------------------------------

function colRow(cell) {
  return ["abcd".indexOf(cell[0]), Number(cell[1]) - 1];
}

function cellName(col, row) {
  return "abcd"[col] + String(row + 1);
}

// The top-left corner of a cell's tile (row 1 is the south row, drawn at the bottom).
function corner(cell) {
  const [col, row] = colRow(cell);
  return [M + col * (T + G), M + (3 - row) * (T + G)];
}

function neighbour(cell, dir) {
  const [col, row] = colRow(cell);
  const [dc, dr] = STEP[dir];
  const c = col + dc;
  const r = row + dr;
  return c >= 0 && c < 4 && r >= 0 && r < 4 ? cellName(c, r) : null;
}

function turned(doors, quarterTurns) {
  return doors.map((d) => DIRS[(DIRS.indexOf(d) + 2 * quarterTurns) % 8]);
}

// -- the legal moves, by what they touch ----------------------------------------------------------

function readLegal(legal) {
  const m = {
    all: new Set(legal), draw: false, refresh: false, stop: false, skip: false, end: false,
    take: new Set(), play: new Set(), discard: new Set(), flip: new Set(),
    rotate: {}, move: { 1: [], 2: [] }, enter: { 1: [], 2: [] }, moveto: { 1: [], 2: [] },
  };
  for (const move of legal) {
    const [verb, a, b] = move.split(" ");
    if (verb === "draw" || verb === "refresh" || verb === "stop" || verb === "skip" || verb === "end") m[verb] = true;
    else if (verb === "take" || verb === "play" || verb === "discard") m[verb].add(a);
    else if (verb === "flip") m.flip.add(a);
    else if (verb === "rotate") (m.rotate[a] ||= []).push(Number(b));
    else if (verb === "move") m.move[a].push(b);
    else if (verb === "enter" || verb === "moveto") m[verb][a].push(b);
  }
  return m;
}

function tileMoves(m, cell) {
  return (m.rotate[cell] || []).length + (m.flip.has(cell) ? 1 : 0);
}

function pawnMoves(m, pawn) {
  return m.move[pawn].length + m.enter[pawn].length + m.moveto[pawn].length;
}

// -- words ----------------------------------------------------------------------------------------

function itemName(words, code) {
  return words.t(`item.${code}`);
}

function abilityText(words, ability) {
  const [kind, target] = ability;
  if (kind === "each_turn_free") return words.t(`ability.each_turn_free.${target}`);
  return words.t(`ability.${kind}`, { item: target });
}

function abilityHelp(words, ability) {
  const [kind, target] = ability;
  if (kind === "each_turn_free") return words.t(`ability-help.each_turn_free.${target}`);
  return words.t(`ability-help.${kind}`, { item: target });
}

function scoreFields(score) {
  const [kind, ...v] = score;
  if (kind === "heart" || kind === "wild") return { value: v[0] };
  if (kind === "per_friend") return { value: v[0], friend: v[1] };
  if (kind === "plus_per_terrain") return { base: v[0], value: v[1], terrain: v[2] };
  if (kind === "if_count") return { value: v[0], count: v[1], friend: v[2] };
  return { value: v[0], friend: v[1], other: v[2] };
}

function scoreText(words, score) {
  return words.t(`score.${score[0]}`, scoreFields(score));
}

function scoreHelp(words, score) {
  return words.t(`score-help.${score[0]}`, scoreFields(score));
}

// A card as a player names it: its friend and what it needs, "Orbit (Cosmo, Umibozu, Blue Water)"
// (its code is notation, never shown).
function cardName(words, id) {
  const card = CARDS[id];
  if (!card) return words.t("ui.unknown-card");
  const [friend, first, second, terrain] = card;
  return words.t("card.name", { friend, first, second, terrain });
}

// A card in full: its name, what it needs under your two pawns (DW-R15), its points and ability.
function cardLabel(words, id) {
  const card = CARDS[id];
  if (!card) return cardName(words, id);
  const [, first, second, terrain, score, ability] = card;
  return words.t("ui.card-label", { name: cardName(words, id), first, second, terrain,
                                     score: scoreText(words, score), ability: abilityText(words, ability) });
}

function pawnName(words, seat, pawn, mine) {
  return mine ? words.t("ui.pawn.mine", { pawn }) : words.t("ui.pawn", { seat, pawn });
}

// A move in words, for the shell's plain list of moves and for the buttons drawn here.
export function describe(notation, words, ctx) {
  const [verb, a, b] = notation.split(" ");
  const board = ctx?.board;
  if (verb === "take" || verb === "play" || verb === "discard") {
    return words.t(`move.${verb}`, { card: cardLabel(words, a) });
  }
  if (verb === "rotate") return words.t("move.rotate", { cell: a, degrees: b });
  if (verb === "flip") return words.t("move.flip", { cell: a });
  if (verb === "enter") return words.t("move.enter", { pawn: a, cell: b });
  if (verb === "moveto") return words.t("move.moveto", { pawn: a, cell: b });
  if (verb === "move") {
    const from = board && ctx.seat !== null ? board.pawns[ctx.seat][Number(a) - 1] : null;
    const to = from ? neighbour(from, b) : null;
    if (from && !to) return words.t("move.leave", { pawn: a, dir: b });
    return words.t("move.move", { pawn: a, dir: b, cell: to ?? "?" });
  }
  if (verb === "stop") {
    return board?.continuing ? words.t("move.stop", { pawn: board.continuing }) : words.t("move.stop.any");
  }
  if (["draw", "refresh", "skip", "end"].includes(verb)) return words.t(`move.${verb}`);
  return notation;
}

// A seat's outcome.details: its points, cards and friends, and what its WILD cards counted as.
export function detail(details, words) {
  if (details.points === undefined) return "";
  const parts = [words.t("detail", { points: details.points, cards: details.cards, friends: details.friend_types })];
  for (const [card, [friend, terrain]] of Object.entries(details.wild_as || {})) {
    parts.push(words.t("detail.wild", { card, friend, terrain }));
  }
  return parts.join("; ");
}

// The tiles the last moves touched glow once on the next drawing (render reads ctx.ui.flash).
export function animate(events, boardNode, ctx) {
  const cells = new Set();
  for (const event of events || []) {
    for (const key of ["cell", "start"]) if (typeof event[key] === "string") cells.add(event[key]);
  }
  ctx.ui.flash = [...cells];
}

// -- symbols --------------------------------------------------------------------------------------

// A creature's symbol, centred on 0,0 with a radius of about 16: each has its own shape (and its code
// is always written beside it), so nothing rests on colour alone.
function glyph(code) {
  const line = { stroke: "#1d1b2e", "stroke-width": 1.6, "stroke-linejoin": "round" };
  switch (code) {
    case "GAM": return [s("polygon", { points: "0,-16 15,12 -15,12", fill: "#f08c00", ...line })];
    case "COS": {
      const points = [];
      for (let i = 0; i < 10; i++) {
        const r = i % 2 ? 7 : 17;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        points.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`);
      }
      return [s("polygon", { points: points.join(" "), fill: "#fcc419", ...line })];
    }
    case "NOV": {
      const rays = DIRS.map((_, i) => {
        const a = (Math.PI / 4) * i;
        return s("line", { x1: 11 * Math.cos(a), y1: 11 * Math.sin(a), x2: 17 * Math.cos(a), y2: 17 * Math.sin(a), ...line, "stroke-width": 2.4 });
      });
      return [...rays, s("circle", { r: 8, fill: "#f783ac", ...line })];
    }
    case "UMI": return [s("path", { d: "M-12 14 L-12 -2 A12 12 0 0 1 12 -2 L12 14 L6 9 L0 14 L-6 9 Z", fill: "#74c0fc", ...line }),
      s("circle", { cx: -4.5, cy: -2, r: 2, fill: "#1d1b2e" }), s("circle", { cx: 4.5, cy: -2, r: 2, fill: "#1d1b2e" })];
    case "LIL": return [s("path", { d: "M0 -16 L13 -10 L11 5 Q6 13 0 16 Q-6 13 -11 5 L-13 -10 Z", fill: "#69db7c", ...line }),
      s("path", { d: "M0 -9 L0 9 M-7 -2 L7 -2", ...line, fill: "none", "stroke-width": 2.2 })];
    case "JUP": return [s("circle", { r: 11, fill: "#b197fc", ...line }),
      s("ellipse", { rx: 18, ry: 5, fill: "none", ...line, "stroke-width": 2, transform: "rotate(-18)" })];
    case "BOR": return [s("path", { d: "M5 -16 A16 16 0 1 0 5 16 A12.5 12.5 0 1 1 5 -16 Z", fill: "#66d9e8", ...line })];
    case "SKU": {
      const petals = [0, 1, 2, 3, 4].map((i) => {
        const a = (2 * Math.PI / 5) * i - Math.PI / 2;
        return s("circle", { cx: 9 * Math.cos(a), cy: 9 * Math.sin(a), r: 6.5, fill: "#e599f7", ...line });
      });
      return [...petals, s("circle", { r: 5, fill: "#1d1b2e" })];
    }
    default: return [s("circle", { r: 12, fill: "#ccc", ...line })];
  }
}

// A small standalone picture of a creature (for the cards and the key), hidden from screen readers:
// the words beside it say the same.
function glyphIcon(code, size = 22) {
  return s("svg", { viewBox: "-18 -18 36 36", width: size, height: size, "aria-hidden": "true", class: "dw-icon" }, glyph(code));
}

function creatureChip(words, code) {
  return legend(h("span", { class: "dw-chip" }, glyphIcon(code), h("span", { class: "dw-code" }, code)),
    words.t("ui.creature", { item: code }));
}

function terrainChip(words, code) {
  return legend(h("span", { class: `dw-terrain dw-t-${code}` }, code), words.t("ui.terrain", { item: code }));
}

// The terrain patterns of the board (dots, waves, stars, hatching), so terrains differ without colour.
function patterns() {
  return s("defs", {},
    s("pattern", { id: "dw-p-PS", width: 12, height: 12, patternUnits: "userSpaceOnUse" },
      s("circle", { cx: 6, cy: 6, r: 1.8, fill: "#e48bbd" })),
    s("pattern", { id: "dw-p-BW", width: 24, height: 12, patternUnits: "userSpaceOnUse" },
      s("path", { d: "M0 8 Q6 3 12 8 T24 8", fill: "none", stroke: "#86b4e6", "stroke-width": 1.5 })),
    s("pattern", { id: "dw-p-BS", width: 20, height: 20, patternUnits: "userSpaceOnUse" },
      s("path", { d: "M5 2 L6 5 L9 6 L6 7 L5 10 L4 7 L1 6 L4 5 Z", fill: "#b8b4d8" }),
      s("circle", { cx: 15, cy: 15, r: 1.2, fill: "#b8b4d8" })),
    s("pattern", { id: "dw-p-GC", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("line", { x1: 0, y1: 0, x2: 0, y2: 10, stroke: "#8fcf88", "stroke-width": 2 })));
}

// A door of a tile, drawn inside the tile on the edge (N, E, S, W) or the corner (NE, SE, SW, NW) it opens.
function doorShape(dir, x, y) {
  const w = 38;
  const d = 10;
  const c = 26;
  const style = { class: "dw-door" };
  switch (dir) {
    case "N": return s("rect", { x: x + (T - w) / 2, y, width: w, height: d, rx: 3, ...style });
    case "S": return s("rect", { x: x + (T - w) / 2, y: y + T - d, width: w, height: d, rx: 3, ...style });
    case "W": return s("rect", { x, y: y + (T - w) / 2, width: d, height: w, rx: 3, ...style });
    case "E": return s("rect", { x: x + T - d, y: y + (T - w) / 2, width: d, height: w, rx: 3, ...style });
    case "NE": return s("polygon", { points: `${x + T - c},${y} ${x + T},${y} ${x + T},${y + c}`, ...style });
    case "SE": return s("polygon", { points: `${x + T},${y + T - c} ${x + T},${y + T} ${x + T - c},${y + T}`, ...style });
    case "SW": return s("polygon", { points: `${x + c},${y + T} ${x},${y + T} ${x},${y + T - c}`, ...style });
    default: return s("polygon", { points: `${x},${y + c} ${x},${y} ${x + c},${y}`, ...style }); // NW
  }
}

// A tile's doors alone, small, as they would be after a turn (the previews of the turn buttons).
function doorPreview(doors) {
  const svg = s("svg", { viewBox: `-4 -4 ${T + 8} ${T + 8}`, width: 40, height: 40, "aria-hidden": "true", class: "dw-preview" },
    s("rect", { x: 0, y: 0, width: T, height: T, rx: 8, class: "dw-preview-tile" }));
  for (const dir of doors) svg.append(doorShape(dir, 0, 0));
  return svg;
}

function pawnShape(seat, pawn, cx, cy, r = 14) {
  return [s("circle", { cx, cy, r, class: "shape dw-pawn-disc" }),
    s("text", { x: cx, y: cy + 4.5, class: "dw-pawn-text", "text-anchor": "middle" }, `${String.fromCharCode(65 + seat)}${pawn}`)];
}

function arrowPath(dir) {
  return s("path", { d: "M0 -13 L11 0 L4.5 0 L4.5 12 L-4.5 12 L-4.5 0 L-11 0 Z", class: "dw-arrow-head",
    transform: `rotate(${45 * DIRS.indexOf(dir)})` });
}

// -- the drawing ----------------------------------------------------------------------------------

// What is chosen between two clicks (ctx.ui.sel): a tile {tile}, a pawn {pawn} or a card {card}.
// While a pawn of the seat on turn may keep moving for free it is chosen until something else is.
function selection(ctx, m) {
  const sel = ctx.ui.sel;
  if (sel) return sel;
  const going = ctx.board.continuing;
  if (going && m.move[going].length) return { pawn: going };
  return {};
}

function choose(ctx, sel, key) {
  ctx.ui.sel = sel || {}; // {}: nothing chosen, not even the pawn that may keep moving
  ctx.ui.focus = key;
  ctx.redraw();
}

export function render(ctx) {
  const words = ctx.words;
  const board = ctx.board;
  const m = readLegal(ctx.legal || []);
  const sel = selection(ctx, m);
  const root = h("div", { class: "dw" },
    drawStatus(ctx, m),
    h("div", { class: "dw-main" },
      h("div", { class: "dw-board-wrap" }, drawBoard(ctx, m, sel), drawOffBoard(ctx, m, sel)),
      h("div", { class: "dw-side" }, drawPanel(ctx, m, sel), drawCards(ctx, m, sel))),
    drawSeats(ctx),
    drawKey(words, board));
  if (ctx.ui.focus) {
    const key = ctx.ui.focus;
    queueMicrotask(() => root.querySelector(`[data-key="${key}"]`)?.focus());
  }
  return root;
}

function drawStatus(ctx, m) {
  const { board, words, view } = ctx;
  const parts = [];
  if (view.turn !== null && view.turn !== undefined && !view.outcome) {
    parts.push(h("span", { class: "dw-pill" }, words.t("ui.turn-of", { seat: view.turn })));
    parts.push(h("span", { class: "dw-pill" }, words.t("ui.actions-left", { left: board.actions_left })));
    if (board.free_action) parts.push(h("span", { class: "dw-pill" }, words.t("ui.free-action", { free: board.free_action })));
  }
  parts.push(h("span", { class: "dw-muted" }, words.t("ui.threshold", { threshold: board.threshold })));
  const controls = [];
  const press = (move) => () => ctx.play(move);
  if (m.stop) controls.push(h("button", { type: "button", onclick: press("stop"), "data-key": "stop" }, describe("stop", words, ctx)));
  if (m.skip) controls.push(h("button", { type: "button", onclick: press("skip"), "data-key": "skip" }, words.t("move.skip")));
  if (m.end) controls.push(h("button", { type: "button", class: "primary", onclick: press("end"), "data-key": "end" }, words.t("move.end")));
  let hint = null;
  if (ctx.legal.length) {
    if (m.discard.size) hint = words.t("ui.hint.discard");
    else if (!ctx.ui.sel?.pawn && !ctx.ui.sel?.tile && !ctx.ui.sel?.card && !board.continuing) hint = words.t("ui.hint");
  }
  return h("div", { class: "dw-status" },
    h("div", { class: "dw-pills" }, parts),
    controls.length ? h("div", { class: "dw-controls" }, controls) : null,
    hint ? h("p", { class: "dw-hint" }, hint) : null);
}

// -- the board: 16 tiles, their doors, the pawns, the arrows of the chosen pawn -------------------

function drawBoard(ctx, m, sel) {
  const { board, words, seat } = ctx;
  const svg = s("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, class: "dw-board", role: "group", "aria-label": words.t("ui.board") },
    patterns());
  // the names of the columns and rows
  for (let col = 0; col < 4; col++) {
    const x = M + col * (T + G) + T / 2;
    svg.append(s("text", { x, y: M - 30, class: "dw-axis", "text-anchor": "middle", "aria-hidden": "true" }, "abcd"[col]));
    svg.append(s("text", { x, y: SIZE - M + 40, class: "dw-axis", "text-anchor": "middle", "aria-hidden": "true" }, "abcd"[col]));
  }
  for (let row = 0; row < 4; row++) {
    const y = M + (3 - row) * (T + G) + T / 2 + 6;
    svg.append(s("text", { x: M - 34, y, class: "dw-axis", "text-anchor": "middle", "aria-hidden": "true" }, String(row + 1)));
    svg.append(s("text", { x: SIZE - M + 34, y, class: "dw-axis", "text-anchor": "middle", "aria-hidden": "true" }, String(row + 1)));
  }
  const needed = neededItems(ctx, sel);
  const flash = new Set(ctx.ui.flash || []);
  const targets = pawnTargets(m, sel);
  for (const cell of board.cells) svg.append(drawTile(ctx, m, sel, cell, needed, flash, targets));
  // the pawns, over the tiles (never inside a tile's button: each is its own button)
  for (const cell of board.cells) {
    const [x, y] = corner(cell.cell);
    cell.pawns.forEach((p, index) => {
      const [px, py] = PAWN_SLOTS[index % PAWN_SLOTS.length];
      svg.append(drawPawn(ctx, m, sel, p.seat, p.pawn, cell.cell, x + px, y + py));
    });
  }
  // the arrows of the chosen pawn on the board: one per door it may go through
  if (sel.pawn && seat !== null && seat !== undefined) {
    const from = board.pawns[seat][sel.pawn - 1];
    if (from) for (const dir of m.move[sel.pawn]) svg.append(drawArrow(ctx, sel.pawn, from, dir));
  }
  return svg;
}

// The creatures and terrain the chosen card of the hand needs (marked on the tiles that show them).
function neededItems(ctx, sel) {
  if (!sel.card || !CARDS[sel.card]) return new Set();
  const [, first, second, terrain] = CARDS[sel.card];
  return new Set([first, second, terrain]);
}

function pawnTargets(m, sel) {
  if (!sel.pawn) return {};
  const targets = {};
  for (const cell of m.enter[sel.pawn]) targets[cell] = `enter ${sel.pawn} ${cell}`;
  for (const cell of m.moveto[sel.pawn]) targets[cell] = `moveto ${sel.pawn} ${cell}`;
  return targets;
}

function tileLabel(words, cell) {
  const parts = [words.t("ui.tile", { cell: cell.cell, creature: cell.creature, terrain: cell.terrain })];
  if (cell.face === "black") parts.push(words.t("ui.tile.black"));
  parts.push(cell.doors.length ? words.t("ui.tile.doors", { doors: cell.doors.join(", ") }) : words.t("ui.tile.no-doors"));
  if (cell.pawns.length) {
    parts.push(words.t("ui.tile.pawns", { pawns: cell.pawns.map((p) => `${String.fromCharCode(65 + p.seat)}${p.pawn}`).join(", ") }));
  }
  return parts.join("; ");
}

function drawTile(ctx, m, sel, cell, needed, flash, targets) {
  const { words } = ctx;
  const [x, y] = corner(cell.cell);
  const dark = cell.terrain === "BS";
  const group = s("g", { class: `dw-tile dw-t-${cell.terrain}${flash.has(cell.cell) ? " dw-flash" : ""}`, "data-cell": cell.cell });
  group.append(
    s("rect", { x, y, width: T, height: T, rx: 8, class: "shape dw-tile-bg" }),
    s("rect", { x: x + 1, y: y + 1, width: T - 2, height: T - 2, rx: 7, fill: `url(#dw-p-${cell.terrain})`, "pointer-events": "none" }));
  if (cell.face === "black") {
    group.append(s("rect", { x: x + 5, y: y + 5, width: T - 10, height: T - 10, rx: 5, class: "dw-black-face" }));
    group.append(legend(s("g", { class: "dw-black-mark" },
      s("rect", { x: x + T - 26, y: y + 14, width: 12, height: 12, transform: `rotate(45 ${x + T - 20} ${y + 20})` })),
      words.t("ui.black-face")));
  }
  for (const dir of cell.doors) {
    const off = neighbour(cell.cell, dir) === null;
    group.append(legend(doorShape(dir, x, y), words.t(off ? "ui.door.off" : "ui.door", { dir })));
  }
  // the terrain's code (top left), the creature's symbol and code (middle)
  group.append(legend(s("g", { class: "dw-terrain-tag" },
    s("rect", { x: x + 12, y: y + 14, width: 34, height: 20, rx: 4 }),
    s("text", { x: x + 29, y: y + 29, "text-anchor": "middle" }, cell.terrain)),
  words.t("ui.terrain", { item: cell.terrain })));
  group.append(legend(s("g", { class: "dw-creature", transform: `translate(${x + T / 2} ${y + 46})` }, glyph(cell.creature)),
    words.t("ui.creature", { item: cell.creature })));
  group.append(s("g", { class: "dw-creature-tag" },
    s("rect", { x: x + T / 2 - 22, y: y + 66, width: 44, height: 19, rx: 4 }),
    s("text", { x: x + T / 2, y: y + 80, "text-anchor": "middle" }, cell.creature)));
  if (needed.has(cell.creature) || needed.has(cell.terrain)) {
    group.append(legend(s("circle", { cx: x + T - 18, cy: y + T - 44, r: 7, class: "dw-needed" }), words.t("ui.needed")));
  }
  if (dark) group.classList.add("dw-dark");
  // what a click on the tile does: a target of the chosen pawn, or the tile's turns and flip
  const label = tileLabel(words, cell);
  const target = targets[cell.cell];
  if (target) {
    group.classList.add("target");
    pressable(group, `${describe(target, words, ctx)} (${label})`, () => ctx.play(target));
    group.dataset.key = `tile-${cell.cell}`;
  } else if (!sel.pawn && tileMoves(m, cell.cell)) {
    const picked = sel.tile === cell.cell;
    group.classList.add(picked ? "picked" : "pickable");
    pressable(group, `${words.t("ui.pick.tile", { cell: cell.cell })} (${label})`,
      () => choose(ctx, picked ? null : { tile: cell.cell }, `tile-${cell.cell}`));
    group.setAttribute("aria-pressed", picked ? "true" : "false");
    group.dataset.key = `tile-${cell.cell}`;
  } else {
    group.setAttribute("role", "img");
    group.setAttribute("aria-label", label);
  }
  return group;
}

function drawPawn(ctx, m, sel, seat, pawn, cell, cx, cy) {
  const { words } = ctx;
  const mine = seat === ctx.seat;
  const group = s("g", { class: `dw-pawn seat-${seat}` }, pawnShape(seat, pawn, cx, cy));
  const name = pawnName(words, seat, pawn, mine);
  const where = words.t("ui.pawn.on", { pawn: name, cell });
  if (mine && pawnMoves(m, pawn)) {
    const picked = sel.pawn === pawn;
    group.classList.add(picked ? "picked" : "pickable");
    group.prepend(s("circle", { cx, cy, r: 19, class: "dw-ring-under" }), s("circle", { cx, cy, r: 19, class: "dw-ring" }));
    pressable(group, words.t("ui.pick.pawn", { pawn: where }), () => choose(ctx, picked ? null : { pawn }, `pawn-${pawn}`));
    group.setAttribute("aria-pressed", picked ? "true" : "false");
    group.dataset.key = `pawn-${pawn}`;
  } else {
    legend(group, where);
  }
  return group;
}

function drawArrow(ctx, pawn, from, dir) {
  const [x, y] = corner(from);
  const [dc, dr] = STEP[dir];
  const reach = T / 2 + G / 2;
  const cx = x + T / 2 + dc * reach;
  const cy = y + T / 2 - dr * reach;
  const move = `move ${pawn} ${dir}`;
  const off = neighbour(from, dir) === null;
  const group = s("g", { class: `dw-arrow target${off ? " dw-arrow-off" : ""}`, transform: `translate(${cx} ${cy})` },
    s("circle", { r: 21, class: "shape" }), arrowPath(dir));
  pressable(group, describe(move, ctx.words, ctx), () => ctx.play(move));
  group.dataset.key = `arrow-${dir}`;
  return group;
}

// The pawns off the board: yours can be chosen to enter (or MOVE TO) when the rules allow it.
function drawOffBoard(ctx, m, sel) {
  const { board, words } = ctx;
  const chips = [];
  board.pawns.forEach((cells, seat) => cells.forEach((cell, index) => {
    if (cell !== null) return;
    const pawn = index + 1;
    const mine = seat === ctx.seat;
    const name = pawnName(words, seat, pawn, mine);
    const chip = h("span", { class: `dw-off-pawn seat-${seat}` },
      s("svg", { viewBox: "-15 -15 30 30", width: 30, height: 30, "aria-hidden": "true" }, pawnShape(seat, pawn, 0, 0)),
      h("span", { class: "sr-only" }, name));
    if (mine && pawnMoves(m, pawn)) {
      const picked = sel.pawn === pawn;
      chip.classList.add(picked ? "picked" : "pickable");
      pressable(chip, words.t("ui.pick.pawn", { pawn: words.t("ui.pawn.off", { pawn: name }) }),
        () => choose(ctx, picked ? null : { pawn }, `pawn-${pawn}`));
      chip.setAttribute("aria-pressed", picked ? "true" : "false");
      chip.dataset.key = `pawn-${pawn}`;
    } else {
      legend(chip, words.t("ui.pawn.off", { pawn: name }));
    }
    chips.push(chip);
  }));
  return h("div", { class: "dw-off" }, h("span", { class: "dw-label" }, words.t("ui.off-board")), " ",
    chips.length ? chips : h("span", { class: "dw-muted" }, words.t("ui.off-board.none")));
}

// -- what the chosen thing can do ------------------------------------------------------------------

function drawPanel(ctx, m, sel) {
  const { words, board } = ctx;
  const cancel = () => h("button", { type: "button", onclick: () => choose(ctx, null, null) }, words.t("ui.cancel"));
  const moveButton = (move, content, key) =>
    h("button", { type: "button", class: "dw-option", onclick: () => ctx.play(move), "data-key": key, "aria-label": describe(move, words, ctx) }, content);
  if (sel.tile) {
    const cell = board.cells.find((c) => c.cell === sel.tile);
    const options = (m.rotate[sel.tile] || []).map((degrees) =>
      moveButton(`rotate ${sel.tile} ${degrees}`, [doorPreview(turned(cell.doors, degrees / 90)), h("span", {}, `↻ ${degrees}°`)],
        `rotate-${degrees}`));
    if (m.flip.has(sel.tile)) options.push(moveButton(`flip ${sel.tile}`, h("span", {}, words.t("move.flip", { cell: sel.tile })), "flip"));
    return h("section", { class: "dw-panel", "aria-label": words.t("ui.selected.tile", { cell: sel.tile }) },
      h("h3", {}, words.t("ui.selected.tile", { cell: sel.tile })),
      h("p", {}, words.t("ui.tile", { cell: cell.cell, creature: cell.creature, terrain: cell.terrain })),
      h("div", { class: "dw-options" }, options, cancel()));
  }
  if (sel.card) {
    const options = [];
    for (const verb of ["play", "take", "discard"]) {
      if (m[verb].has(sel.card)) options.push(moveButton(`${verb} ${sel.card}`, words.t(`move.${verb}`, { card: cardName(words, sel.card) }), verb));
    }
    const card = CARDS[sel.card];
    return h("section", { class: "dw-panel", "aria-label": words.t("ui.selected.card", { card: cardName(words, sel.card) }) },
      h("h3", {}, words.t("ui.selected.card", { card: cardName(words, sel.card) })),
      card ? h("p", {}, words.t("ui.hint.card", { first: card[1], second: card[2], terrain: card[3] })) : null,
      card ? h("p", {}, `${scoreText(words, card[4])}: ${scoreHelp(words, card[4])}`) : null,
      card ? h("p", {}, `${abilityText(words, card[5])}: ${abilityHelp(words, card[5])}`) : null,
      h("div", { class: "dw-options" }, options, cancel()));
  }
  if (sel.pawn) {
    const from = board.pawns[ctx.seat][sel.pawn - 1];
    const name = pawnName(words, ctx.seat, sel.pawn, true);
    const hint = m.moveto[sel.pawn].length ? "ui.hint.moveto" : from ? "ui.hint.pawn" : "ui.hint.enter";
    return h("section", { class: "dw-panel", "aria-label": words.t("ui.selected.pawn", { pawn: name }) },
      h("h3", {}, from ? words.t("ui.selected.pawn.on", { pawn: sel.pawn, cell: from }) : words.t("ui.selected.pawn.off", { pawn: sel.pawn })),
      h("p", {}, words.t(hint)),
      h("div", { class: "dw-options" }, cancel()));
  }
  return null;
}

// -- cards: your hand, the display and the deck -------------------------------------------------

function drawCard(ctx, m, sel, id, where) {
  const { words } = ctx;
  const card = CARDS[id];
  const black = id.startsWith("B");
  const node = h("div", { class: `dw-card${black ? " dw-card-black" : ""}` });
  if (!card) {
    node.append(h("span", { class: "dw-card-id" }, cardName(words, id)));
    return node;
  }
  const [friend, first, second, terrain, score, ability] = card;
  node.append(
    h("div", { class: "dw-card-head" },
      legend(h("span", { class: "dw-card-name" }, friend), words.t("ui.friend", { friend }))),
    h("div", { class: "dw-card-needs" }, creatureChip(words, first), creatureChip(words, second), terrainChip(words, terrain)),
    legend(h("div", { class: "dw-card-score" }, scoreText(words, score)), scoreHelp(words, score)),
    legend(h("div", { class: "dw-card-ability" }, abilityText(words, ability)), abilityHelp(words, ability)));
  const verbs = where === "hand" ? ["play", "discard"] : ["take"];
  if (verbs.some((verb) => m[verb].has(id))) {
    const picked = sel.card === id;
    node.classList.add(picked ? "picked" : "pickable");
    pressable(node, words.t("ui.pick.card", { card: cardLabel(words, id) }),
      () => choose(ctx, picked ? null : { card: id }, `card-${id}`));
    node.setAttribute("aria-pressed", picked ? "true" : "false");
    node.dataset.key = `card-${id}`;
  } else {
    node.setAttribute("role", "group");
    node.setAttribute("aria-label", cardLabel(words, id));
  }
  return node;
}

function drawCards(ctx, m, sel) {
  const { board, words, seat } = ctx;
  const parts = [];
  const mine = seat !== null && seat !== undefined ? board.hands[seat] : null;
  if (mine) {
    parts.push(h("section", { class: "dw-hand", "aria-label": words.t("ui.hand") },
      h("h3", {}, words.t("ui.hand"), " ", h("span", { class: "dw-muted" }, `(${mine.size})`)),
      h("div", { class: "dw-cards" }, (mine.cards || []).map((id) => drawCard(ctx, m, sel, id, "hand")))));
  }
  const deck = h("div", { class: "dw-deck" }, h("span", { class: "dw-deck-title" }, words.t("ui.deck")),
    h("span", {}, words.t("ui.deck.count", { count: board.deck })));
  if (m.draw) {
    deck.classList.add("pickable");
    pressable(deck, words.t("ui.pick.deck", { count: board.deck }), () => ctx.play("draw"));
    deck.dataset.key = "deck";
  }
  const display = board.display.map((id) => (id ? drawCard(ctx, m, sel, id, "display")
    : h("div", { class: "dw-card dw-gap" }, words.t("ui.display.gap"))));
  parts.push(h("section", { class: "dw-display", "aria-label": words.t("ui.display") },
    h("h3", {}, words.t("ui.display")),
    h("div", { class: "dw-cards" }, display, deck),
    m.refresh ? h("button", { type: "button", onclick: () => ctx.play("refresh"), "data-key": "refresh" }, words.t("move.refresh")) : null));
  return h("div", { class: "dw-card-area" }, parts);
}

// -- every seat: points, cards played, hand, LOCATED -------------------------------------------

function drawSeats(ctx) {
  const { board, words, view } = ctx;
  const rows = board.played.map((played, seat) => {
    const located = board.located[seat] || [];
    return h("li", { class: `dw-seat${seat === view.turn ? " dw-seat-turn" : ""}` },
      h("span", { class: `seat-badge seat-${seat % 6}`, "aria-hidden": "true" }, String.fromCharCode(65 + seat)),
      h("span", { class: "sr-only" }, words.t("common.seat", { seat })),
      h("span", { class: "dw-seat-points" }, words.t("ui.seat.points", { points: board.scores[seat] })),
      h("span", {}, words.t("ui.seat.cards", { cards: played.length, threshold: board.threshold })),
      h("span", {}, words.t("ui.seat.hand", { size: board.hands[seat].size })),
      located.length ? h("span", {}, words.t("ui.seat.located", { items: located.map((code) => itemName(words, code)).join(", ") })) : null,
      h("span", { class: "dw-played" }, `${words.t("ui.seat.played")}: `,
        played.length ? played.map((id) => legend(h("span", { class: `dw-played-card${id.startsWith("B") ? " dw-card-black" : ""}` }, cardName(words, id)), cardLabel(words, id)))
          : h("span", { class: "dw-muted" }, words.t("ui.seat.played.none"))));
  });
  return h("section", { class: "dw-seats", "aria-label": words.t("ui.seats") }, h("h3", {}, words.t("ui.seats")), h("ul", {}, rows));
}

// The key to the symbols: creatures, terrains, doors, pawns, the black side.
function drawKey(words, board) {
  const creatures = CREATURES.map((code) => h("li", {}, glyphIcon(code, 26), h("span", { class: "dw-code" }, code), " ", itemName(words, code)));
  const terrains = TERRAINS.map((code) => h("li", {}, h("span", { class: `dw-terrain dw-t-${code}` }, code), " ", itemName(words, code)));
  return h("details", { class: "dw-key" }, h("summary", {}, words.t("ui.key")),
    h("ul", { class: "dw-key-list" }, creatures, terrains),
    h("p", {}, words.t("ui.key.doors")),
    h("p", {}, words.t("ui.key.pawns")),
    board.mode === "advanced" ? h("p", {}, words.t("ui.black-face")) : null);
}

// -- the friend cards ------------------------------------------------------------------------------

// Every friend card, from the server (games/dreamwell/web_data.py): id → [friend, creature,
// creature, terrain, score [kind, …], ability [kind, target or null]].
const { cards: CARDS } = await fetch(new URL("data.json", import.meta.url)).then((answer) => answer.json());

// Small pictures for the rules page (static/js/rules.js), drawn with the table's own pieces:
// draw "cards" — spec.cards "W07 W12", friend cards as in the display;
// draw "tiles" — a few tiles where they lie on the board, spec.tiles "b2 COS GC N,E A1 | c2 NOV BW W"
// (cell, creature, terrain, doors, then any pawns as seat letter and pawn number), framed to fit.
export function figure(spec, words) {
  const none = readLegal([]);
  if (spec.draw === "cards") {
    return h("div", { class: "dw-cards figure-row" },
      spec.cards.trim().split(/\s+/).map((id) => drawCard({ words }, none, {}, id, "display")));
  }
  if (spec.draw !== "tiles") return null;
  const cells = spec.tiles.split("|").map((part) => {
    const [cell, creature, terrain, doors = "", pawns = ""] = part.trim().split(/\s+/);
    return { cell, tile: 0, face: "white", creature, terrain, doors: doors.split(",").filter(Boolean),
      pawns: pawns.split(",").filter(Boolean).map((p) => ({ seat: p.charCodeAt(0) - 65, pawn: Number(p[1]) })) };
  });
  const corners = cells.map((cell) => corner(cell.cell));
  const left = Math.min(...corners.map(([x]) => x)) - G;
  const top = Math.min(...corners.map(([, y]) => y)) - G;
  const width = Math.max(...corners.map(([x]) => x)) + T + G - left;
  const height = Math.max(...corners.map(([, y]) => y)) + T + G - top;
  const ctx = { words, ui: {}, board: { cells } };
  const svg = s("svg", { viewBox: `${left} ${top} ${width} ${height}`, width: width * 1.3, class: "dw-board",
    role: "group", "aria-label": words.t("ui.board") }, patterns());
  for (const cell of cells) svg.append(drawTile(ctx, none, {}, cell, new Set(), new Set(), {}));
  cells.forEach((cell, index) => {
    const [x, y] = corners[index];
    cell.pawns.forEach((p, slot) => {
      const [px, py] = PAWN_SLOTS[slot % PAWN_SLOTS.length];
      svg.append(s("g", { class: `dw-pawn seat-${p.seat}` }, pawnShape(p.seat, p.pawn, x + px, y + py)));
    });
  });
  return svg;
}
