// Dream Cycle in the browser: the Dreamscape (rows of 3×9 squares laid at their staircase offsets,
// the fringe around them), every bicycle token with its facing, the market, each seat's hand,
// Interpretation fields, chi and Inspiration tiles, the brake plan and the open offers, drawn from
// the seat's view (docs/rules/dream-cycle.md).
//
// Every square is a colour and its letter code (G W O R P F S, BK, BL, YI YD YR), so colour-blind
// players read the codes; each has a legend on hover or tap, and the key under the board lists them.
//
// Moves are clicks: a starting space; a market tile to buy; a tile in your hand, then the field it
// goes on (or "sell"); a placed tile to take it back; a field's boost; an arrow around your token to
// aim it or, when the movement asks which way, to go; the brake plan's buttons; "end". The movement
// questions are marked on the board where they happen (a ring round the token or the conflict) and
// answered by the buttons under it. A trade is put together as counts of named items (You give:
// North 1, Chi 2), never typed in the notation. Only moves in ctx.legal and ctx.forms are offered.
//
// The movement is animated step by step (animate): the token rides along the spaces the ride, push
// and zip events name, and each seat's last movement stays on the board as a dotted trail; with
// prefers-reduced-motion the tokens stand at once where they end and only the trail shows the way.

import { h, legend, pressable, s } from "/static/js/dom.js";
import { promptText } from "/static/js/envelope.js";
import { seatLetter } from "/static/js/i18n.js";

// The plain squares' colours. A game's seven fields are the keys of a seat's view fields, in slot
// order: these seven by default, or some of them with Yellow (Y) and Blue (BL) (field_colours, DC-R9).
const PLAIN = ["G", "W", "O", "R", "P", "F", "S"];
const SPECIAL_FIELDS = new Set(["Y", "BL"]);
const TILES = ["F", "L", "R", "B", "N", "E", "W", "S", "U"];
const FACINGS = ["N", "E", "S", "W"];
const SPECIAL_SQUARES = ["BK", "BL", "YI", "YD", "YR"];
const INSPIRATION = ["wind", "zip", "rein", "ward", "wake", "power"];
const ANSWERS = ["ride", "brake", "wake", "push", "pass", "block", "zip", "stop", "reinterpret", "done"];
const STEP = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
const ARROW = { F: "↑", L: "↰", R: "↱", B: "↩", N: "↑", E: "→", S: "↓", W: "←", U: "✱" };
const RELATIVE = new Set(["F", "L", "R", "B"]);
const C = 40; // one square, in the drawing's units
const CHI_CAP = 10; // DC-R20: chi in hand above this returns to the supply when your Buying Phase ends

// -- the movement's animation: state kept across redraws ---------------------------------------------
const motion = {
  view: null, // the view last drawn (a redraw draws the same object again)
  tokens: null, // each seat's token in that view: {x, y, facing} or null
  before: null, // each seat's token in the view before it: where an animation of the new events starts
  rows: new Map(), // rows seen, by number: drawn faded while a ride that crossed them is shown
  ghosts: new Map(), // seat → {x, y, facing, hidden}: where an animated token is now
  queue: [],
  running: false,
  trails: new Map(), // seat → [[x, y]...]: the way of each seat's last movement
  box: null, // extra world extent the animation needs on screen
  board: null, // the node the animation draws in (the page's #board)
};

function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// The brake plans' forms (row, steps, squares) and the Inspiration tiles to spend last (keep) are
// drawn in the seat's panel, the keep only when the seat holds a tile to choose; a trade offer is a
// panel of named counts per partner (tradeNode): the shell draws none of these kinds itself.
export const forms = ["plan", "keep", "offer"];

// -- words ------------------------------------------------------------------------------------------
// A place as a player finds it on the board (never its coordinates): a square by its colour, row,
// line and place from the west; a fringe space by the side of the row it borders (events.spot_words).
function where(spot, w) {
  if (spot.square !== "fringe") return w.t("where.square", spot);
  const beside = spot.row + ({ S: 1, N: -1 }[spot.side] || 0);
  return w.t(`where.fringe.${spot.side}`, { ...spot, beside });
}

// A side of a trade as a player says it: "North, North, 2 chi and Zip", or "nothing" (as wording.bundle).
function bundleWords(bundle, w) {
  const words = bundle.tiles.map((code) => w.t(`tile.${code}`));
  if (bundle.chi) words.push(w.t("bundle.chi", { chi: bundle.chi }));
  words.push(...bundle.inspiration.map((code) => w.t(`insp.${code}`)));
  return words.length ? w.list(words) : w.t("bundle.nothing");
}

// The same from a side written in the notation ("N N 2c zip", "-"), as questions and moves carry it.
function offerSideWords(text, w) {
  const bundle = { tiles: [], chi: 0, inspiration: [] };
  for (const item of text.split(" ").filter(Boolean)) {
    if (TILES.includes(item)) bundle.tiles.push(item);
    else if (INSPIRATION.includes(item)) bundle.inspiration.push(item);
    else if (/^[0-9]+c$/.test(item)) bundle.chi = Number(item.slice(0, -1));
  }
  return bundleWords(bundle, w);
}

function planWords(plan, w) {
  if (plan.kind === "on") return w.t("plan.on", { squares: w.list(plan.squares.map((code) => w.t(`square.${code}`))) });
  return w.t(`plan.${plan.kind}`, plan);
}

function keepWords(tiles, w) {
  return tiles.length ? w.list(tiles.map((code) => w.t(`insp.${code}`))) : w.t("keep.none");
}

// A move of the plain list in words.
export function describe(move, w, ctx) {
  const [kind, ...rest] = move.split(" ");
  const board = ctx?.board;
  switch (kind) {
    case "start": return w.t("ui.start-space", { space: rest[0] });
    case "buy": return w.t("ui.buy", { tile: rest[0], chi: board?.prices[rest[0]][0], count: board?.stock[rest[0]] });
    case "sell": return w.t("ui.sell", { tile: rest[0], chi: board?.prices[rest[0]][1] });
    case "place": return w.t("ui.place", { tile: rest[0], field: rest[1] });
    case "unplace": return w.t("ui.unplace", { tile: rest[0], field: rest[1] });
    case "boost": return w.t("ui.boost", { field: rest[0], chi: rest[1] });
    case "unboost": return w.t("ui.unboost", { field: rest[0] });
    case "aim": return w.t("ui.aim", { facing: rest[0] });
    case "go": return w.t("ui.go", { facing: rest[0] });
    case "plan": return w.t("ui.set-plan", { plan: planWords(planOf(rest), w) });
    case "cash": return w.t("ui.cash", { tile: rest[0] });
    case "keep": return w.t("ui.keep-move", { tiles: keepWords(rest[0] === "none" ? [] : rest, w) });
    case "end": return w.t("ui.end");
    case "accept": return w.t("ui.accept", { from: rest[0].charCodeAt(0) - 65 });
    case "decline": return w.t("ui.decline", { from: rest[0].charCodeAt(0) - 65 });
    case "offer": {
      const split = rest.indexOf("for");
      return w.t("ui.offer-move", { to: rest[0].charCodeAt(0) - 65, give: offerSideWords(rest.slice(1, split).join(" "), w),
        take: offerSideWords(rest.slice(split + 1).join(" "), w) });
    }
    default: return ANSWERS.includes(kind) ? w.t(`ui.answer.${kind}`) : move;
  }
}

