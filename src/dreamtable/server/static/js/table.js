// The table page: one seat (or a spectator) at a live table, over the server's WebSocket.
//
// The seat's token comes from the join link (?token=…), is kept in this browser's storage and
// taken out of the address bar at once. Every update carries the seat's whole view, so a reload,
// a lost connection or a second tab simply draws the current state again; a move is sent with
// the seq of the view it was chosen on, and the page takes no second click until the server
// answered, so nothing is applied twice.

import { accountHeaders } from "./account.js";
import { h } from "./dom.js";
import { drawLog, drawOutcome, drawPlayers, drawUndone, loadGame, promptText } from "./envelope.js";
import { currentLanguage, languagePicker, rulesHref, seatLetter, Words } from "./i18n.js";
import { MAX_NAME, rememberName, storedName } from "./guest.js";
import { drawForms } from "./forms.js";
import { Notifier } from "./notify.js";
import { Guide, loadTutorial } from "./tutorial.js";
import { howToPlay } from "./howto.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const store = {
  token: () => localStorage.getItem(`dreamtable.seat.${tableId}`),
  host: () => localStorage.getItem(`dreamtable.host.${tableId}`),
  links: () => JSON.parse(localStorage.getItem(`dreamtable.links.${tableId}`) || "{}"),
};
const $ = (id) => document.getElementById(id);
const RESTARTING = 1012; // the WebSocket close code of a server going down to restart (server/hub.py)

const page = {
  summary: null, words: null, game: null, socket: null, retry: 0, closedForGood: false,
  update: null, seq: null, busy: false, ui: {}, uiSeq: null, notifier: null, timers: null, tick: null,
  sent: { what: null, at: -Infinity, seq: null },
  guide: null, // a guided first game's steps (tutorial.js), on a table made by "Learn to play"
};

// One move per intent: the server answers a move in ~40 ms, well inside a double click, so the
// board it sends back would take the second click as a second move (two draws, two buys). The same
// move asked again this soon, on the board that answered it (nobody else has moved since), is taken
// as the same click and ignored; after another seat's move the same move is a new intent.
const SAME_INTENT_MS = 300;

function sameIntent(what) {
  const sent = page.sent;
  const again = what === sent.what && performance.now() - sent.at < SAME_INTENT_MS && page.seq === sent.seq + 1;
  if (!again) page.sent = { what, at: performance.now(), seq: page.seq };
  return again;
}

function takeTokenFromAddress() {
  const params = new URLSearchParams(location.search);
  const token = params.get("token");
  if (token) {
    localStorage.setItem(`dreamtable.seat.${tableId}`, token);
    history.replaceState(null, "", location.pathname); // the token never stays on screen or in history
  }
}

