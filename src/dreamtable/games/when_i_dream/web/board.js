// When I Dream in the browser: the night as one seat sees it. The Dreamer wears the sleep mask
// (drawn; the Element is never in the Dreamer's view, so it cannot be shown) and types guesses in
// the guess box on the board; a clue-giver sees the Element card, their own spirit, and gives a
// clue in the clue box on their turn, or flags another's clue. Around them: the night clock
// counting down, the clue order with whose turn it is, the clues of the card in play, the night's
// cards (face down for the masked Dreamer; Yellow, Blue and penalties once seen), the review's
// votes, and the points. Everything is drawn from the seat's view (ctx.board) and its legal moves
// and forms (ctx.legal, ctx.forms): nothing hidden is guessed. Colours always come with a letter.

import { h, s, legend, pressable } from "/static/js/dom.js";
import { seatBadge } from "/static/js/envelope.js";

const NIGHT = "night";
const FINAL = "final guess";
const RECOUNTING = "recount";
const REVIEW = "review";
const OVER = "over";
const ROLES = ["Fairy", "Boogeyman", "Sandman"];
const CLOCKS = { [NIGHT]: "night", [FINAL]: "final", [RECOUNTING]: "recount", [REVIEW]: "review" };
const CLOCK_DEFAULTS = { night: 120, final: 10, recount: 90, review: 60 };
const CLOCK_OPTIONS = { night: "night_seconds", final: "final_guess_seconds", recount: "recount_seconds",
  review: "review_seconds" };

// Kept between two drawings (every update draws the board again): what is typed in the board's
// boxes, the clock's ticking, and the table's timer lengths (its options).
const keep = { typed: {}, tick: null, lengths: { ...CLOCK_DEFAULTS }, asked: false, pending: null,
  clue: { timing: "typed", start: 15, submit: 30 } }; // the clue turn's clocks (the options' defaults until asked)

// -- small pieces ------------------------------------------------------------------------------

function roleBadge(role, w, { dreamer = false } = {}) {
  const key = dreamer ? "dreamer" : ROLES.includes(role) ? role : "hidden";
  const letter = dreamer ? "Z" : ROLES.includes(role) ? w.t(`role-letter.${role}`) : w.t("ui.hidden");
  const name = dreamer ? w.t("ui.dreamer-badge") : ROLES.includes(role) ? w.t(`role.${role}`) : w.t("role-legend.hidden");
  const node = h("span", { class: `wid-role wid-role-${key.toLowerCase()}`, role: "img", "aria-label": name }, letter);
  return legend(node, w.t(`role-legend.${key}`));
}

function sideMark(side, w) {
  const node = h("span", { class: `wid-side-mark wid-${side}`, "aria-hidden": "true" }, w.t(`side-letter.${side}`));
  return legend(node, w.t(`side-legend.${side}`));
}

// The table's options (the length of the night…) to draw the clocks' full circle; asked once.
function learnLengths() {
  if (keep.asked) return;
  keep.asked = true;
  const id = location.pathname.split("/").filter(Boolean)[1];
  if (!id) return;
  fetch(`/api/tables/${encodeURIComponent(id)}`)
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((summary) => {
      const options = summary?.options || {};
      for (const [clock, option] of Object.entries(CLOCK_OPTIONS)) {
        const value = Number(options[option]);
        if (value > 0) keep.lengths[clock] = value;
      }
      if (options.clue_timing === "strict") keep.clue.timing = "strict";
      if (Number(options.clue_start_seconds) > 0) keep.clue.start = Number(options.clue_start_seconds);
      if (Number(options.clue_submit_seconds) > 0) keep.clue.submit = Number(options.clue_submit_seconds);
    })
    .catch(() => {});
}

// -- the clock ------------------------------------------------------------------------------

