// A game's rules page: its small pictures are drawn by the game's own board module. Each
// <figure class="drawing" data-draw="KIND" data-…> (a ```figure block of the markdown, server/web.py)
// is handed, as its data attributes, to the module's figure(spec, words) export, which returns the
// drawing; the figure is then marked data-drawn="yes" (or "no" when the module has nothing to draw).
// The figures name the cards in the page's language when the game has a catalogue in it, else in
// English (body data-words, chosen by the server, so no missing catalogue is fetched).
//
// The server picks the page's language from ?lang= or, without it, from the browser's
// Accept-Language (server/web.py); a reader who chose another language on our pages (the lobby's
// picker, stored in this browser) is sent to that language's page. With ?lang= in the address the
// page stays as asked, so this never loops.

import { loadGame } from "./envelope.js";
import { currentLanguage, Words } from "./i18n.js";

function followChosenLanguage() {
  const address = new URL(location.href);
  if (address.searchParams.has("lang")) return false;
  const chosen = currentLanguage();
  if (chosen === document.body.dataset.asked) return false;
  address.searchParams.set("lang", chosen);
  location.replace(address.href);
  return true;
}

async function drawFigures() {
  const figures = [...document.querySelectorAll("figure.drawing[data-draw]")];
  if (!figures.length) return;
  const gameId = document.body.dataset.game;
  const words = await Words.load(document.body.dataset.words || "en", gameId);
  const game = await loadGame(gameId);
  for (const figure of figures) {
    const spec = { ...figure.dataset };
    let drawing = null;
    try {
      drawing = game.figure ? await game.figure(spec, words) : null;
    } catch (error) {
      console.error(`figure ${spec.draw}:`, error);
    }
    if (drawing) figure.querySelector(".drawn").append(drawing);
    figure.dataset.drawn = drawing ? "yes" : "no";
  }
}

if (!followChosenLanguage()) drawFigures();