async function api(path, { method = "GET", body, token } = {}) {
  const headers = { "content-type": "application/json", ...accountHeaders() }; // a seat joined while logged in is the account's
  if (token) headers.authorization = `Bearer ${token}`;
  const answer = await fetch(`/api${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(data.message || `${answer.status}`);
  return data;
}

function say(text, kind = "") {
  $("notice").textContent = text || "";
  $("notice").className = `notice ${kind}`.trim(); // "hint": advice, not an error; "connection": until it is back
}

// -- waiting for players ------------------------------------------------------------------

async function drawWaiting() {
  const root = $("waiting");
  const summary = page.summary;
  root.hidden = summary.status !== "waiting";
  if (root.hidden) return;
  const w = page.words;
  const mine = store.token();
  const links = store.links();
  const seatRows = summary.seats.map((seat, index) => {
    let state;
    if (seat.kind === "bot") state = `${w.t("common.bot")} (${seat.bot})`;
    else if (seat.kind === "human") state = seat.name || w.t("common.player");
    else state = w.t("common.waiting.open");
    const invite = links[seatLetter(index)];
    return h("li", {}, `${w.t("common.seat", { seat: index })}: ${state}`,
      invite && invite.token !== mine
        ? [" ", h("label", {}, w.t("common.waiting.invite"), " ",
            h("input", { readonly: true, value: `${location.origin}${invite.url}`, onfocus: (e) => e.target.select() }))]
        : null);
  });
  const open = summary.seats.some((seat) => seat.kind === "open");
  // Nothing to undo, list or hint before the game starts.
  for (const id of ["undo", "hint", "move-list"]) $(id).hidden = true;
  const children = [
    h("h2", {}, w.t("common.waiting.title")),
    h("ul", { class: "links" }, seatRows),
    // the address to share says what it is for: a seat while one is open, watching once all are taken
    h("p", {}, w.t(open ? "common.waiting.share" : "common.waiting.watch"), " ",
      h("input", { readonly: true, value: `${location.origin}/tables/${tableId}`, "aria-label": w.t("common.waiting.link"),
                   onfocus: (e) => e.target.select() })),
    store.host() ? h("button", { class: "primary", onclick: start, disabled: open }, w.t("common.waiting.start")) : null,
    store.host() && open ? h("p", { class: "quiet" }, w.t("common.waiting.start-when-full")) : null,
  ];
  // The panel is drawn again every two seconds; the name box is kept, not redrawn under the typing.
  let [info, controls] = root.children;
  if (!controls) {
    info = h("div", {});
    controls = h("div", {});
    root.replaceChildren(info, controls);
  }
  info.replaceChildren(...children.filter(Boolean)); // replaceChildren writes a null as the word "null"
  const asking = controls.querySelector("form");
  if (!mine && open && !asking) controls.append(joinForm());
  if (!(!mine && open) && asking) asking.remove();
}

// Taking a seat asks the guest's name once: it is kept in this browser and shown to the other seats.
function joinForm() {
  const id = "join-name";
  return h("form", { class: "row", onsubmit: (event) => { event.preventDefault(); join(); } },
    h("label", { for: id }, page.words.t("common.name.label")), " ",
    h("input", { id, maxlength: MAX_NAME, autocomplete: "nickname", value: storedName() }), " ",
    h("button", { type: "submit", class: "primary" }, page.words.t("common.waiting.join")));
}

async function join() {
  const name = ($("join-name")?.value || "").trim();
  try {
    const joined = await api(`/tables/${tableId}/join`, { method: "POST", body: name ? { name } : {} });
    if (name) rememberName(name);
    localStorage.setItem(`dreamtable.seat.${tableId}`, joined.token);
    connect(true);
    await refreshSummary();
  } catch (error) { say(error.message); }
}

async function start() {
  try {
    await api(`/tables/${tableId}/start`, { method: "POST", token: store.host() });
    await refreshSummary();
  } catch (error) { say(error.message); }
}

async function refreshSummary() {
  page.summary = await api(`/tables/${tableId}`);
  await drawWaiting();
  if (page.summary.status === "waiting") setTimeout(refreshSummary, 2000);
}

// -- the live game ------------------------------------------------------------------------

function connect(fresh = false) {
  if (page.socket && fresh) { page.socket.onclose = null; page.socket.close(); }
  const token = store.token();
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`);
  page.socket = socket;
  socket.onopen = () => {
    page.retry = 0; page.restarting = false; page.newSocket = true; banner("");
    if ($("notice").classList.contains("connection")) say(""); // "the connection was lost" is no longer true
  };
  socket.onmessage = (message) => receive(JSON.parse(message.data));
  socket.onclose = (closed) => {
    page.busy = false;
    if ([4401, 4403, 4404].includes(closed.code)) {
      page.closedForGood = true;
      if (closed.code === 4401) localStorage.removeItem(`dreamtable.seat.${tableId}`);
      banner(`${page.words.t("common.connection.refused")} ${closed.reason}`);
      return;
    }
    // 1012: the server is restarting (a deploy) and will be back in a moment. Every page reconnects
    // then, so each waits a random part longer, not all in the same instant. The attempts that fail
    // while it is down still mean "restarting", until a connection opens again.
    page.restarting = page.restarting || closed.code === RESTARTING;
    const wait = Math.min(8000, 500 * 2 ** page.retry++) * (page.restarting ? 1 + Math.random() : 1);
    banner(page.words.t(page.restarting ? "common.connection.restarting" : "common.connection.lost"));
    setTimeout(() => connect(), wait);
  };
}

function banner(text) {
  $("connection").hidden = !text;
  $("connection").textContent = text;
}

function send(message) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) {
    say(page.words.t("common.connection.lost"), "connection");
    return false;
  }
  page.socket.send(JSON.stringify(message));
  return true;
}

function play(move) {
  if (page.busy || sameIntent(move)) return; // a double click: the first move is on its way, or answered
  page.busy = true;
  say("");
  if (!send({ type: "move", move, seq: page.seq })) page.busy = false;
  draw();
}

