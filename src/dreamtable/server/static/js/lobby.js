// The lobby: the games, a form to create a table (seats: you, invited people, open seats, bots;
// rule options), the open tables to join, and "play against bots" in one click.

import { accountHeaders } from "./account.js";
import { h } from "./dom.js";
import { currentLanguage, LANGUAGES, languagePicker, rulesHref, seatLetter, Words } from "./i18n.js";
import { rememberName, storedName } from "./guest.js";

const $ = (id) => document.getElementById(id);
let words;
let games = [];

async function api(path, { method = "GET", body } = {}) {
  const answer = await fetch(`/api${path}`, { method, headers: { "content-type": "application/json", ...accountHeaders() },
                                               body: body ? JSON.stringify(body) : undefined });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(data.message || `${answer.status}`);
  return data;
}

function say(text) {
  $("status").textContent = text;
}

// Keep what the server gave for this table: the seat token, the host token and the invite links.
function remember(made, seatToken) {
  if (seatToken) localStorage.setItem(`dreamtable.seat.${made.table}`, seatToken);
  if (made.host_token) localStorage.setItem(`dreamtable.host.${made.table}`, made.host_token);
  localStorage.setItem(`dreamtable.links.${made.table}`, JSON.stringify(made.links || {}));
}

// -- your name: asked once, kept in this browser, sent with every table you create or join ---------

// The name typed in the field (kept), or the one kept before; null when there is none.
function myName() {
  const typed = $("my-name").value.trim();
  if (typed) rememberName(typed);
  return typed || null;
}

// A name typed while the page was still loading is kept, not replaced by the stored one; the
// button waits (disabled in the HTML) until the form answers, so an early press cannot reload the page.
function wireName() {
  if (!$("my-name").value.trim()) $("my-name").value = storedName();
  $("name-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const kept = rememberName($("my-name").value);
    $("my-name").value = kept;
    say(kept ? words.t("common.name.kept", { name: kept }) : words.t("common.name.none"));
  });
  $("name-form").querySelector("button").disabled = false;
}

// The server's word on a refused name, said beside the field that holds it.
function sayRefusal(error) {
  say(error.message);
  if (error.message.includes("name")) $("my-name").focus();
}

async function playBots(game) {
  try {
    say(words.t("common.lobby.starting"));
    const name = myName();
    // the table in the reader's language: an Italian reader's When I Dream deals Italian words
    const made = await api("/play", { method: "POST", body: { game: game.id, players: game.min_players, ...(name ? { name } : {}),
                                                              settings: { language: words.lang } } });
    remember(made, made.token);
    location.href = `/tables/${made.table}`;
  } catch (error) { sayRefusal(error); }
}

// The game's guided first game (its package's tutorial): a started table, you and its bots.
async function learn(game) {
  try {
    say(words.t("common.lobby.learning"));
    const made = await api("/learn", { method: "POST", body: { game: game.id, language: words.lang } });
    remember(made, made.token);
    location.href = `/tables/${made.table}`;
  } catch (error) { say(error.message); }
}

function drawGames() {
  $("games").replaceChildren(...games.map((game) => h("li", {},
    h("span", { class: "name" }, game.name),
    h("span", {}, words.t("common.lobby.players", { low: game.min_players, high: game.max_players })),
    h("div", { class: "row" },
      h("button", { type: "button", class: "primary", onclick: () => playBots(game),
                    "aria-label": `${words.t("common.lobby.play-bots")}: ${game.name}` }, words.t("common.lobby.play-bots")),
      game.tutorial ? h("button", { type: "button", class: "learn", onclick: () => learn(game),
                                    "aria-label": `${words.t("common.lobby.learn")}: ${game.name}` }, words.t("common.lobby.learn")) : null,
      h("a", { href: rulesHref(game.id, words.lang) }, words.t("common.rules")),
      h("a", { href: `/ratings/${game.id}`, "aria-label": `${words.t("common.ratings.title")}: ${game.name}` },
        words.t("common.ratings.title"))))));
}