// The phase's clock (night, last answer, recount, review) as a dial emptying as time passes, and
// the clue turn's clock on the clue-giver holding it. They tick on this page between updates.
function clock(ctx, w) {
  const board = ctx.board;
  const name = CLOCKS[board.phase];
  const timers = ctx.view.timers || [];
  const timer = name && timers.find((t) => t.name === name);
  if (!timer) return null;
  const arc = s("circle", { class: "wid-clock-arc", cx: 50, cy: 50, r: 42, pathLength: 100,
    transform: "rotate(-90 50 50)" });
  const text = s("text", { class: "wid-clock-text", x: 50, y: 57, "text-anchor": "middle" });
  const svg = s("svg", { class: "wid-clock", viewBox: "0 0 100 100", role: "img", "data-clock": name },
    s("circle", { class: "wid-clock-face", cx: 50, cy: 50, r: 46 }),
    s("circle", { class: "wid-clock-track", cx: 50, cy: 50, r: 42 }),
    arc,
    s("path", { class: "wid-clock-moon", d: "M50 16a14 14 0 1 0 11 22.5A11 11 0 0 1 50 16z" }),
    text);
  const label = h("span", { class: "wid-clock-label" });
  const node = h("div", { class: "wid-clock-box" }, svg, label);
  const since = performance.now();
  const labelKey = { night: "ui.clock", final: "ui.clock-final", recount: "ui.clock-recount", review: "ui.clock-review" }[name];
  return {
    node,
    show() {
      const left = Math.max(0, timer.seconds - (performance.now() - since) / 1000);
      const whole = Math.ceil(left);
      const full = Math.max(keep.lengths[name] || 0, timer.seconds, 1);
      arc.setAttribute("stroke-dasharray", `${(100 * left) / full} 100`);
      text.textContent = w.t("ui.seconds", { left: whole });
      svg.setAttribute("aria-label", w.t(labelKey, { left: whole }));
      label.textContent = w.t(`timer.${name}`);
      svg.classList.toggle("wid-clock-late", left <= 10);
    },
  };
}

function clueClock(ctx) {
  const board = ctx.board;
  if (board.phase !== NIGHT) return null;
  const timers = (ctx.view.timers || []).filter((t) => /^clue-(start|submit)-\d+$/.test(t.name));
  if (!timers.length) return null;
  const soonest = timers.reduce((a, b) => (a.seconds <= b.seconds ? a : b));
  const bar = h("span", { class: "wid-turn-bar" });
  const text = h("span", { class: "wid-turn-left" });
  const since = performance.now();
  const full = Math.max(soonest.seconds, 1);
  return {
    node: h("span", { class: "wid-turn-clock", "aria-hidden": "true" }, h("span", { class: "wid-turn-track" }, bar), text),
    show() {
      const left = Math.max(0, soonest.seconds - (performance.now() - since) / 1000);
      bar.style.width = `${(100 * left) / full}%`;
      text.textContent = `${Math.ceil(left)} s`;
    },
  };
}

// The clocks tick on a live table; a replay shows each step's clocks as they stood.
function startTicking(clocks) {
  clearInterval(keep.tick);
  const live = clocks.filter(Boolean);
  for (const c of live) c.show();
  const replay = location.pathname.startsWith("/replay/");
  keep.tick = live.length && !replay ? setInterval(() => {
    if (!live.some((c) => c.node.isConnected)) { clearInterval(keep.tick); return; }
    for (const c of live) c.show();
  }, 250) : null;
}

// -- what the seat sees of the card in play --------------------------------------------------