function planOf(words) {
  const [kind, ...rest] = words;
  if (kind === "row") return { kind, row: rest[0] };
  if (kind === "steps") return { kind, steps: rest[0] };
  if (kind === "on") return { kind, squares: rest };
  return { kind };
}

// A seat's outcome details in words: the row reached and chi, or why it is out.
export function detail(details, w) {
  if (details.out) return w.t("ui.out", details.out);
  if (details.row === null || details.row === undefined) return "";
  return `${w.t("ui.row", { row: details.row })} · ${w.t("ui.chi", { chi: details.chi })}`;
}

// -- the Dreamscape ---------------------------------------------------------------------------------
function squaresOf(rows) {
  const map = new Map();
  for (const row of rows) {
    row.squares.forEach((line, i) => line.forEach((code, j) => {
      map.set(`${row.x + j},${row.y + 2 - i}`, { code, row: row.row });
    }));
  }
  return map;
}

function fringeOf(squares) {
  const fringe = new Set();
  for (const key of squares.keys()) {
    const [x, y] = key.split(",").map(Number);
    for (const [dx, dy] of Object.values(STEP)) {
      const next = `${x + dx},${y + dy}`;
      if (!squares.has(next)) fringe.add(next);
    }
  }
  return fringe;
}

function squareNode(x, y, code, w, faded) {
  const node = s("g", { class: `dc-square dc-sq-${code}${faded ? " dc-faded" : ""}`, transform: `translate(${x} ${y})` },
    s("rect", { class: "shape", width: C, height: C }),
    s("text", { x: C / 2, y: C / 2 + 5, "text-anchor": "middle", "aria-hidden": "true" }, code));
  return legend(node, w.t(`square-legend.${code}`));
}

function tokenNode(seat, token, w, extra = "") {
  const angle = FACINGS.indexOf(token.facing) * 90;
  const heading = s("g", { class: "dc-heading" }, s("path", { class: `dc-arrow dc-seat-${seat % 6}`, d: "M -9 -10 L 0 -21 L 9 -10 Z" }));
  heading.style.transform = `rotate(${angle}deg)`; // through the CSSOM: the page's policy refuses style attributes
  const node = s("g", { class: `dc-token${extra}`, "data-seat": seat, "data-x": token.x, "data-y": token.y, "data-facing": token.facing },
    heading,
    s("circle", { class: `dc-body dc-seat-${seat % 6}`, r: 12 }),
    s("text", { y: 5, "text-anchor": "middle", "aria-hidden": "true" }, seatLetter(seat)));
  return legend(node, w.t("ui.token-here", { seat, facing: token.facing }));
}