// -- create a table ------------------------------------------------------------------------

// The rule option that follows the table's language (the game's table_language_option, e.g. a deck of
// words) starts at that language and follows the "Table language" choice until the creator sets it.
function optionField(option, tableLanguage, follows) {
  if (follows && option.choices?.includes(tableLanguage)) option = { ...option, default: tableLanguage };
  const id = `option-${option.name}`;
  const label = h("label", { for: id, title: option.doc }, option.name);
  let input;
  if (typeof option.default === "boolean") {
    input = h("input", { id, type: "checkbox", checked: option.default, "data-option": option.name, "data-kind": "bool" });
  } else if (option.choices && option.choices.length) {
    input = h("select", { id, "data-option": option.name, "data-kind": typeof option.default },
      option.choices.map((choice) => h("option", { value: choice, selected: choice === option.default }, String(choice))));
  } else if (typeof option.default === "number") {
    input = h("input", { id, type: "number", value: option.default, "data-option": option.name, "data-kind": "number" });
  } else {
    input = h("input", { id, value: JSON.stringify(option.default), "data-option": option.name, "data-kind": "json" });
  }
  return h("div", { class: "field" }, label, input, h("small", {}, option.doc));
}

function seatRow(seat, game) {
  const id = `seat-${seat}`;
  const kinds = seat === 0 ? ["me", "open", "human", "bot"] : ["open", "human", "bot"];
  return h("div", { class: "field" },
    h("label", { for: id }, words.t("common.seat", { seat })),
    h("select", { id, "data-seat": seat, onchange: drawCreateSeats },
      kinds.map((kind) => h("option", { value: kind, selected: seat === 0 ? kind === "me" : kind === "bot" }, words.t(`common.lobby.kind.${kind}`)))),
    h("label", { for: `${id}-bot`, class: "sr-only" }, words.t("common.lobby.which-bot")),
    h("select", { id: `${id}-bot`, "data-bot": seat }, game.bots.map((bot) => h("option", { value: bot, selected: bot === "bot" }, bot))));
}

function drawCreateSeats() {
  for (const select of document.querySelectorAll("[data-bot]")) {
    select.hidden = document.getElementById(`seat-${select.dataset.bot}`).value !== "bot";
  }
}

// A live table, or a turn-based one with a move clock (server/move_clock.py: any of 1h..14d is accepted).
const PACES = ["live", "1h", "12h", "1d", "3d", "7d"];

function drawCreate() {
  const form = $("create");
  const chosen = games.find((game) => game.id === form.dataset.game) || games[0];
  form.dataset.game = chosen.id;
  const tableLanguage = form.dataset.language || words.lang;
  const players = Math.min(Math.max(Number(form.dataset.players || chosen.min_players), chosen.min_players), chosen.max_players);
  const seats = [];
  for (let seat = 0; seat < players; seat++) seats.push(seatRow(seat, chosen));
  form.replaceChildren(
    h("div", { class: "field" }, h("label", { for: "create-game" }, words.t("common.lobby.game")),
      h("select", { id: "create-game", onchange: (e) => { form.dataset.game = e.target.value; drawCreate(); } },
        games.map((game) => h("option", { value: game.id, selected: game.id === chosen.id }, game.name)))),
    h("div", { class: "field" }, h("label", { for: "create-players" }, words.t("common.lobby.player-count")),
      h("input", { id: "create-players", type: "number", min: chosen.min_players, max: chosen.max_players, value: players,
                   onchange: (e) => { form.dataset.players = e.target.value; drawCreate(); } })),
    h("div", { class: "seat-rows" }, seats),
    h("div", { class: "field" }, h("label", { for: "create-pace" }, words.t("common.lobby.pace")),
      h("select", { id: "create-pace" }, PACES.map((pace) => h("option", { value: pace }, words.t(`common.lobby.pace.${pace}`))))),
    // The language the table is played in (a game's words follow it); each reader still reads their own page's.
    h("div", { class: "field" }, h("label", { for: "create-language" }, words.t("common.lobby.table-language")),
      h("select", { id: "create-language", onchange: (e) => followLanguage(chosen, e.target.value) },
        LANGUAGES.map((lang) => h("option", { value: lang, lang, selected: lang === tableLanguage }, words.t(`common.lobby.language.${lang}`))))),
    h("details", {}, h("summary", {}, words.t("common.lobby.options")),
      chosen.options.map((option) => optionField(option, tableLanguage, option.name === chosen.table_language_option))),
    h("button", { type: "submit", class: "primary" }, words.t("common.lobby.create-button")));
  drawCreateSeats();
}

