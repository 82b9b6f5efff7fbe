// A game's leaderboard (/ratings/GAME): the registered players by rating (openskill's ordinal,
// mu - 3 sigma, one decimal), with the bots that played rated games between them as yardsticks:
// marked as bots and given no rank, so a player reads "above the hard bot" at a glance.

import { h } from "./dom.js";
import { currentLanguage, languagePicker, Words } from "./i18n.js";
import { botName, profileLink } from "./player_links.js";

const $ = (id) => document.getElementById(id);

function line(player, rank, words) {
  const bot = player.kind === "bot";
  return h("tr", { class: bot ? "bot-line" : "player-line" },
    h("td", {}, bot ? h("span", { class: "badge bot-badge" }, words.t("common.ratings.bot-mark")) : String(rank)),
    h("th", { scope: "row" }, bot ? botName(player.name, words) : h("a", { href: profileLink(player.name) }, player.name)),
    h("td", { class: "number" }, player.rating.toFixed(1)),
    h("td", { class: "number" }, String(player.games)));
}

async function main() {
  const words = await Words.load(currentLanguage());
  words.apply();
  languagePicker($("lang"));
  const game = decodeURIComponent(location.pathname.split("/")[2] || "");
  try {
    const answer = await fetch(`/api/ratings/${encodeURIComponent(game)}?bots=true&limit=200`);
    const data = await answer.json();
    if (!answer.ok) throw new Error(data.message || `${answer.status}`);
    const games = await (await fetch("/api/games")).json();
    const name = games.find((known) => known.id === data.game)?.name || data.game;
    $("title").textContent = words.t("common.ratings.title-of", { game: name });
    document.title = `${$("title").textContent} · dreamtable`;
    let rank = 0;
    const rows = data.players.map((player) => line(player, player.kind === "bot" ? null : ++rank, words));
    $("board-table").querySelector("tbody").replaceChildren(...rows);
    if (!rank) $("status").textContent = words.t("common.ratings.none");
  } catch (error) {
    $("status").textContent = error.message;
    $("board-table").hidden = true;
  }
}

main();
