// A player's profile (/players/NAME): rating, games played and win rate per game, and the latest
// finished games with the place taken and a link to the replay. Only finished games are listed
// (the server keeps a result once a table is over), so nothing of a game in play shows here.

import { h } from "./dom.js";
import { currentLanguage, languagePicker, Words } from "./i18n.js";
import { botName, profileLink } from "./player_links.js";

const $ = (id) => document.getElementById(id);

function percent(rate) {
  return rate === null || rate === undefined ? "—" : `${Math.round(rate * 100)}%`;
}

function perGame(line, words) {
  return h("tr", {},
    h("th", { scope: "row" }, h("a", { href: `/ratings/${line.game}` }, line.name)),
    h("td", { class: "number" }, line.rating === null ? "—" : line.rating.toFixed(1)),
    h("td", { class: "number" }, String(line.played)),
    h("td", { class: "number" }, words.t("common.player.won-of", { rate: percent(line.win_rate), won: line.won })));
}

function seatName(seat, words) {
  if (seat.kind === "account") return h("a", { href: profileLink(seat.name) }, seat.name);
  if (seat.kind === "bot") return botName(seat.name, words);
  return seat.name || words.t("common.account.kind.human");
}

function result(game, words) {
  const outcome = game.left ? words.t("common.player.left")
    : game.won ? words.t("common.player.won") : words.t("common.player.place", { place: game.place, players: game.players });
  const others = game.seats.filter((seat) => seat.letter !== game.letter);
  const when = new Date(game.finished_at * 1000).toLocaleDateString(words.lang, { day: "numeric", month: "short", year: "numeric" });
  return h("li", {},
    h("strong", {}, game.name), " ",
    h("span", { class: `badge ${game.won ? "won" : "lost"}` }, outcome),
    h("div", {}, words.t("common.player.against"), " ", others.flatMap((seat, i) => [i ? ", " : "", seatName(seat, words)])),
    h("div", { class: "quiet" }, when, game.rated ? "" : ` · ${words.t("common.player.unrated")}`),
    h("div", { class: "row" }, h("a", { href: game.replay }, words.t("common.account.replay"))));
}

async function main() {
  const words = await Words.load(currentLanguage());
  words.apply();
  languagePicker($("lang"));
  const name = decodeURIComponent(location.pathname.split("/")[2] || "");
  try {
    const answer = await fetch(`/api/players/${encodeURIComponent(name)}`);
    const data = await answer.json();
    if (!answer.ok) throw new Error(data.message || `${answer.status}`);
    $("title").textContent = data.name;
    document.title = `${data.name} · dreamtable`;
    $("status").textContent = words.t("common.player.since", {
      date: new Date(data.since * 1000).toLocaleDateString(words.lang, { month: "long", year: "numeric" }) });
    $("per-game").querySelector("tbody").replaceChildren(...data.games.map((line) => perGame(line, words)));
    $("ratings-part").hidden = !data.games.length;
    $("recent").replaceChildren(...(data.recent.length ? data.recent.map((game) => result(game, words))
                                                       : [h("li", {}, words.t("common.player.no-games"))]));
    $("recent-part").hidden = false;
  } catch (error) {
    $("title").textContent = words.t("common.player.missing");
    $("status").textContent = error.message;
  }
}

main();