// A new table language: the option that follows it shows it too (a value the creator chose stays).
function followLanguage(game, lang) {
  const form = $("create");
  const before = form.dataset.language || words.lang;
  form.dataset.language = lang;
  const input = document.querySelector(`[data-option="${game.table_language_option}"]`);
  if (input && input.value === before && [...input.options].some((o) => o.value === lang)) input.value = lang;
}

function readOptions(game) {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    let option = game.options.find((o) => o.name === input.dataset.option);
    // the option that follows the table's language is sent only when it differs from that language
    if (option.name === game.table_language_option) option = { ...option, default: $("create-language").value };
    let value;
    if (input.dataset.kind === "bool") value = input.checked;
    else if (input.dataset.kind === "number") value = Number(input.value);
    else if (input.dataset.kind === "json") value = JSON.parse(input.value);
    else value = input.value;
    if (JSON.stringify(value) !== JSON.stringify(option.default)) options[option.name] = value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  const form = $("create");
  const game = games.find((g) => g.id === form.dataset.game);
  const name = myName();
  const seats = [...form.querySelectorAll("[data-seat]")].map((select) => {
    const kind = select.value;
    if (kind === "me") return name ? { kind: "human", name } : { kind: "human" };
    if (kind === "bot") return { kind: "bot", bot: document.getElementById(`${select.id}-bot`).value };
    return { kind };
  });
  try {
    const options = readOptions(game);
    const pace = $("create-pace").value;
    const settings = { language: $("create-language").value, ...(pace === "live" ? {} : { pace: "turn-based", move_clock: pace }) };
    const made = await api("/tables", { method: "POST", body: { game: game.id, players: seats.length, seats, options, settings } });
    const me = form.querySelector("[data-seat='0']").value === "me" ? made.links[seatLetter(0)]?.token : null;
    remember(made, me);
    location.href = `/tables/${made.table}`;
  } catch (error) { sayRefusal(error); }
}

// -- open tables ---------------------------------------------------------------------------

async function drawOpen() {
  try {
    const tables = await api("/tables?status=waiting");
    const named = Object.fromEntries(games.map((game) => [game.id, game.name]));
    $("open").replaceChildren(...(tables.length ? tables.map((table) => h("li", {},
      h("strong", {}, named[table.game] || table.game), " ",
      h("span", { class: "table-language", lang: table.language }, words.t(`common.lobby.language.${table.language}`)), " · ",
      words.t("common.lobby.open-seats", { open: table.seats.filter((seat) => seat.kind === "open").length, players: table.players }),
      h("div", { class: "row" }, h("a", { href: `/tables/${table.table}` }, words.t("common.lobby.join")))))
      : [h("li", {}, words.t("common.lobby.none-open"))]));
  } catch (error) { say(error.message); }
}

async function main() {
  words = await Words.load(currentLanguage());
  words.apply();
  languagePicker($("lang"));
  wireName();
  games = await api("/games");
  drawGames();
  drawCreate();
  $("create").addEventListener("submit", create);
  await drawOpen();
  setInterval(drawOpen, 5000);
}

main();