function drawScape(ctx) {
  const w = ctx.words;
  const board = ctx.board;
  const legal = new Set(ctx.legal);
  for (const row of board.rows) motion.rows.set(row.row, row);
  const animating = motion.ghosts.size > 0;
  const shown = new Set(board.rows.map((row) => row.row));
  const faded = animating ? [...motion.rows.values()].filter((row) => !shown.has(row.row) && row.row < Math.min(...shown)) : [];
  const squares = squaresOf(board.rows);
  const fadedSquares = squaresOf(faded);
  const fringe = fringeOf(squares);

  // the extent: every row (and faded row), the fringe, the start spaces, the tokens, the animation
  const xs = [];
  const ys = [];
  for (const key of [...squares.keys(), ...fadedSquares.keys(), ...fringe]) {
    const [x, y] = key.split(",").map(Number);
    xs.push(x); ys.push(y);
  }
  board.seats.forEach((seat) => { if (seat.token) { xs.push(seat.token.x); ys.push(seat.token.y); } });
  for (const ghost of motion.ghosts.values()) { xs.push(ghost.x); ys.push(ghost.y); }
  if (animating) for (const points of motion.trails.values()) for (const [x, y] of points) { xs.push(x); ys.push(y); }
  const minX = Math.min(...xs) - 1.2;
  const maxX = Math.max(...xs) + 1.2;
  const minY = Math.min(...ys) - 0.3;
  const maxY = Math.max(...ys) + 0.3;
  const X = (x) => (x - minX) * C;
  const Y = (y) => (maxY - y) * C;
  const svg = s("svg", {
    class: "dc-scape", viewBox: `0 0 ${(maxX - minX + 1) * C} ${(maxY - minY + 1) * C}`, role: "group",
    "aria-label": w.t("ui.dreamscape"), "data-animating": animating ? "true" : "false",
    "data-min-x": minX, "data-max-y": maxY,
  });
  svg.append(s("title", {}, w.t("ui.dreamscape")));
  svg.style.setProperty("--dc-cols", String(maxX - minX + 1)); // a phone scrolls a wide board rather than shrink it

  const layer = s("g", { class: "dc-squares" });
  for (const key of fringe) {
    const [x, y] = key.split(",").map(Number);
    layer.append(legend(s("rect", { class: "dc-fringe", x: X(x) + 2, y: Y(y) + 2, width: C - 4, height: C - 4, rx: 4 }),
      w.t("square-legend.fringe")));
  }
  for (const [key, square] of fadedSquares) {
    const [x, y] = key.split(",").map(Number);
    layer.append(squareNode(X(x), Y(y), square.code, w, true));
  }
  for (const [key, square] of squares) {
    const [x, y] = key.split(",").map(Number);
    layer.append(squareNode(X(x), Y(y), square.code, w, false));
  }
  // the tiles' edges and each row's number on its west side
  for (const row of board.rows) {
    for (let t = 0; t < 3; t++) {
      layer.append(s("rect", { class: "dc-tile-edge", x: X(row.x + 3 * t), y: Y(row.y + 2), width: 3 * C, height: 3 * C }));
    }
    layer.append(legend(s("text", { class: "dc-row-label", x: X(row.x - 1) - 6, y: Y(row.y + 1) + C / 2 + 5, "text-anchor": "end" },
      String(row.row)), w.t("ui.row-legend", row)));
  }
  svg.append(layer);

  // the starting spaces while they are chosen
  if (board.phase === "start") {
    const first = board.rows.find((row) => row.row === 1) || board.rows[0];
    for (const space of board.start_spaces) {
      const x = first.x + space - 1;
      const cell = s("g", { class: "dc-start", transform: `translate(${X(x)} ${Y(-1)})` },
        s("rect", { class: "shape", x: 3, y: 3, width: C - 6, height: C - 6, rx: 6 }),
        s("text", { x: C / 2, y: C / 2 + 5, "text-anchor": "middle", "aria-hidden": "true" }, String(space)));
      if (legal.has(`start ${space}`)) {
        cell.classList.add("target");
        pressable(cell, w.t("ui.start-space", { space }), () => ctx.play(`start ${space}`));
      } else {
        legend(cell, w.t("ui.start-space", { space }));
      }
      svg.append(cell);
    }
  }

  // each seat's last movement: a dotted way in its colour (seats out of the game leave none)
  for (const [seat, way] of motion.trails) {
    if (way.length < 2 || !board.seats[seat]?.alive) continue;
    const points = way.map(([x, y]) => `${X(x) + C / 2},${Y(y) + C / 2}`).join(" ");
    svg.append(legend(s("polyline", { class: `dc-trail dc-seat-${seat % 6}`, "data-seat": seat, points }), w.t("ui.trail", { seat })));
  }

  // where the movement asks: a ring round the place
  const pending = board.pending;
  if (pending) {
    const spot = questionSpot(board, ctx.view.events);
    if (spot) {
      const cx = X(spot.x) + C / 2;
      const cy = Y(spot.y) + C / 2;
      svg.append(legend(s("g", { class: "dc-ask" }, s("circle", { class: "dc-ask-halo", cx, cy, r: C * 0.7 }),
        s("circle", { class: "dc-ask-ring", cx, cy, r: C * 0.7 })), promptText(ctx.view, w)));
    }
  }

  // the tokens (several on one space side by side), then the ghosts of a movement being shown
  const tokens = s("g", { class: "dc-tokens" });
  const count = new Map();
  board.seats.forEach((seat, index) => {
    if (!seat.token || motion.ghosts.has(index)) return;
    const key = `${seat.token.x},${seat.token.y}`;
    const nth = count.get(key) || 0;
    count.set(key, nth + 1);
    const node = tokenNode(index, seat.token, w);
    node.style.transform = `translate(${X(seat.token.x) + C / 2 + nth * 9}px, ${Y(seat.token.y) + C / 2 - nth * 6}px)`;
    node.firstChild.textContent = w.t("ui.token", { seat: index, facing: seat.token.facing, where: where(seat.token, w) });
    tokens.append(node);
  });
  for (const [seat, ghost] of motion.ghosts) {
    const node = tokenNode(seat, ghost, w, " dc-ghost");
    if (ghost.hidden) node.style.display = "none";
    node.style.transform = `translate(${X(ghost.x) + C / 2}px, ${Y(ghost.y) + C / 2}px)`;
    node.style.transitionDuration = `${motion.step || 0}ms`;
    tokens.append(node);
  }
  svg.append(tokens);

  // arrows round your token: aim it, or go the way the movement asks
  const me = ctx.seat;
  const mine = me !== null && me !== undefined ? board.seats[me].token : null;
  if (mine && !motion.ghosts.has(me)) {
    for (const facing of FACINGS) {
      const move = legal.has(`go ${facing}`) ? `go ${facing}` : legal.has(`aim ${facing}`) ? `aim ${facing}` : null;
      if (!move) continue;
      const [dx, dy] = STEP[facing];
      const cx = X(mine.x + dx * 0.78) + C / 2;
      const cy = Y(mine.y + dy * 0.78) + C / 2;
      const arrow = s("g", { class: "dc-way target", "data-move": move, transform: `translate(${cx} ${cy}) rotate(${FACINGS.indexOf(facing) * 90})` },
        s("circle", { class: "dc-way-hit", r: 17 }),
        s("path", { class: "shape", d: "M -9 6 L 0 -9 L 9 6 Z" }));
      pressable(arrow, w.t(move.startsWith("go") ? "ui.go" : "ui.aim", { facing }), () => ctx.play(move));
      svg.append(arrow);
    }
  }
  return svg;
}

// Where the open question is: the space of the conflict being decided, else the mover's token.
function questionSpot(board, events) {
  if (board.pending.kind === "conflict") {
    const conflict = [...events].reverse().find((event) => event.kind === "conflict");
    if (conflict) return conflict.at;
  }
  return board.seats[board.on_turn]?.token;
}

// -- the panels ---------------------------------------------------------------------------------------
function tileNode(code, w, extra = {}) {
  const node = h("span", { class: `dc-tile ${RELATIVE.has(code) ? "dc-relative" : code === "U" ? "dc-lucid" : "dc-absolute"}`, ...extra },
    h("span", { class: "dc-tile-arrow", "aria-hidden": "true" }, ARROW[code]),
    h("span", { class: "dc-tile-code", "aria-hidden": "true" }, code));
  return legend(node, w.t(`tile-legend.${code}`));
}

function button(label, onPress, extra = {}) {
  return h("button", { type: "button", ...extra, onclick: onPress }, label);
}

// The game's field colours, in slot order (the view's own: Y and BL too in the alternative, DC-R9).
function fieldsOf(board) {
  return Object.keys(board.seats[0].fields);
}

// A field's swatch: its square's colour; Yellow takes the yellow squares' (they are its own).
function fieldSwatch(field, w) {
  const colour = field === "Y" ? "YR" : field;
  const text = w.t(SPECIAL_FIELDS.has(field) ? `field-legend.${field}` : `square-legend.${field}`);
  return legend(h("span", { class: `dc-swatch dc-sq-${colour}` }, field), text);
}