// The sleep mask over the card in play: the Dreamer's (and a spectator's: the Element is hidden
// from them as well, so that a spectator's seat is no way for a Dreamer to peek).
function sleepMask(w, dreaming) {
  const svg = s("svg", { class: "wid-mask", viewBox: "0 0 200 110", role: "img",
      "aria-label": dreaming ? w.t("ui.mask") : w.t("ui.element-hidden") },
    s("path", { class: "wid-mask-band", d: "M0 44 C40 30 160 30 200 44 L200 58 C160 46 40 46 0 58 Z" }),
    s("path", { class: "wid-mask-shape",
      d: "M24 40 C24 18 70 12 100 26 C130 12 176 18 176 40 C176 76 142 92 118 80 C108 74 104 66 100 66 "
        + "C96 66 92 74 82 80 C58 92 24 76 24 40 Z" }),
    s("path", { class: "wid-mask-lash", d: "M46 52 Q62 62 78 52 M122 52 Q138 62 154 52" }),
    s("text", { class: "wid-mask-z", x: 158, y: 20 }, "Z"),
    s("text", { class: "wid-mask-z wid-mask-z2", x: 176, y: 10 }, "z"));
  return legend(svg, w.t(dreaming ? "ui.mask-on" : "ui.element-hidden"));
}

function elementCard(board, w) {
  const word = board.element;
  return h("figure", { class: "wid-element", "aria-label": `${w.t("ui.element")}: ${word}` },
    h("figcaption", {}, w.t("ui.element-number", { seq: board.seq })),
    h("span", { class: "wid-element-word" }, word));
}

// -- the talk: clue order, clues, and the boxes ----------------------------------------------

function clueOrder(ctx, w, turnClock) {
  const board = ctx.board;
  const players = ctx.view.players;
  const givers = Array.from({ length: players - 1 }, (_, k) => (board.dreamer + 1 + k) % players);
  const items = givers.map((seat) => {
    const turn = board.clue_turn === seat;
    const mine = seat === ctx.seat;
    const label = [w.t("common.seat", { seat }), turn ? w.t("ui.turn", { seat }) : null,
      turn && board.typing ? w.t("ui.typing") : null, mine ? w.t("common.you") : null].filter(Boolean).join(", ");
    return h("li", { class: `wid-giver${turn ? " wid-turn" : ""}${mine ? " wid-me" : ""}`, "aria-label": label },
      seatBadge(seat),
      roleBadge(board.roles[seat], w),
      turn ? h("span", { class: "wid-turn-note" }, board.typing ? w.t("ui.typing") : "◀") : null,
      turn && turnClock ? turnClock.node : null);
  });
  // A clue-giver is told the turn's clocks before the turn comes, not by the first one that runs out.
  const giving = ctx.seat !== null && ctx.seat !== undefined && ctx.seat !== board.dreamer && board.phase === NIGHT;
  const ahead = keep.clue.timing === "strict" ? "ui.clue-clock-ahead.strict" : "ui.clue-clock-ahead";
  return h("div", { class: "wid-order-box" },
    h("h3", {}, w.t("ui.order")),
    h("ol", { class: "wid-order" }, items),
    giving ? h("p", { class: "wid-quiet wid-clue-ahead" }, w.t(ahead, keep.clue)) : null);
}

function clueItem(clue, ctx, w) {
  const flag = `flag c${clue.id}`;
  const may = ctx.legal.includes(flag);
  return h("li", { class: "wid-clue", dataset: { clue: clue.id } },
    seatBadge(clue.seat), h("span", { class: "sr-only" }, `${w.t("common.seat", { seat: clue.seat })}:`),
    h("span", { class: "wid-clue-word" }, clue.word),
    h("span", { class: "wid-clue-id" }, `c${clue.id}`),
    may ? h("button", { type: "button", class: "wid-flag", "aria-label": w.t("ui.flag", { seat: clue.seat, word: clue.word }),
      title: w.t("ui.flag", { seat: clue.seat, word: clue.word }), onclick: () => ctx.play(flag) }, "⚑ ", w.t("ui.flag-short")) : null);
}

function cardsShown(board) {
  return (board.cards || []).some((card) => card && "element" in card);
}

