// What every game's page shares: the players' bar, the prompt, the event sentences and the
// outcome, all drawn from the view envelope (docs/architecture.md) in the reader's language.
// A game's own drawing is its module web/board.js in the game's package, served at /games/<game>/
// (docs/browser.md says what it exports).

import { h } from "./dom.js";
import { seatLetter } from "./i18n.js";

// A game's module, and its own styles (its package's web/board.css) added to the page.
export async function loadGame(gameId) {
  document.head.append(h("link", { rel: "stylesheet", href: `/games/${gameId}/board.css` }));
  return import(`/games/${gameId}/board.js`);
}

// An event as a sentence: the message the game made for it (core/words.py; the terminal words it
// from the same catalogues), else the server's English text.
export function sentence(event, words) {
  return event.message && words.has(event.message.key) ? words.message(event.message, event) : event.text;
}

// The prompt (the view's "ask") in words, from the message the game made for it, else the server's
// English words. A game that words its question itself ("say") is shown as it wrote it.
export function promptText(view, words) {
  const ask = view.ask || { kind: "say", text: view.prompt };
  if (ask.kind === "say") return ask.text || view.prompt;
  const message = view.prompt_message;
  return message && words.has(message.key) ? words.message(message, ask) : view.prompt;
}

export function seatBadge(seat) {
  return h("span", { class: `seat-badge seat-${seat % 6}`, "aria-hidden": "true" }, seatLetter(seat));
}

// One chip per seat: its letter, the name or bot, and who is to act.
export function drawPlayers(root, view, seats, words, scores = null) {
  root.replaceChildren(...Array.from({ length: view.players }, (_, seat) => {
    const info = seats?.[seat] || {};
    const who = info.kind === "bot" ? `${words.t("common.bot")} (${info.bot})` : (info.name || words.t("common.player"));
    const acting = view.actors.includes(seat);
    const label = [words.t("common.seat", { seat }), who,
      seat === view.seat ? words.t("common.you") : null,
      acting ? words.t("common.acting") : null].filter(Boolean).join(", ");
    return h("div", { class: `player${seat === view.turn ? " turn" : ""}`, "aria-label": label, role: "group" },
      seatBadge(seat),
      h("span", {}, who),
      seat === view.seat ? h("span", { class: "me" }, `(${words.t("common.you")})`) : null,
      acting ? h("span", { class: "me" }, "◀ " + words.t("common.acting")) : null,
      scores ? h("span", { class: "me" }, `${words.t("common.score")}: ${scores[seat]}`) : null);
  }));
}

// The end of the game: the reason, the winners and each seat's score.
export function drawOutcome(root, view, words, game) {
  const outcome = view.outcome;
  root.hidden = !outcome;
  if (!outcome) { root.replaceChildren(); return; }
  const reasonKey = `reason.${outcome.reason}`;
  const reason = words.has(reasonKey) ? words.t(reasonKey) : outcome.reason;
  const winners = words.list(outcome.winners.map(seatLetter));
  const rows = outcome.scores.map((score, seat) => h("tr", {},
    h("th", { scope: "row" }, seatBadge(seat), " ", words.t("common.seat", { seat })),
    h("td", {}, String(score)),
    h("td", {}, outcome.winners.includes(seat) ? words.t("common.winner") : ""),
    h("td", {}, game.detail ? game.detail(outcome.details[seat] || {}, words) : "")));
  root.replaceChildren(
    h("h2", {}, words.t("common.over.title")),
    h("p", {}, words.t("common.over.winners", { winners }), " ", h("span", {}, `(${reason})`)),
    h("table", {}, h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, words.t("common.seat-col")), h("th", { scope: "col" }, words.t("common.score")),
      h("th", { scope: "col" }, ""), h("th", { scope: "col" }, words.t("common.details")))),
    h("tbody", {}, rows)));
}

export function drawLog(root, events, words, { fresh = false, keep = 200 } = {}) {
  for (const event of events) {
    root.append(h("li", { class: fresh ? "fresh" : "" }, sentence(event, words)));
  }
  while (root.children.length > keep) root.firstElementChild.remove();
  root.scrollTop = root.scrollHeight;
}

// An undo took lines out of the log (it was drawn anew without them): one line says who took a move
// back, so nobody is left wondering where it went. The server sends the seat only, never the move.
export function drawUndone(root, undone, viewer, words) {
  const key = undone.seat === viewer ? "common.undone.you" : "common.undone";
  root.append(h("li", { class: "fresh undone" }, words.t(key, undone)));
  root.scrollTop = root.scrollHeight;
}