function fieldsNode(ctx, seat, own) {
  const w = ctx.words;
  const info = ctx.board.seats[seat];
  const legal = new Set(own ? ctx.legal : []);
  const picked = own ? ctx.ui.tile : null;
  return h("div", { class: "dc-fields", role: "group", "aria-label": w.t("ui.fields") }, Object.keys(info.fields).map((field) => {
    const tiles = info.fields[field] || [];
    const boost = info.boosts[field];
    const box = h("div", { class: `dc-field dc-fl-${field}`, "data-field": field },
      fieldSwatch(field, w),
      h("span", { class: "dc-field-name" }, w.t(`field.${field}`)),
      h("span", { class: "dc-field-tiles" }, tiles.length ? tiles.map((tile) => {
        const node = tileNode(tile, w);
        const move = `unplace ${tile} ${field}`;
        if (legal.has(move)) {
          node.classList.add("pickable");
          pressable(node, w.t("ui.unplace", { tile, field }), () => ctx.play(move));
        }
        return node;
      }) : h("span", { class: "dc-empty" }, w.t("ui.field-empty"))),
      boost ? h("span", { class: "dc-boosted" }, w.t("ui.boosted", { chi: boost })) : null);
    const place = picked ? `place ${picked} ${field}` : null;
    if (place && legal.has(place)) {
      box.classList.add("target");
      pressable(box, w.t("ui.place", { tile: picked, field }), () => ctx.play(place));
    }
    const boosts = [2, 3].filter((n) => legal.has(`boost ${field} ${n}`));
    if (own && (boosts.length || legal.has(`unboost ${field}`)) && !picked) {
      box.append(h("span", { class: "dc-boosts" },
        boosts.map((n) => button(`+${n}`, () => ctx.play(`boost ${field} ${n}`), { "aria-label": w.t("ui.boost", { field, chi: n }), title: w.t("ui.boost", { field, chi: n }) })),
        legal.has(`unboost ${field}`) ? button("−", () => ctx.play(`unboost ${field}`), { "aria-label": w.t("ui.unboost", { field }), title: w.t("ui.unboost", { field }) }) : null));
    }
    return box;
  }));
}

function handNode(ctx, seat, own) {
  const w = ctx.words;
  const hand = ctx.board.seats[seat].hand;
  const legal = new Set(own ? ctx.legal : []);
  const codes = TILES.filter((code) => hand[code]);
  const placeable = (code) => fieldsOf(ctx.board).some((field) => legal.has(`place ${code} ${field}`)) || legal.has(`sell ${code}`);
  const list = h("div", { class: "dc-hand", role: "group", "aria-label": w.t("ui.hand") },
    codes.length ? codes.map((code) => {
      const node = h("span", { class: "dc-held" }, tileNode(code, w), hand[code] > 1 ? h("span", { class: "dc-count" }, `×${hand[code]}`) : null);
      if (own && placeable(code)) {
        node.classList.add(ctx.ui.tile === code ? "picked" : "pickable");
        pressable(node, w.t("ui.pick-tile", { tile: code, count: hand[code] }), () => {
          ctx.ui.tile = ctx.ui.tile === code ? null : code;
          ctx.redraw();
        });
        node.setAttribute("aria-pressed", ctx.ui.tile === code ? "true" : "false");
      } else {
        legend(node, w.t("ui.hand-tile", { tile: code, count: hand[code] }));
      }
      return node;
    }) : h("span", { class: "dc-empty" }, w.t("ui.hand-empty")));
  const picked = own ? ctx.ui.tile : null;
  if (!picked || !hand[picked]) return [list];
  return [list, h("p", { class: "dc-help" }, w.t("ui.picked-help", { tile: picked }), " ",
    legal.has(`sell ${picked}`)
      ? button(w.t("ui.sell", { tile: picked, chi: ctx.board.prices[picked][1] }), () => ctx.play(`sell ${picked}`), { class: "dc-sell" })
      : null)];
}

function inspirationNode(ctx, seat, own) {
  const w = ctx.words;
  const info = ctx.board.seats[seat];
  const legal = new Set(own ? ctx.legal : []);
  if (!Array.isArray(info.inspiration)) {
    const text = info.power === null ? w.t("ui.inspiration-hidden", { count: info.inspiration })
      : w.t("ui.inspiration-count", { count: info.inspiration, power: info.power });
    return h("p", { class: "dc-insp" }, text);
  }
  return h("div", { class: "dc-insp", role: "group", "aria-label": w.t("ui.inspiration") },
    h("strong", {}, w.t("ui.inspiration"), ": "),
    info.inspiration.length ? info.inspiration.map((code) => legend(h("span", { class: "dc-insp-tile" }, w.t(`insp.${code}`)), w.t(`insp-legend.${code}`)))
      : h("span", { class: "dc-empty" }, "—"),
    INSPIRATION.filter((code) => legal.has(`cash ${code}`)).map((code) =>
      button(w.t("ui.cash", { tile: code }), () => ctx.play(`cash ${code}`), { class: "dc-cash" })),
    own && info.keep && info.keep.length ? h("span", { class: "dc-keep" }, w.t("ui.keep", { tiles: keepWords(info.keep, w) })) : null,
    own ? keepNode(ctx, info) : null);
}

// DC-R49: which Inspiration tiles a forced payment spends last, asked only of a seat that holds some
// (a choice among nothing is no choice): one box per kind held, named, and "the usual order" back.
function keepNode(ctx, info) {
  const w = ctx.words;
  const form = ctx.forms.find((f) => f.kind === "keep");
  const held = INSPIRATION.filter((code) => info.inspiration.includes(code));
  if (!form || !held.length) return null;
  const boxes = held.map((code) => h("label", { class: "dc-keep-kind" },
    h("input", { type: "checkbox", value: code, checked: (info.keep || []).includes(code) }), " ", w.t(`insp.${code}`)));
  return h("fieldset", { class: "dc-plan-form dc-keep-form" }, h("legend", {}, w.t("ui.keep-form")), boxes,
    button(w.t("ui.plan-set"), () => {
      const chosen = boxes.map((box) => box.querySelector("input")).filter((box) => box.checked).map((box) => box.value);
      if (chosen.length) ctx.fill("keep", { tiles: chosen.join(" ") });
      else if (ctx.legal.includes("keep none")) ctx.play("keep none");
    }, { "aria-label": `${w.t("ui.keep-form")}: ${w.t("ui.plan-set")}` }));
}

