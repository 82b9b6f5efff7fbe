// "My games": the account's tables, waiting, in play and finished, with whose turn it is, the link
// that opens each seat (on any device the account logs in on) and the replay of a finished game.

import { h } from "./dom.js";
import { currentLanguage, languagePicker, Words } from "./i18n.js";
import { accountApi } from "./account.js";

const $ = (id) => document.getElementById(id);

// What is left of a turn-based game's move clock in the reader's words and plurals ("23 hours", "2 giorni").
function clockLeft(seconds, words) {
  const [unit, size] = seconds >= 2 * 86400 ? ["day", 86400] : seconds >= 2 * 3600 ? ["hour", 3600] : ["minute", 60];
  const amount = Math.max(1, Math.floor(seconds / size));
  return new Intl.NumberFormat(words.lang, { style: "unit", unit, unitDisplay: "long" }).format(amount);
}

function item(game, words, names) {
  const seats = game.seats.map((seat) => `${seat.letter}: ${seat.letter === game.letter ? words.t("common.you")
    : seat.name || words.t(`common.account.kind.${seat.kind}`)}`).join(", ");
  let state = "";
  if (game.status === "playing") {
    state = game.your_turn ? words.t("common.account.your-turn")
                           : words.t("common.account.turn", { seats: game.turn.join(", ") || "—" });
    if (game.clock_seconds !== undefined) {
      state += ` · ${game.clock_seconds > 0 ? words.t("common.account.clock", { left: clockLeft(game.clock_seconds, words) })
                                            : words.t("common.account.clock-out")}`;
    }
  } else if (game.status === "waiting") {
    state = words.t("common.account.open-seats", { open: game.open_seats });
  }
  return h("li", {},
    h("strong", {}, names[game.game] || game.game), " ",
    h("span", {}, words.t("common.account.seat", { letter: game.letter })),
    h("div", {}, seats),
    state ? h("div", {}, state) : null,
    h("div", { class: "row" },
      h("a", { href: game.url }, words.t(game.status === "over" ? "common.account.open-table" : "common.account.play")),
      game.replay ? h("a", { href: game.replay }, words.t("common.account.replay")) : null));
}

async function main() {
  const words = await Words.load(currentLanguage());
  words.apply();
  languagePicker($("lang"));
  try {
    const [mine, games] = [await accountApi("/games"), await (await fetch("/api/games")).json()];
    const names = Object.fromEntries(games.map((game) => [game.id, game.name]));
    $("who").textContent = words.t("common.account.as", { name: mine.account.name });
    for (const status of ["waiting", "playing", "over"]) {
      const found = mine.games.filter((game) => game.status === status);
      $(`games-${status}`).replaceChildren(...(found.length ? found.map((game) => item(game, words, names))
                                                             : [h("li", {}, words.t("common.account.none"))]));
    }
  } catch (error) {
    $("who").textContent = error.message;
  }
}

main();