function clues(ctx, w) {
  const board = ctx.board;
  const shown = (board.clues || []).filter(Boolean);
  const live = [NIGHT, FINAL].includes(board.phase);
  const current = live ? shown.filter((c) => c.seq === board.seq) : [];
  // earlier cards' clues: on the cards themselves once those show, else listed here
  const earlier = cardsShown(board) ? [] : live ? shown.filter((c) => c.seq !== board.seq) : shown;
  const parts = [];
  if (live) {
    parts.push(h("h3", {}, w.t("ui.clues", { seq: board.seq })),
      current.length
        ? h("ol", { class: "wid-clues" }, current.map((c) => clueItem(c, ctx, w)))
        : h("p", { class: "wid-quiet" }, w.t("ui.no-clue")));
  }
  if (earlier.length) {
    parts.push(h("h3", {}, w.t("ui.clues-earlier")),
      h("ol", { class: "wid-clues wid-clues-earlier" }, earlier.map((c) => clueItem(c, ctx, w))));
  }
  return h("div", { class: "wid-clues-box" }, parts);
}

// A text box drawn on the board whose text and focus survive the next drawing (an update arrives
// while the player types: a clue, a clock). `key` names the box and what it is for (the card).
function keptInput(id, key, attrs) {
  const old = document.getElementById(id);
  const before = keep.typed[id];
  const value = before && before.key === key ? before.value : "";
  const focused = old && document.activeElement === old;
  const selection = old && focused ? [old.selectionStart, old.selectionEnd] : null;
  const tag = attrs.multiline ? "textarea" : "input";
  const input = h(tag, { id, autocomplete: "off", spellcheck: "false", ...attrs, multiline: undefined });
  input.value = value;
  input.addEventListener("input", () => { keep.typed[id] = { key, value: input.value }; });
  if (focused) {
    queueMicrotask(() => {
      if (!input.isConnected) return;
      input.focus();
      if (selection) input.setSelectionRange(...selection);
    });
  }
  return input;
}

function forget(id) {
  delete keep.typed[id];
}

function hasLetter(text) {
  return /\p{L}/u.test(text);
}

// Send a form's values; if the page is still waiting for the answer to a move (the clue-giver's
// "typing" notice, sent at the first key), send them as soon as that answer comes, provided the
// question is the same (`key`: the same card and turn).
function submit(ctx, kind, values, key) {
  if (!ctx.busy && ctx.forms.some((f) => f.kind === kind)) ctx.fill(kind, values);
  else keep.pending = { kind, values, key };
}

function sendPending(ctx, kind, key) {
  const pending = keep.pending;
  if (!pending || pending.kind !== kind || ctx.busy) return;
  keep.pending = null;
  if (pending.key === key && ctx.forms.some((f) => f.kind === kind)) queueMicrotask(() => ctx.fill(kind, pending.values));
}

// The Dreamer's guess box: type what the Element is (or pass the card); in the last-answer window,
// one last answer or none.
function guessBox(ctx, w) {
  const board = ctx.board;
  const final = board.phase === FINAL;
  const form = ctx.forms.find((f) => f.kind === "guess");
  const pass = `dream-pass ${board.seq}`;
  const id = "wid-guess-input";
  const key = `${board.round}-${board.seq}`;
  sendPending(ctx, "guess", key);
  const input = keptInput(id, key, {
    maxlength: form?.params?.[0]?.max_length || 40, "aria-describedby": "wid-guess-help", enterkeyhint: "send" });
  const send = (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!hasLetter(text)) { input.focus(); return; }
    forget(id);
    input.value = "";
    submit(ctx, "guess", { guess: text }, key);
  };
  return h("form", { class: `wid-box wid-guess${final ? " wid-last" : ""}`, "aria-label": w.t("ui.guess-box"), onsubmit: send },
    h("label", { for: id }, w.t(final ? "ui.last-label" : "ui.guess-label", { seq: board.seq })),
    h("div", { class: "wid-box-row" },
      input,
      h("button", { type: "submit", class: "primary", disabled: !form && !ctx.busy }, w.t(final ? "ui.last-send" : "ui.guess-send")),
      h("button", { type: "button", class: "wid-pass", disabled: !ctx.legal.includes(pass),
        onclick: () => { if (ctx.legal.includes(pass)) { forget(id); ctx.play(pass); } } },
      w.t(final ? "ui.last-decline" : "ui.guess-pass"))),
    h("p", { id: "wid-guess-help", class: "wid-quiet" }, w.t("ui.mask-on")));
}