function planNode(ctx) {
  const w = ctx.words;
  const info = ctx.board.seats[ctx.seat];
  const legal = ctx.legal.filter((move) => move.startsWith("plan "));
  const forms = ctx.forms.filter((form) => form.kind === "plan");
  if (!info.plan) return null;
  const node = h("div", { class: "dc-plan", role: "group", "aria-label": w.t("ui.plan") },
    h("strong", {}, w.t("ui.plan"), ": "), h("span", { class: "dc-plan-now" }, planWords(info.plan, w)));
  if (!legal.length && !forms.length) return node;
  const controls = h("div", { class: "dc-plan-controls" },
    legal.map((move) => button(planLabel(move, w), () => ctx.play(move), { "data-move": move, "aria-label": describe(move, w, ctx) })));
  const more = h("details", { class: "dc-plan-more" }, h("summary", {}, w.t("ui.plan-more")));
  if (forms.length) controls.append(more);
  for (const form of forms) {
    const param = form.params[0];
    if (param.kind === "int") {
      const id = `dc-plan-${param.name}`;
      const input = h("input", { id, type: "number", min: param.low, max: param.high, value: param.name === "row" ? Math.min(param.high, 1 + (info.plan.row || ctx.board.seats[ctx.seat].token?.row || 1)) : 3, required: true });
      more.append(h("span", { class: "dc-plan-form" },
        h("label", { for: id }, w.t(`ui.plan-${param.name}-label`)), input,
        button(w.t("ui.plan-set"), () => {
          const value = Number(input.value);
          if (Number.isInteger(value) && value >= param.low && value <= param.high) ctx.fill("plan", { [param.name]: value });
        }, { "aria-label": `${w.t(`ui.plan-${param.name}-label`)}: ${w.t("ui.plan-set")}` })));
    } else if (param.kind === "choices") {
      const boxes = param.choices.map((code) => h("label", { class: "dc-plan-square" },
        h("input", { type: "checkbox", value: code }), " ", h("span", { class: `dc-swatch dc-sq-${code}`, "aria-hidden": "true" }, code),
        h("span", { class: "sr-only" }, w.t(`square.${code}`))));
      more.append(h("fieldset", { class: "dc-plan-form" }, h("legend", {}, w.t("ui.plan-on")), boxes,
        button(w.t("ui.plan-set"), () => {
          const chosen = boxes.map((box) => box.querySelector("input")).filter((box) => box.checked).map((box) => box.value);
          if (chosen.length) ctx.fill("plan", { [param.name]: chosen.join(" ") });
        }, { "aria-label": `${w.t("ui.plan-on")}: ${w.t("ui.plan-set")}` })));
    }
  }
  node.append(controls);
  return node;
}

// A listed plan's short label: "Never", "Ask every step", "At row 3", "After 3 steps".
function planLabel(move, w) {
  const plan = planOf(move.split(" ").slice(1));
  if (plan.kind === "row") return `${w.t("ui.plan-row")} ${plan.row}`;
  if (plan.kind === "steps") return w.t("ui.plan-after", plan);
  return w.t(`ui.plan-${plan.kind}`);
}

function seatPanel(ctx, seat) {
  const w = ctx.words;
  const info = ctx.board.seats[seat];
  const own = seat === ctx.seat;
  const title = own ? `${w.t("ui.seat-panel", { seat })} — ${w.t("ui.you")}` : w.t("ui.seat-panel", { seat });
  const token = info.token;
  return h("section", { class: `dc-seat${own ? " dc-own" : ""}${info.alive ? "" : " dc-gone"}`, "aria-label": title, "data-seat": seat },
    h("h3", {}, h("span", { class: `seat-badge seat-${seat % 6}`, "aria-hidden": "true" }, seatLetter(seat)), " ", title,
      " · ", h("span", { class: "dc-chi" }, w.t("ui.chi", { chi: info.chi })),
      info.power !== null && info.power !== undefined && !own ? h("span", { class: "dc-power" }, " · ", w.t("ui.power", { power: info.power })) : null),
    info.out ? h("p", { class: "dc-out" }, w.t("ui.out", info.out)) : null,
    token ? h("p", { class: "dc-where" }, where(token, w), " · ", w.t("ui.facing", { facing: token.facing })) : null,
    handNode(ctx, seat, own),
    fieldsNode(ctx, seat, own),
    inspirationNode(ctx, seat, own),
    own ? planNode(ctx) : null);
}

function marketNode(ctx) {
  const w = ctx.words;
  const board = ctx.board;
  const legal = new Set(ctx.legal);
  return h("section", { class: "dc-market", "aria-label": w.t("ui.market") },
    h("h3", {}, w.t("ui.market")),
    h("div", { class: "dc-market-tiles" }, TILES.map((code) => {
      const [buy, sell] = board.prices[code];
      const node = h("div", { class: "dc-ware", "data-tile": code },
        tileNode(code, w),
        h("span", { class: "dc-stock" }, w.t("ui.stock", { count: board.stock[code] })),
        h("span", { class: "dc-price" }, w.t("ui.price", { buy, sell })));
      if (legal.has(`buy ${code}`)) {
        node.classList.add("pickable");
        pressable(node, w.t("ui.buy", { tile: code, chi: buy, count: board.stock[code] }), () => ctx.play(`buy ${code}`));
      } else {
        legend(node, w.t("ui.market-tile", { tile: code, count: board.stock[code], buy, sell }));
      }
      return node;
    })),
    h("p", { class: "dc-supply" }, w.t("ui.supply", { chi: board.chi_supply, tiles: board.inspiration_supply })));
}

function offersNode(ctx) {
  const w = ctx.words;
  const offers = ctx.board.offers;
  if (!offers.length) return null;
  const legal = new Set(ctx.legal);
  return h("section", { class: "dc-offers", "aria-label": w.t("ui.offers") }, h("h3", {}, w.t("ui.offers")),
    h("ul", {}, offers.map((offer) => h("li", {},
      w.t("ui.offer-line", { ...offer, give: bundleWords(offer.give, w), take: bundleWords(offer.take, w) }), " ",
      legal.has(`accept ${seatLetter(offer.from)}`) ? button(w.t("ui.accept", offer), () => ctx.play(`accept ${seatLetter(offer.from)}`), { class: "primary" }) : null,
      legal.has(`decline ${seatLetter(offer.from)}`) ? button(w.t("ui.decline", offer), () => ctx.play(`decline ${seatLetter(offer.from)}`)) : null))));
}

// -- trade offers (DC-R26) ---------------------------------------------------------------------------
// One panel per partner the action forms name: what you give and what you ask for, each item a count
// named in words, a sentence saying the offer, and Send, which writes the notation for the player.

// The offer being put together for each partner, kept across redraws (every move at the table brings
// a new view): partner → {give, take}, each a Map of item (a tile code, "chi", an Inspiration code) → count.
const drafts = new Map();

// The most of each item a seat could hand over, from what the view shows of it: Directional tiles in
// hand and on its fields (a placed one is taken off its field, DC-R26), chi in hand (never a boost's),
// and Inspiration tiles: its own by kind; another's only as a count, its Power apart when public.
function tradeable(info) {
  const most = new Map(TILES.map((code) => [code, info.hand[code] || 0]));
  for (const tiles of Object.values(info.fields)) for (const code of tiles) most.set(code, most.get(code) + 1);
  most.set("chi", info.chi);
  const power = info.power ?? null;
  for (const code of INSPIRATION) {
    if (Array.isArray(info.inspiration)) most.set(code, info.inspiration.filter((held) => held === code).length);
    else most.set(code, code === "power" && power !== null ? power : info.inspiration - (power ?? 0));
  }
  return most;
}