function fill(form, values) {
  if (page.busy || sameIntent(`${form} ${JSON.stringify(values)}`)) return;
  page.busy = true;
  say("");
  if (!send({ type: "form", form, values, seq: page.seq })) page.busy = false;
  draw();
}

function receive(message) {
  if (message.type === "update") {
    const first = page.update === null;
    // A new connection's first update and the answer to a "view" request bring the recent
    // events again, and an undo takes some back: the log is drawn anew, no line shown twice.
    const restart = first || page.newSocket || message.reset || message.reply_to !== undefined;
    page.newSocket = false;
    if (restart) $("log").replaceChildren();
    const events = restart && !message.events.length ? message.view.events : message.events;
    page.update = message;
    page.busy = false;
    if (message.seq !== page.uiSeq) { page.ui = {}; page.uiSeq = message.seq; }
    page.seq = message.seq;
    page.guide?.heard(message, message.view.seat, restart);
    if (page.summary && page.summary.status === "waiting") refreshSummary();
    drawLog($("log"), events, page.words, { fresh: !first });
    if (message.undone) drawUndone($("log"), message.undone, message.view.seat, page.words);
    draw();
    // on the new board; an undo or a fresh start is not a move to animate
    if (!restart && page.game.animate) page.game.animate(message.events, $("board"), context());
    page.notifier.update(message.view);
    showTableLanguage(message.language);
  } else if (message.type === "waiting") {
    $("prompt").textContent = page.words.t("common.waiting.prompt"); // the panel below says "waiting for players"
  } else if (message.type === "chat") {
    addChat(message);
  } else if (message.type === "error") {
    page.busy = false;
    say(message.message);
    send({ type: "view", id: "after-error" }); // show the current state again
  }
}

// A table played in another language than this page's (its words: When I Dream's cards and clues)
// says so beside the game's name, so a reader is not surprised by them.
function showTableLanguage(language) {
  const note = $("table-language");
  note.hidden = !language || language === page.words.lang;
  if (!note.hidden) note.textContent = page.words.t("common.table.language", { language: page.words.t(`common.lobby.language.${language}`) });
}

function context() {
  const update = page.update;
  const view = update.view;
  const mine = view.seat !== null && !view.outcome;
  return {
    view, board: view.board, seat: view.seat, words: page.words, seats: page.summary?.seats || [],
    legal: mine && !page.busy ? update.legal || [] : [],
    forms: mine && !page.busy ? update.forms || [] : [],
    busy: page.busy, interactive: mine, ui: page.ui,
    play, fill, redraw: draw,
  };
}

function draw() {
  const update = page.update;
  if (!update) return;
  const view = update.view;
  const ctx = context();
  const w = page.words;
  drawPlayers($("players"), view, page.summary?.seats, w);
  $("prompt").textContent = page.busy ? w.t("common.sending") : promptText(view, w);
  startTimers(view.timers);
  const drawn = page.game.render(ctx);
  $("board").replaceChildren(...(drawn ? [drawn] : []));
  const drawnByGame = new Set(page.game.forms || []); // the kinds the game's board asks for itself
  drawForms($("forms"), ctx.forms.filter((form) => !drawnByGame.has(form.kind)), w, fill);
  // While a move is on its way the list stays in place, disabled: a second click of a double
  // click must not land on whatever would move under the pointer (the undo button).
  const listed = ctx.interactive ? update.legal || [] : [];
  $("legal").replaceChildren(...listed.map((move) =>
    h("button", { type: "button", disabled: page.busy, onclick: () => play(move), "data-move": move },
      page.game.describe ? page.game.describe(move, w, ctx) : move)));
  $("move-list").hidden = listed.length === 0;
  page.guide?.show(ctx); // after the board and the list: it points at what was just drawn
  $("undo").hidden = view.seat === null || Boolean(view.outcome) || page.summary?.settings?.undo === false;
  $("hint").hidden = !page.hints || listed.length === 0;
  drawOutcome($("outcome"), view, w, page.game);
  drawRematch(update);
  $("chat-text").disabled = view.seat === null || update.chat_open === false;
  $("chat-text").placeholder = update.chat_open === false ? w.t("common.chat.closed") : "";
}

