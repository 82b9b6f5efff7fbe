// Player accounts in the browser: the lobby's log-in box (register, log in, log out), and the CSRF
// header every page's API calls send while logged in. Playing needs no account: a guest plays by link.
// The session cookie is HttpOnly (no script reads it); the CSRF token is the dt_csrf cookie, sent back
// as the X-CSRF-Token header (the server refuses a write made with the session but without it).
// On register or log-in, the seat tokens this browser holds are sent along, so its seats become the
// account's and reach any device the person logs in on (/me lists them).

import { h } from "./dom.js";
import { currentLanguage, Words } from "./i18n.js";

function cookie(name) {
  const found = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

// The header a write needs while logged in (none for a guest).
export function accountHeaders() {
  const token = cookie("dt_csrf");
  return token ? { "x-csrf-token": token } : {};
}

export async function accountApi(path, { method = "GET", body } = {}) {
  const answer = await fetch(`/api/account${path}`, {
    method, headers: { "content-type": "application/json", ...accountHeaders() },
    body: body ? JSON.stringify(body) : undefined });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(data.message || `${answer.status}`);
  return data;
}

// Every seat token this browser keeps (the lobby and the table page store them by table).
export function heldSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith("dreamtable.seat.")) seats.push({ table: key.slice(16), token: localStorage.getItem(key) });
  }
  return seats.slice(0, 100);
}

// Logging out on a shared computer leaves none of the account's seat links in this browser.
async function forgetAccountSeats() {
  const { games } = await accountApi("/games");
  for (const game of games) {
    for (const kind of ["seat", "host", "links"]) localStorage.removeItem(`dreamtable.${kind}.${game.table}`);
  }
}

// The account's tables in play, each marked "Your turn" when it waits for this account, and how many
// wait (also in the tab's title, so a player in another tab sees it). Asked again every few seconds.
const TURNS_EVERY = 8000;
let turnsTimer = null;
const plainTitle = document.title;

async function drawTurns(list, words) {
  let games = [];
  try { ({ games } = await accountApi("/games")); } catch { return; }
  const playing = games.filter((game) => game.status === "playing");
  const waiting = playing.filter((game) => game.your_turn).length;
  const names = list.dataset.names ? JSON.parse(list.dataset.names) : {};
  list.previousElementSibling.textContent = waiting ? words.t("common.account.waiting-for-you", { count: waiting }) : "";
  document.title = waiting ? `(${waiting}) ${plainTitle}` : plainTitle;
  list.replaceChildren(...playing.map((game) => h("li", { class: game.your_turn ? "my-turn" : "" },
    h("a", { href: game.url }, names[game.game] || game.game), " ",
    game.your_turn ? h("span", { class: "badge turn-badge" }, words.t("common.account.your-turn"))
                   : h("span", { class: "quiet" }, words.t("common.account.turn", { seats: game.turn.join(", ") || "—" })))));
}

async function watchTurns(box, words) {
  clearInterval(turnsTimer);
  const list = box.querySelector("#my-tables");
  try {
    const games = await (await fetch("/api/games")).json();
    list.dataset.names = JSON.stringify(Object.fromEntries(games.map((game) => [game.id, game.name])));
  } catch { /* the ids will do */ }
  await drawTurns(list, words);
  turnsTimer = setInterval(() => drawTurns(list, words), TURNS_EVERY);
}

async function drawBox(box, words) {
  const say = (text) => { box.querySelector("[role=status]").textContent = text; };
  let me = { account: null };
  try { me = await accountApi(""); } catch (error) { me = { account: null, problem: error.message }; }
  const status = h("p", { role: "status", "aria-live": "polite" }, me.problem || "");
  if (me.account) {
    box.replaceChildren(h("div", { class: "row" },
      h("span", {}, words.t("common.account.as", { name: me.account.name })),
      h("a", { href: `/players/${encodeURIComponent(me.account.name)}` }, words.t("common.account.profile")),
      h("a", { href: "/me" }, words.t("common.account.my-games")),
      h("button", { type: "button", onclick: async () => {
        try {
          await forgetAccountSeats();
          await accountApi("/logout", { method: "POST" });
          await drawBox(box, words);
        } catch (error) { say(error.message); }
      } }, words.t("common.account.logout"))),
      h("p", { id: "turn-count", class: "turn-count", "aria-live": "polite" }), h("ul", { id: "my-tables", class: "my-tables" }), status);
    accountApi("/claim", { method: "POST", body: { seats: heldSeats() } }).catch(() => {});
    watchTurns(box, words);
    return;
  }
  clearInterval(turnsTimer);
  document.title = plainTitle;
  const field = (id, type, key, complete) => h("div", { class: "field" },
    h("label", { for: id }, words.t(key)), h("input", { id, type, autocomplete: complete, required: true }));
  const send = (path) => async (event) => {
    event.preventDefault();
    const body = { name: box.querySelector("#account-name").value, password: box.querySelector("#account-password").value,
                   seats: heldSeats() };
    try {
      await accountApi(path, { method: "POST", body });
      await drawBox(box, words);
    } catch (error) { say(error.message); }
  };
  const form = h("form", { class: "panel", onsubmit: send("/login") },
    h("p", {}, words.t("common.account.why")),
    field("account-name", "text", "common.account.name", "username"),
    field("account-password", "password", "common.account.password", "current-password"),
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary" }, words.t("common.account.login")),
      h("button", { type: "button", onclick: send("/register") }, words.t("common.account.register"))));
  box.replaceChildren(form, status);
}

async function main() {
  const box = document.getElementById("account");
  if (!box) return;
  const words = await Words.load(currentLanguage());
  await drawBox(box, words);
}

main();