// A side of the offer as the events give one ({tiles, chi, inspiration}), so bundleWords words it.
function draftBundle(side) {
  const count = (item) => side.get(item) || 0;
  return {
    tiles: TILES.flatMap((code) => Array(count(code)).fill(code)),
    chi: count("chi"),
    inspiration: INSPIRATION.flatMap((code) => Array(count(code)).fill(code)),
  };
}

// The same side in the notation: "N 2c zip", or "-" for nothing.
function bundleNotation(bundle) {
  const items = [...bundle.tiles, ...(bundle.chi ? [`${bundle.chi}c`] : []), ...bundle.inspiration];
  return items.length ? items.join(" ") : "-";
}

function itemName(item, w) {
  if (item === "chi") return w.t("ui.chi-label");
  return TILES.includes(item) ? w.t(`tile.${item}`) : w.t(`insp.${item}`);
}

// A count from 0 to `most`, typed or stepped by − and + (a phone's finger and its number keys alike).
function stepper(id, name, most, side, item, changed, w) {
  const input = h("input", { id, type: "number", inputmode: "numeric", min: 0, max: most, step: 1, value: side.get(item) || 0 });
  const less = button("−", () => set(Number(input.value) - 1), { id: `${id}-less`, class: "dc-step", "aria-label": w.t("ui.trade-less", { item: name }) });
  const more = button("+", () => set(Number(input.value) + 1), { id: `${id}-more`, class: "dc-step", "aria-label": w.t("ui.trade-more", { item: name }) });
  function set(value) {
    const n = Math.max(0, Math.min(most, Number.isFinite(value) ? Math.trunc(value) : 0));
    input.value = String(n);
    side.set(item, n);
    less.disabled = n === 0;
    more.disabled = n === most;
    changed();
  }
  // an emptied box is 0 until something is typed in it; anything else is held to 0…most at once
  input.addEventListener("input", () => (input.value === "" ? (side.set(item, 0), changed()) : set(Number(input.value))));
  input.addEventListener("change", () => set(Number(input.value)));
  less.disabled = !side.get(item);
  more.disabled = (side.get(item) || 0) >= most;
  return h("div", { class: "dc-trade-item" },
    h("label", { for: id }, name),
    h("span", { class: "dc-stepper" }, less, input, more),
    h("span", { class: "dc-trade-most", "aria-hidden": "true" }, w.t("ui.trade-most", { most })));
}

function tradeNode(ctx, form) {
  const w = ctx.words;
  const letter = form.template.split(" ")[1]; // "offer B {give} for {take}"
  const partner = letter.charCodeAt(0) - 65;
  if (!drafts.has(partner)) drafts.set(partner, { give: new Map(), take: new Map() });
  const draft = drafts.get(partner);
  const most = { give: tradeable(ctx.board.seats[ctx.seat]), take: tradeable(ctx.board.seats[partner]) };
  for (const side of ["give", "take"]) {
    for (const [item, n] of draft[side]) draft[side].set(item, Math.min(n, most[side].get(item)));
  }
  const summary = h("p", { class: "dc-trade-summary", role: "status" });
  const send = button(w.t("ui.trade-send"), () => {
    const give = draftBundle(draft.give);
    const take = draftBundle(draft.take);
    if (empty()) return;
    drafts.delete(partner);
    ctx.play(`offer ${letter} ${bundleNotation(give)} for ${bundleNotation(take)}`);
  }, { id: `dc-trade-${letter}-send`, class: "primary dc-trade-send" });
  const empty = () => ![...draft.give.values(), ...draft.take.values()].some(Boolean); // DC-R26: an offer gives or asks something
  const changed = () => {
    summary.textContent = empty() ? w.t("ui.trade-empty")
      : w.t("ui.trade-summary", { to: partner, give: bundleWords(draftBundle(draft.give), w), take: bundleWords(draftBundle(draft.take), w) });
    send.disabled = empty();
  };
  const sideNode = (side) => {
    const items = [...TILES, "chi", ...INSPIRATION].filter((item) => most[side].get(item) > 0); // nothing offered that cannot be had
    return h("fieldset", { class: "dc-trade-side" }, h("legend", {}, w.t(`ui.trade-${side}`)),
      items.length ? items.map((item) => stepper(`dc-trade-${letter}-${side}-${item}`, itemName(item, w), most[side].get(item), draft[side], item, changed, w))
        : h("p", { class: "dc-empty" }, w.t(`ui.trade-${side}-none`, { seat: partner })));
  };
  const fromFields = TILES.some((code) => most.give.get(code) > (ctx.board.seats[ctx.seat].hand[code] || 0));
  const node = h("section", { class: "dc-trade", "aria-label": w.t("ui.offer-to", { seat: partner }), "data-partner": partner },
    h("h3", {}, w.t("ui.offer-to", { seat: partner })),
    h("div", { class: "dc-trade-sides" }, sideNode("give"), sideNode("take")),
    fromFields ? h("p", { class: "dc-help" }, w.t("ui.trade-from-field")) : null,
    summary, send);
  changed();
  return node;
}

// A redraw replaces the panels under the player's hand: the control in use keeps the focus.
function keepTradeFocus() {
  const id = typeof document !== "undefined" ? document.activeElement?.id : "";
  if (id && id.startsWith("dc-trade-")) queueMicrotask(() => document.getElementById(id)?.focus());
}

function questionNode(ctx) {
  const w = ctx.words;
  const answers = ANSWERS.filter((answer) => ctx.legal.includes(answer));
  const ways = wayButtons(ctx, "go");
  if (!ctx.board.pending || (!answers.length && !ways.length)) return null;
  return h("div", { class: "dc-question", role: "group", "aria-label": w.t("ui.question") },
    h("strong", {}, w.t("ui.question"), ": "),
    ways.length ? h("span", { class: "dc-ways", role: "group", "aria-label": w.t("ui.which-way") }, ways) : null,
    answers.map((answer) => button(w.t(`ui.answer.${answer}`), () => ctx.play(answer), { class: answer === "ride" || answer === "done" ? "primary" : "", "data-move": answer })));
}

// The ways the bicycle may go (``go``) or be aimed (``aim``) as large buttons, each its arrow and the
// way in words, in compass order: the arrows drawn on the board are small for a finger.
function wayButtons(ctx, verb) {
  const w = ctx.words;
  return FACINGS.filter((facing) => ctx.legal.includes(`${verb} ${facing}`)).map((facing) => {
    const label = w.t(verb === "go" ? "ui.go" : "ui.aim", { facing });
    return h("button", { type: "button", class: "dc-way-button", "data-move": `${verb} ${facing}`, onclick: () => ctx.play(`${verb} ${facing}`) },
      h("span", { class: "dc-way-arrow", "aria-hidden": "true" }, ARROW[facing]), " ", label);
  });
}