// The clue-giver's clue box on their turn: one word; starting to type stops the start clock.
function clueBox(ctx, w) {
  const board = ctx.board;
  const form = ctx.forms.find((f) => f.kind === "clue");
  const pass = `clue-pass ${board.seq}`;
  const typing = `typing ${board.seq}`;
  const id = "wid-clue-input";
  const key = `${board.round}-${board.seq}-${board.clue_turn}`;
  sendPending(ctx, "clue", key);
  const input = keptInput(id, key, {
    maxlength: form?.params?.[0]?.max_length || 32, enterkeyhint: "send" });
  input.addEventListener("input", () => {
    if (input.value && ctx.legal.includes(typing) && !ctx.busy) ctx.play(typing);
  });
  const send = (event) => {
    event.preventDefault();
    const word = input.value.trim();
    if (!hasLetter(word)) { input.focus(); return; }
    forget(id);
    input.value = "";
    submit(ctx, "clue", { word }, key);
  };
  return h("form", { class: "wid-box wid-clue-form", "aria-label": w.t("ui.your-turn"), onsubmit: send },
    h("label", { for: id }, w.t("ui.clue-label")),
    h("div", { class: "wid-box-row" },
      input,
      h("button", { type: "submit", class: "primary", disabled: !form && !ctx.busy }, w.t("ui.clue-send")),
      h("button", { type: "button", disabled: !ctx.legal.includes(pass),
        onclick: () => { if (ctx.legal.includes(pass)) { forget(id); ctx.play(pass); } } }, w.t("ui.clue-pass"))));
}

function recountBox(ctx, w) {
  const form = ctx.forms.find((f) => f.kind === "recount");
  const id = "wid-recount-input";
  const input = keptInput(id, `${ctx.board.round}`, { multiline: true, rows: 2,
    maxlength: form?.params?.[0]?.max_length || 4000 });
  // An empty retelling is no retelling (the rules refuse it): the button waits for a word.
  const button = h("button", { type: "submit", class: "primary", disabled: !form || !input.value.trim() },
    w.t("ui.recount-send"));
  input.addEventListener("input", () => { button.disabled = !form || !input.value.trim(); });
  // Enter sends the dream, as in the chat and the guess box; Shift+Enter starts a new line.
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); input.form?.requestSubmit(); }
  });
  const send = (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (ctx.busy || !text || !form) return;
    forget(id);
    ctx.fill("recount", { text });
  };
  return h("form", { class: "wid-box wid-recount", "aria-label": w.t("timer.recount"), onsubmit: send },
    h("label", { for: id }, w.t("ui.recount-label")),
    h("div", { class: "wid-box-row" }, input, button));
}

// -- the night's cards: face down for the masked Dreamer, by side once seen --------------------

function cardClues(card, ctx, w) {
  const given = (ctx.board.clues || []).filter((c) => c && c.seq === card.seq);
  return given.length ? h("span", { class: "wid-card-clues" },
    given.map((c) => h("span", { class: "wid-card-clue" }, seatBadge(c.seat),
      h("span", { class: "sr-only" }, `${w.t("common.seat", { seat: c.seat })}:`), " ", c.word))) : null;
}

