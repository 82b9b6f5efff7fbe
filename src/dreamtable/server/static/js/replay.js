// The replay of a finished game: step through it as any seat or as a spectator. Each step is the
// view that seat had then (the server replays the record; a seat's hidden cards stay hidden from
// the others exactly as they were during the game).

import { h } from "./dom.js";
import { drawLog, drawOutcome, drawPlayers, loadGame, promptText } from "./envelope.js";
import { currentLanguage, languagePicker, Words } from "./i18n.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const $ = (id) => document.getElementById(id);
const page = { words: null, game: null, summary: null, steps: 0 };

async function api(path) {
  const answer = await fetch(`/api${path}`);
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(data.message || `${answer.status}`);
  return data;
}

async function show(step) {
  const seat = $("as").value;
  try {
    const shown = await api(`/tables/${tableId}/replay?step=${step}${seat === "" ? "" : `&seat=${seat}`}`);
    page.steps = shown.steps;
    $("step").max = shown.steps;
    $("step").value = shown.step;
    $("step-out").textContent = `${shown.step} / ${shown.steps}`;
    const w = page.words;
    const view = shown.view;
    drawPlayers($("players"), view, page.summary.seats, w);
    $("prompt").textContent = promptText(view, w);
    const ctx = { view, board: view.board, seat: view.seat, words: w, seats: page.summary.seats, legal: [], forms: [],
                  busy: false, interactive: false, ui: {}, play: () => {}, fill: () => {}, redraw: () => {} };
    const drawn = page.game.render(ctx);
    $("board").replaceChildren(...(drawn ? [drawn] : []));
    drawOutcome($("outcome"), view, w, page.game);
    $("log").replaceChildren();
    drawLog($("log"), shown.events, w);
    $("status").textContent = "";
  } catch (error) {
    $("status").textContent = error.message;
  }
}

async function main() {
  page.words = await Words.load(currentLanguage());
  languagePicker($("lang"));
  try {
    page.summary = await api(`/tables/${tableId}`);
  } catch (error) {
    page.words.apply();
    $("status").textContent = error.message;
    return;
  }
  page.words = await Words.load(currentLanguage(), page.summary.game);
  page.game = await loadGame(page.summary.game);
  const w = page.words;
  w.apply();
  $("game-name").textContent = w.has("name") ? w.t("name") : page.summary.game;
  $("as").replaceChildren(h("option", { value: "" }, w.t("common.replay.spectator")),
    ...page.summary.seats.map((seat) => h("option", { value: seat.seat }, w.t("common.seat", { seat: seat.seat }))));
  const step = () => Number($("step").value);
  $("as").addEventListener("change", () => show(step()));
  $("step").addEventListener("input", () => show(step()));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(Math.max(0, step() - 1)));
  $("next").addEventListener("click", () => show(Math.min(page.steps, step() + 1)));
  $("last").addEventListener("click", () => show(page.steps));
  await show(0);
}

main();