// The end of the Buying Phase, and a warning first when it would return chi above the cap (DC-R20):
// the move throws that chi away, so the player reads how much before pressing.
function endNode(ctx) {
  const w = ctx.words;
  const chi = ctx.seat !== null && ctx.seat !== undefined ? ctx.board.seats[ctx.seat].chi : 0;
  const over = ctx.board.phase === "buying" && ctx.board.on_turn === ctx.seat ? chi - CHI_CAP : 0;
  const end = button(over > 0 ? w.t("ui.end-losing", { over }) : w.t("ui.end"), () => ctx.play("end"),
    { class: "primary dc-end", "data-move": "end" });
  if (over <= 0) return end;
  return h("div", { class: "dc-end-box" },
    h("p", { class: "dc-cap-warning", role: "note" }, w.t("ui.cap-warning", { chi, over, cap: CHI_CAP })), end);
}

// DC-R25: on a doldrum space the bicycle may be aimed before the ride; the ways it may face, as buttons.
function aimNode(ctx) {
  const aims = wayButtons(ctx, "aim");
  if (!aims.length) return null;
  return h("div", { class: "dc-aim", role: "group", "aria-label": ctx.words.t("ui.aim-title") },
    h("strong", {}, ctx.words.t("ui.aim-title"), ": "), aims);
}

// The squares of this game: the plain ones of its field colours, the special ones, the fringe.
function keyNode(w, fields) {
  const squares = [...PLAIN.filter((code) => fields.includes(code)), ...SPECIAL_SQUARES, "fringe"];
  return h("ul", { class: "dc-key", "aria-label": w.t("ui.legend") }, squares.map((code) =>
    legend(h("li", {}, h("span", { class: `dc-swatch dc-sq-${code}`, "aria-hidden": "true" }, code === "fringe" ? "" : code),
      " ", w.t(`square.${code}`)), w.t(`square-legend.${code}`))));
}

function statusNode(ctx) {
  const w = ctx.words;
  const board = ctx.board;
  return h("p", { class: "dc-status" },
    w.t("ui.rows-left", { laid: board.rows_laid, round: board.round }), " · ",
    w.t(`ui.phase.${board.phase}`, { seat: board.on_turn }));
}

export function render(ctx) {
  const board = ctx.board;
  const w = ctx.words;
  if (ctx.ui.tile && !ctx.legal.some((move) => move.startsWith(`place ${ctx.ui.tile} `) || move === `sell ${ctx.ui.tile}`)) ctx.ui.tile = null;
  keepTradeFocus();
  const svg = drawScape(ctx);
  const wrap = h("div", { class: "dc-scape-wrap", tabindex: "0", role: "region", "aria-label": w.t("ui.dreamscape") }, svg);
  centreOn(wrap, svg, board.pending ? questionSpot(board, ctx.view.events) : board.seats[ctx.seat ?? board.on_turn]?.token);
  if (ctx.view !== motion.view) {
    motion.view = ctx.view;
    motion.before = motion.tokens;
    motion.tokens = board.seats.map((seat) => seat.token && { x: seat.token.x, y: seat.token.y, facing: seat.token.facing });
  }
  const own = ctx.seat !== null && ctx.seat !== undefined;
  const ending = ctx.legal.includes("end") ? endNode(ctx) : null;
  const others = board.seats.map((_, seat) => seat).filter((seat) => seat !== ctx.seat);
  return h("div", { class: "dc" },
    statusNode(ctx),
    h("div", { class: "dc-main" },
      h("div", { class: "dc-scape-box" }, wrap,
        questionNode(ctx), keyNode(w, fieldsOf(ctx.board)), marketNode(ctx)),
      h("div", { class: "dc-side" },
        own ? seatPanel(ctx, ctx.seat) : null,
        aimNode(ctx),
        ending,
        offersNode(ctx),
        own ? ctx.forms.filter((form) => form.kind === "offer").map((form) => tradeNode(ctx, form)) : null)),
    h("div", { class: "dc-others" }, others.map((seat) => seatPanel(ctx, seat))));
}

// On a screen too narrow for the whole board (it then scrolls sideways), show the place that matters.
// A tall board (ten rows) is drawn large enough to read and scrolls up and down in its box: show the
// rows in play there too.
function centreOn(wrap, svg, spot) {
  if (!spot || typeof requestAnimationFrame !== "function") return;
  requestAnimationFrame(() => {
    if (!wrap.isConnected) return;
    if (wrap.scrollWidth > wrap.clientWidth) {
      const minX = Number(svg.dataset.minX);
      const cols = svg.viewBox.baseVal.width / C;
      wrap.scrollLeft = ((spot.x - minX + 0.5) / cols) * wrap.scrollWidth - wrap.clientWidth / 2;
    }
    if (wrap.scrollHeight > wrap.clientHeight) {
      const maxY = Number(svg.dataset.maxY);
      const lines = svg.viewBox.baseVal.height / C;
      wrap.scrollTop = ((maxY - spot.y + 0.5) / lines) * wrap.scrollHeight - wrap.clientHeight / 2;
    }
  });
}

// -- the animation --------------------------------------------------------------------------------------
// The steps of the movement the new events tell: each ride, push and zip moves tokens from where the
// last drawing had them; a start puts one on its space; a block, aim or stop turns one.
function stepsOf(events, board) {
  if (!motion.before) return null;
  const at = motion.before.map((token) => token && { ...token });
  const steps = [];
  const trails = new Map(); // the ways this batch of events draws (a movement may go on from an earlier one)
  const extend = (seat, x, y) => {
    if (!trails.has(seat)) trails.set(seat, [...(motion.trails.get(seat) || [])]);
    trails.get(seat).push([x, y]);
  };
  const first = board.rows.find((row) => row.row === 1) || motion.rows.get(1);
  const move = (seat, x, y, facing, spaces = 1) => {
    at[seat] = { x, y, facing };
    steps.push({ moves: [{ seat, x, y, facing }], spaces });
  };
  for (const event of events) {
    const seat = event.actor;
    switch (event.kind) {
      case "start":
        if (first) { at[seat] = { x: first.x + event.space - 1, y: -1, facing: event.facing }; steps.push({ moves: [{ seat, ...at[seat], appear: true }], spaces: 1 }); }
        break;
      case "movement":
        if (at[seat]) trails.set(seat, [[at[seat].x, at[seat].y]]);
        break;
      case "ride":
      case "zip":
        move(seat, event.destination.x, event.destination.y, event.facing, event.spaces || 1);
        extend(seat, event.destination.x, event.destination.y);
        break;
      case "push": {
        const moves = event.pushed.map((pushed) => {
          at[pushed] = { ...(at[pushed] || {}), x: event.destination.x, y: event.destination.y };
          return { seat: pushed, x: event.destination.x, y: event.destination.y, facing: at[pushed].facing || event.facing };
        });
        steps.push({ moves, spaces: 1 });
        break;
      }
      case "aim":
      case "block":
      case "no-tile":
        if (at[seat]) move(seat, at[seat].x, at[seat].y, event.facing, 0.5);
        break;
      case "out":
        if (at[seat]) { steps.push({ moves: [{ seat, ...at[seat], hidden: true }], spaces: 0.5 }); at[seat] = null; }
        break;
      default:
        break;
    }
  }
  return { steps, trails, from: motion.before };
}