function drawRematch(update) {
  const root = $("outcome");
  if (!update.view.outcome || update.view.seat === null) return;
  if (update.rematch) {
    root.append(h("p", {}, h("a", { href: `/tables/${update.rematch}` }, page.words.t("common.rematch.go"))));
  } else {
    root.append(h("button", { class: "primary", onclick: rematch }, page.words.t("common.rematch.ask")));
  }
  root.append(h("p", {}, h("a", { href: `/replay/${tableId}` }, page.words.t("common.replay.link"))));
}

async function rematch() {
  try {
    const made = await api(`/tables/${tableId}/rematch`, { method: "POST", token: store.token() });
    localStorage.setItem(`dreamtable.seat.${made.table}`, store.token());
    location.href = `/tables/${made.table}`;
  } catch (error) { say(error.message); }
}

// The deadlines count down on this page from the seconds left the server gave with the view.
function startTimers(timers) {
  clearInterval(page.tick);
  const since = performance.now();
  const show = () => {
    const passed = (performance.now() - since) / 1000;
    $("timers").textContent = timers.map((timer) => {
      const left = Math.max(0, Math.ceil(timer.seconds - passed));
      const key = `timer.${timer.name.replace(/-\d+$/, "")}`;
      const name = page.words.has(key) ? page.words.t(key, timer) : timer.name;
      return `${name}: ${left} s`;
    }).join(" · ");
  };
  show();
  if (timers.length) page.tick = setInterval(show, 250);
}

// -- chat -------------------------------------------------------------------------------

function addChat(line) {
  const who = line.seat === null || line.seat === undefined ? "" : `${seatLetter(line.seat)}: `;
  $("chat").append(h("li", {}, who, line.text));
  $("chat").scrollTop = $("chat").scrollHeight;
}

async function loadChat() {
  const token = store.token();
  if (!token) return;
  try {
    for (const line of await api(`/tables/${tableId}/chat`, { token })) addChat(line);
  } catch { /* a spectator of a private chat: nothing to show */ }
}

// The hard bot's move for this seat and its chance to win, worked out by the server from what the
// seat may know (GET /api/tables/{id}/hint); a refusal (not your turn, thinking already) is said as is.
async function askHint() {
  const w = page.words;
  say(w.t("common.hint.thinking"), "hint");
  try {
    const found = await api(`/tables/${tableId}/hint`, { token: store.token() });
    if (found.seq !== page.seq) return say(""); // the table moved on meanwhile
    const move = page.game.describe ? page.game.describe(found.move, w, context()) : found.move;
    say(w.t("common.hint.answer", { move, chance: Math.round(found.win_chance * 100) }), "hint");
  } catch (error) { say(error.message); }
}

function wireControls() {
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (text && send({ type: "chat", text })) $("chat-text").value = "";
  });
  // The second click of a double click (detail 2) is never an undo: when the answer to the first
  // comes back between the two, the emptied move list lets the undo button move under the pointer.
  $("undo").addEventListener("click", (event) => { if (event.detail > 1) return; say(""); send({ type: "undo" }); });
  $("hint").addEventListener("click", askHint);
  page.notifier = new Notifier($("mute"), page.words);
  languagePicker($("lang"));
}

async function main() {
  takeTokenFromAddress();
  page.words = await Words.load(currentLanguage());
  try {
    page.summary = await api(`/tables/${tableId}`);
  } catch (error) {
    page.words.apply();
    say(error.message);
    return;
  }
  page.words = await Words.load(currentLanguage(), page.summary.game);
  page.game = await loadGame(page.summary.game);
  page.hints = (await api("/games")).some((game) => game.id === page.summary.game && game.hints);
  page.words.apply();
  const name = page.words.has("name") ? page.words.t("name") : page.summary.game;
  $("game-name").textContent = name;
  document.title = `${name} — dreamtable`;
  $("rules-link").href = rulesHref(page.summary.game, page.words.lang);
  howToPlay($("howto"), page.words, page.summary.game);
  if (page.summary.settings?.tutorial) {
    const plan = await loadTutorial(page.summary.game);
    if (plan) page.guide = new Guide(plan, tableId, page.words, $("tutorial"));
  }
  wireControls();
  page.notifier.setTitle(document.title);
  await drawWaiting();
  if (page.summary.status === "waiting") setTimeout(refreshSummary, 2000);
  connect();
  await loadChat();
}

main();