function cardTile(card, number, ctx, w) {
  const side = card.side;
  const tile = h("li", { class: `wid-card wid-${side}`, dataset: { number },
      "aria-label": w.t("ui.card-label", { number, element: card.element, side }) },
    h("span", { class: "wid-card-top" }, h("span", { class: "wid-card-number" }, `#${number}`), sideMark(side, w)),
    h("span", { class: "wid-card-word" }, card.element),
    h("span", { class: "wid-card-note" },
      side === "penalty" || side === "cancelled"
        ? w.t("ui.owner", { owner: card.owner })
        : card.guess ? w.t("ui.said", { guess: card.guess }) : w.t("ui.passed")),
    side === "yellow" && card.mentioned !== undefined && ctx.board.recount !== null
      ? legend(h("span", { class: `wid-named${card.mentioned ? "" : " wid-not-named"}` },
        card.mentioned ? `★ ${w.t("ui.named")}` : `☆ ${w.t("ui.not-named")}`),
      w.t(card.mentioned ? "ui.named" : "ui.not-named"))
      : null,
    cardClues(card, ctx, w),
    votes(card, number, ctx, w));
  return tile;
}

// The review's ballots for one card, by what they are about (its side, its naming in the dream,
// its penalty): the ballots cast so far, and the seat's own vote buttons (only legal votes).
function votes(card, number, ctx, w) {
  const board = ctx.board;
  if (board.phase !== REVIEW) return null;
  const groups = ["side", "mention", "penalty"].map((vote) => {
    const cast = (board.votes || []).find((v) => v.card === number && v.vote === vote);
    const buttons = ctx.legal.filter((move) => move.startsWith(`vote-${vote} ${number} `)).map((move) => {
      const choice = move.split(" ")[2];
      const label = vote === "side"
        ? w.t("ui.vote-side", { number, element: card.element, choice })
        : w.t(`ui.vote-${vote}.${choice}`, { element: card.element });
      return h("button", { type: "button", class: `wid-vote wid-vote-${choice}`, "aria-label": label, title: label,
        onclick: () => ctx.play(move) }, w.t(`ui.vote.${choice}`));
    });
    if (!cast && !buttons.length) return null;
    return h("span", { class: "wid-vote-group", role: "group", "aria-label": w.t(`ui.vote-group.${vote}`) },
      h("span", { class: "wid-vote-name", "aria-hidden": "true" }, w.t(`ui.vote-group.${vote}`)),
      buttons,
      cast ? h("span", { class: "wid-ballots" }, w.t("ui.ballots", { ballots: cast.ballots })) : null);
  }).filter(Boolean);
  return groups.length ? h("span", { class: "wid-votes" }, groups) : null;
}

function nightCards(ctx, w) {
  const board = ctx.board;
  const cards = board.cards || [];
  const heading = h("h3", {}, w.t("ui.cards"));
  if (!cards.length) return h("section", { class: "wid-cards-box" }, heading, h("p", { class: "wid-quiet" }, w.t("ui.no-cards")));
  const seen = cards.map((card, index) => ({ card, number: index + 1 }));
  const hidden = seen.filter(({ card }) => !card || !("element" in card));
  if (hidden.length === seen.length) { // the masked Dreamer: how many cards changed, and their own guesses if allowed
    return h("section", { class: "wid-cards-box" }, heading,
      h("p", {}, w.t("ui.cards-hidden", { count: cards.length })),
      h("ol", { class: "wid-facedown" }, seen.map(({ card, number }) => {
        const label = !card ? w.t("ui.card-gone", { number })
          : card.guess ? w.t("ui.card-guess", { number, guess: card.guess }) : w.t("ui.card-passed", { number });
        return legend(h("li", { class: "wid-card wid-back", "aria-label": label },
          h("span", { class: "wid-card-number" }, `#${number}`),
          h("span", { class: "wid-card-word", "aria-hidden": "true" }, card?.guess ? `“${card.guess}”` : "?")), label);
      })));
  }
  const piles = ["yellow", "blue", "penalty", "cancelled"].map((side) => {
    const mine = seen.filter(({ card }) => card.side === side);
    if (!mine.length && side === "cancelled") return null;
    return h("div", { class: `wid-pile wid-pile-${side}` },
      h("h4", {}, sideMark(side, w), " ", w.t(`side.${side}`), ` (${mine.length})`),
      h("ol", { class: "wid-pile-cards" }, mine.map(({ card, number }) => cardTile(card, number, ctx, w))));
  });
  return h("section", { class: "wid-cards-box" }, heading, h("div", { class: "wid-piles" }, piles));
}

