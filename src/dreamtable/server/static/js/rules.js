// A game's rules page: its small pictures are drawn by the game's own board module. Each
// <figure class="drawing" data-draw="KIND" data-…> (a ```figure block of the markdown, server/web.py)
// is handed, as its data attributes, to the module's figure(spec, words) export, which returns the
// drawing; the figure is then marked data-drawn="yes" (or "no" when the module has nothing to draw).
// The page is in English, so the game's English words name the cards.

import { loadGame } from "./envelope.js";
import { Words } from "./i18n.js";

async function drawFigures() {
  const figures = [...document.querySelectorAll("figure.drawing[data-draw]")];
  if (!figures.length) return;
  const gameId = document.body.dataset.game;
  const words = await Words.load("en", gameId);
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

drawFigures();
