// Learn to play: the guided first game of a table the lobby's "Learn to play" made (its settings
// say `tutorial`). The game's package declares the guide in web/tutorial.json (core/tutorial.py):
// steps, each with the words it says (a key of the game's catalogue), the things on the page it
// points at (CSS selectors, the first one present wins), the moves that do it (a pattern of their
// notation) and the event of the person's own move that ends it. This module names no game: it
// shows the step, points at its target, and moves on when the person's move does the step.
//
// A move made out of order is never refused here (the rules decide what is legal): a later step's
// move counts for that step, and the guide says "that works too" and what is next. When the current
// step's move is not possible just now, it says so; every step can be skipped: no dead end.

import { h } from "./dom.js";

const TARGET = "tutorial-target";

export async function loadTutorial(gameId) {
  const answer = await fetch(`/games/${encodeURIComponent(gameId)}/tutorial.json`);
  return answer.ok ? answer.json() : null;
}

// Whether an event (as the view shows it) is the step done: its kind, and each field's pattern.
function doneBy(step, event) {
  if (event.kind !== step.until.kind) return false;
  return Object.entries(step.until).every(([name, pattern]) => name === "kind" || new RegExp(pattern).test(String(event[name])));
}

export class Guide {
  constructor(plan, tableId, words, root) {
    this.plan = plan;
    this.words = words;
    this.root = root;
    this.key = `dreamtable.tutorial.${tableId}`;
    const kept = JSON.parse(localStorage.getItem(this.key) || "{}");
    this.done = new Set(kept.done || []);
    this.seq = kept.seq ?? -1;
    this.note = "";
    this.closed = false;
    this.shown = "";
    this.arrow = h("div", { class: "tutorial-arrow", "aria-hidden": "true", hidden: true }, "⬇");
    document.body.append(this.arrow);
    addEventListener("resize", () => this.place());
  }

  save() {
    localStorage.setItem(this.key, JSON.stringify({ done: [...this.done], seq: this.seq }));
  }

  current() {
    return this.plan.steps.findIndex((_, index) => !this.done.has(index));
  }

  // An update from the server: the person's own moves in its new events may do steps. A fresh
  // connection's first update (or a reload) brings old events again; they were counted already.
  heard(message, seat, restart) {
    const fresh = !restart && message.seq > this.seq;
    this.seq = Math.max(this.seq, message.seq);
    if (!fresh || seat === null) return this.save();
    for (const event of message.events || []) {
      if (event.actor !== seat) continue;
      const before = this.current();
      if (before < 0) break;
      const index = this.plan.steps.findIndex((step, i) => !this.done.has(i) && doneBy(step, event));
      if (index >= 0) this.done.add(index);
      // The step asked for: on to the next. A later step's move, or another move of a kind the guide
      // teaches: fine too, and the guide says what comes next. (A pass the rules made is no choice.)
      const open = (step, i) => !this.done.has(i) && step.until.kind === event.kind; // a kind still to teach
      if (index === before) this.note = "";
      else if (index >= 0 || this.plan.steps.some(open)) this.note = "common.tutorial.also";
    }
    this.save();
  }

  skip() {
    const index = this.current();
    if (index >= 0) this.done.add(index);
    this.note = "";
    this.save();
    this.show(this.ctx);
  }

  // Draw the callout and the pointer for the board just drawn (called after every draw).
  show(ctx) {
    this.ctx = ctx;
    const w = this.words;
    const index = this.current();
    const total = this.plan.steps.length;
    const step = index >= 0 ? this.plan.steps[index] : null;
    const mine = ctx.legal.length > 0;
    const possible = step && [].concat(step.move).some((pattern) => ctx.legal.some((move) => new RegExp(pattern).test(move)));
    let status = "";
    if (step && !ctx.view.outcome && !ctx.busy) {
      if (!mine) status = "common.tutorial.wait";
      else if (!possible) status = ctx.view.timers.length ? "common.tutorial.clock" : "common.tutorial.later";
    }
    this.root.hidden = this.closed;
    this.root.dataset.step = step ? String(index + 1) : "done";
    this.root.dataset.status = status.replace("common.tutorial.", "");
    this.root.dataset.done = [...this.done].sort((a, b) => a - b).map((i) => i + 1).join(",");
    const shown = [index, this.note, status, this.closed].join("|");
    if (shown !== this.shown) { // words change only when the step does: a screen reader hears each once
      this.shown = shown;
      this.root.replaceChildren(...[
        h("h2", { class: "tutorial-title" }, w.t("common.tutorial.title"), " · ",
          step ? w.t("common.tutorial.step", { n: index + 1, total }) : w.t("common.tutorial.all-done")),
        this.note && step ? h("p", { class: "tutorial-note" }, w.t(this.note)) : null,
        h("p", { class: "tutorial-says" }, w.t(step ? step.says : this.plan.finish)),
        status ? h("p", { class: "tutorial-status" }, w.t(status)) : null,
        h("div", { class: "row" },
          step ? h("button", { type: "button", class: "tutorial-skip", onclick: () => this.skip() }, w.t("common.tutorial.skip")) : null,
          h("button", { type: "button", class: "tutorial-close", onclick: () => { this.closed = true; this.show(ctx); } },
            w.t("common.tutorial.close")))].filter(Boolean)); // the DOM would write a null as "null"
    }
    this.point(step && mine && !ctx.busy && !this.closed ? step : null);
  }

  // The step's first target present on the page; when the board shows none (something else is
  // picked there), the step's move in the page's list of all moves, opened: never nothing to click.
  point(step) {
    for (const node of document.querySelectorAll(`.${TARGET}`)) node.classList.remove(TARGET);
    this.target = null;
    for (const selector of step ? step.points : []) {
      const found = document.querySelector(selector);
      if (found) { this.target = found; break; }
    }
    if (step && !this.target) {
      const listed = [...document.querySelectorAll("#legal button[data-move]")];
      for (const pattern of [].concat(step.move)) {
        this.target = listed.find((button) => new RegExp(pattern).test(button.dataset.move));
        if (this.target) break;
      }
      if (this.target) this.target.closest("details").open = true;
    }
    if (this.target) this.target.classList.add(TARGET);
    this.place();
  }

  // The arrow sits just above the target, pointing down at it, in the page's coordinates (cards
  // side by side leave no room beside one).
  place() {
    const target = this.target;
    this.arrow.hidden = !target || !target.isConnected;
    if (this.arrow.hidden) return;
    const box = target.getBoundingClientRect();
    this.arrow.style.left = `${Math.max(0, box.left + scrollX + box.width / 2 - 14)}px`;
    this.arrow.style.top = `${Math.max(0, box.top + scrollY - 30)}px`;
  }
}