// -- the points -------------------------------------------------------------------------------

function scores(ctx, w) {
  const board = ctx.board;
  const rows = board.points.map((points, seat) => {
    const dreamer = seat === board.dreamer; // (at the end: the last round's Dreamer)
    const role = board.roles[seat];
    const penalties = board.penalties[seat];
    return h("tr", { class: seat === ctx.seat ? "wid-me" : "" },
      h("th", { scope: "row" }, seatBadge(seat), " ", h("span", { class: "wid-seat-name" }, w.t("common.seat", { seat })),
        seat === ctx.seat ? ` (${w.t("common.you")})` : ""),
      h("td", {}, dreamer ? roleBadge(null, w, { dreamer: true }) : roleBadge(role, w),
        " ", dreamer ? w.t("ui.dreamer-badge") : ROLES.includes(role) ? w.t(`role.${role}`) : ""),
      h("td", {}, String(points)),
      h("td", {}, penalties === null || penalties === undefined ? w.t("ui.hidden") : penalties ? `−${penalties}` : "0"));
  });
  return h("section", { class: "wid-scores-box" },
    h("h3", {}, w.t("ui.scores")),
    h("table", { class: "wid-scores" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, w.t("ui.seat")), h("th", { scope: "col" }, w.t("ui.spirit")),
        h("th", { scope: "col" }, w.t("ui.points")), h("th", { scope: "col" }, w.t("ui.penalties")))),
      h("tbody", {}, rows)));
}

// -- the board --------------------------------------------------------------------------------

// The forms this board draws itself (the shell leaves them out of its own list of forms).
export const forms = ["guess", "clue", "recount"];

export function render(ctx) {
  const board = ctx.board;
  const w = ctx.words;
  if (!board) return null;
  learnLengths();
  const me = ctx.seat;
  const dreaming = me !== null && me !== undefined && me === board.dreamer;
  const phase = board.phase;
  const live = phase === NIGHT || phase === FINAL;
  const masked = board.element === null && live; // the Dreamer (or a spectator) during the night
  const mainClock = clock(ctx, w);
  const turnClock = clueClock(ctx);

  const top = h("div", { class: "wid-top" },
    h("span", { class: "wid-phase" }, w.t("ui.phase", { phase })),
    h("span", {}, w.t("ui.round", { round: board.round, rounds: board.rounds })),
    h("span", {}, dreaming ? w.t("ui.you-dream") : w.t("ui.dreamer", { seat: board.dreamer })),
    live ? h("span", {}, w.t("ui.element-number", { seq: board.seq })) : null,
    h("span", {}, w.t("ui.deck", { deck: board.deck })));

  const role = me !== null && me !== undefined ? board.roles[me] : null;
  const bed = h("div", { class: "wid-bed" },
    live ? (masked ? sleepMask(w, dreaming) : elementCard(board, w)) : null,
    live && masked && dreaming ? h("p", { class: "wid-mask-note" }, w.t("ui.mask-on")) : null,
    !live && dreaming && phase !== RECOUNTING && phase !== OVER ? h("p", { class: "wid-mask-note" }, w.t("ui.mask-off")) : null,
    ROLES.includes(role) && phase !== OVER
      ? h("p", { class: "wid-my-role" }, roleBadge(role, w), " ", w.t("ui.your-role", { role })) : null,
    mainClock ? mainClock.node : null);

  const talk = h("div", { class: "wid-talk" },
    live ? clueOrder(ctx, w, turnClock) : null,
    clues(ctx, w),
    live && dreaming && ctx.interactive ? guessBox(ctx, w) : null,
    phase === NIGHT && me === board.clue_turn && ctx.interactive ? clueBox(ctx, w) : null,
    phase === RECOUNTING && dreaming && ctx.interactive ? recountBox(ctx, w) : null,
    board.recount !== null && board.recount !== undefined
      ? h("p", { class: "wid-recount-text" }, w.t("ui.recount", { text: board.recount })) : null,
    phase === REVIEW && ctx.legal.includes("done")
      ? h("button", { type: "button", class: "primary wid-done", onclick: () => ctx.play("done") }, w.t("ui.done")) : null,
    phase === REVIEW && board.done.length ? h("p", { class: "wid-quiet" }, w.t("ui.done-list", { seats: board.done })) : null);

  startTicking([mainClock, turnClock]);
  return h("div", { class: `wid${masked ? " wid-masked" : ""}`, "aria-label": w.t("ui.board", board), role: "region" },
    top,
    h("div", { class: "wid-main" }, bed.childElementCount ? bed : null, talk), // over: no card, clock or spirit
    nightCards(ctx, w),
    scores(ctx, w));
}