// Called on the board just drawn for the new view: the tokens the events move are drawn again as
// ghosts where they were, and ride from there along the events' spaces.
export function animate(events, boardNode, ctx) {
  const found = stepsOf(events, ctx.board);
  if (!found) return;
  for (const [seat, way] of found.trails) motion.trails.set(seat, way);
  const rides = found.steps.filter((step) => step.spaces >= 1 && !step.moves[0].appear);
  if (!rides.length || reducedMotion()) {
    if (found.trails.size) ctx.redraw(); // the trail alone shows the way
    return;
  }
  motion.board = boardNode;
  const seats = [...new Set(found.steps.flatMap((step) => step.moves.map((move) => move.seat)))];
  const job = { steps: found.steps, seats, from: found.from, redraw: ctx.redraw };
  for (const seat of seats) if (!motion.ghosts.has(seat)) motion.ghosts.set(seat, startOf(job, seat));
  motion.queue.push(job);
  ctx.redraw(); // the ghosts where the tokens were
  if (!motion.running) run();
}

// Where a seat's token stands when a job begins (hidden when it had none: a start, say).
function startOf(job, seat) {
  const from = job.from[seat];
  if (from) return { ...from };
  const first = job.steps.flatMap((step) => step.moves).find((move) => move.seat === seat);
  return { ...first, hidden: true };
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function run() {
  motion.running = true;
  let redraw = null;
  await pause(30); // the ghosts stand where the tokens were a moment before they ride
  while (motion.queue.length) {
    // far behind (bots moving at once): show only the last movements, each a little faster
    if (motion.queue.length > 3) motion.queue.splice(0, motion.queue.length - 2);
    const job = motion.queue.shift();
    redraw = job.redraw;
    for (const seat of job.seats) motion.ghosts.set(seat, startOf(job, seat));
    const total = job.steps.reduce((sum, step) => sum + step.spaces, 0);
    const per = Math.max(50, Math.min(320, 9000 / Math.max(total, 1)) / (1 + motion.queue.length));
    for (const step of job.steps) {
      motion.step = per * step.spaces;
      for (const { seat, x, y, facing, hidden } of step.moves) motion.ghosts.set(seat, { x, y, facing, hidden });
      if (!paint()) { redraw(); paint(); }
      await pause(motion.step + 30);
    }
    // a seat whose last step is done stands as the view has it, unless a later job moves it again
    const later = new Set(motion.queue.flatMap((next) => next.seats));
    for (const seat of [...motion.ghosts.keys()]) if (!later.has(seat)) motion.ghosts.delete(seat);
  }
  motion.running = false;
  motion.ghosts.clear();
  motion.step = 0;
  if (redraw) redraw();
}

// Move the ghost tokens of the drawing on the page (it may have been drawn again meanwhile).
// False when a ghost is missing from the drawing (the page must draw again first).
function paint() {
  const svg = motion.board && motion.board.querySelector("svg.dc-scape");
  if (!svg) return true;
  const minX = Number(svg.dataset.minX);
  const maxY = Number(svg.dataset.maxY);
  for (const [seat, ghost] of motion.ghosts) {
    const node = svg.querySelector(`.dc-ghost[data-seat="${seat}"]`);
    if (!node) return false;
    node.style.transitionDuration = `${motion.step}ms`;
    node.style.display = ghost.hidden ? "none" : "";
    node.style.transform = `translate(${(ghost.x - minX) * C + C / 2}px, ${(maxY - ghost.y) * C + C / 2}px)`;
    node.querySelector(".dc-heading").style.transform = `rotate(${FACINGS.indexOf(ghost.facing) * 90}deg)`;
    node.dataset.x = ghost.x;
    node.dataset.y = ghost.y;
    node.dataset.facing = ghost.facing;
  }
  return true;
}

// Small pictures for the rules page (static/js/rules.js), drawn with the table's own pieces (inside
// .dc, which holds the colours):
// draw "tiles" — spec.tiles "F L R B N U", Directional tiles;
// draw "fields" — an Interpretation tile, spec.fields "G:L W:F R:R,F S:B" (a field's tiles) and
//   spec.boost "R:2" (a boosted field and its chi);
// draw "squares" — one line of squares west to east, spec.squares "G R BL YI", with spec.token
//   "0 E" (seat A's token on the first square, facing east).
export function figure(spec, w) {
  const list = (text) => (text || "").trim().split(/\s+/).filter(Boolean);
  if (spec.draw === "tiles") return h("div", { class: "dc figure-row" }, list(spec.tiles).map((code) => tileNode(code, w)));
  if (spec.draw === "fields") {
    const fields = Object.fromEntries(PLAIN.map((field) => [field, []]));
    for (const part of list(spec.fields)) {
      const [field, tiles] = part.split(":");
      fields[field] = tiles.split(",");
    }
    const boosts = Object.fromEntries(list(spec.boost).map((part) => part.split(":")).map(([f, chi]) => [f, Number(chi)]));
    return h("div", { class: "dc" }, fieldsNode({ words: w, legal: [], ui: {}, board: { seats: [{ fields, boosts }] } }, 0, false));
  }
  if (spec.draw === "squares") {
    const codes = list(spec.squares);
    const svg = s("svg", { class: "dc-scape", viewBox: `-4 -4 ${codes.length * C + 8} ${C + 8}`, width: (codes.length * C + 8) * 1.4,
      role: "group", "aria-label": w.t("ui.dreamscape") });
    codes.forEach((code, x) => svg.append(squareNode(x * C, 0, code, w, false)));
    const [at, facing] = list(spec.token);
    if (at !== undefined) {
      const token = tokenNode(0, { x: Number(at), y: 0, facing }, w);
      svg.append(s("g", { transform: `translate(${Number(at) * C + C / 2} ${C / 2})` }, token));
    }
    return h("div", { class: "dc" }, svg); // .dc holds the square colours
  }
  return null;
}