// -- words ------------------------------------------------------------------------------------

// A legal move in words, for the plain list under the board.
export function describe(move, w, ctx) {
  const board = ctx?.board || {};
  const parts = move.split(" ");
  const [kind, number] = parts;
  const text = parts.slice(2).join(" ");
  switch (kind) {
    case "guess": return w.t("move.guess", { text });
    case "dream-pass": return w.t(board.phase === FINAL ? "move.dream-pass.final" : "move.dream-pass");
    case "clue": return w.t("move.clue", { text });
    case "clue-pass": return w.t("move.clue-pass");
    case "typing": return w.t("move.typing");
    case "flag": {
      const clue = (board.clues || []).find((c) => c && `c${c.id}` === number);
      return clue ? w.t("move.flag", { seat: clue.seat, word: clue.word }) : w.t("move.flag.unknown");
    }
    case "recount": {
      const told = parts.slice(1).join(" ");
      return told ? w.t("move.recount", { text: told }) : w.t("move.recount.empty");
    }
    case "done": return w.t("move.done");
    case "vote-side": case "vote-mention": case "vote-penalty": {
      const card = (board.cards || [])[Number(number) - 1];
      const name = card && card.element ? card.element : w.t("move.card", { number });
      const choice = parts[2];
      if (kind === "vote-side") return w.t("move.vote-side", { name, choice });
      if (kind === "vote-mention") return w.t(`move.vote-mention.${choice}`, { name });
      return w.t("move.vote-penalty", { name, choice });
    }
    default: return move;
  }
}

// A seat's outcome details: points less penalties.
export function detail(details, w) {
  return details && "total" in details ? w.t("detail", details) : "";
}

// Small pictures for the rules page (static/js/rules.js), drawn with the table's own pieces:
// draw "roles" — the sleep mask and the badges of the Dreamer and the three Dream Spirits;
// draw "element" — the card in play, spec.element "Castle";
// draw "cards" — the night's cards as the day shows them, spec.cards "yellow Castle castle | blue Moon star"
// (side, Element, the Dreamer's answer).
export function figure(spec, w) {
  const drawing = figurePiece(spec, w);
  return drawing && h("div", { class: "wid" }, drawing); // .wid holds the colours
}

function figurePiece(spec, w) {
  if (spec.draw === "roles") {
    return h("div", { class: "figure-row" }, sleepMask(w, true),
      h("span", {}, roleBadge(null, w, { dreamer: true }), " ", w.t("ui.dreamer-badge")),
      ROLES.map((role) => h("span", {}, roleBadge(role, w), " ", w.t(`role.${role}`))));
  }
  if (spec.draw === "element") return elementCard({ element: spec.element, seq: 1 }, w);
  if (spec.draw === "cards") {
    const ctx = { board: { clues: [], recount: null, phase: OVER }, legal: [] };
    const cards = spec.cards.split("|").map((part, index) => {
      const [side, element, guess] = part.trim().split(/\s+/);
      return cardTile({ seq: index + 1, side, element, guess: guess || null }, index + 1, ctx, w);
    });
    return h("ol", { class: "wid-pile-cards figure-row" }, cards);
  }
  return null;
}
