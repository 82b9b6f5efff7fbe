// Moves with free parameters (a clue, a guess, a trade offer, a brake plan) as small forms, built
// from the action forms the server sends with the view (core/forms.py describes their shape).
// The server checks every value again; the page only helps to type something allowed.

import { h } from "./dom.js";
import { seatLetter } from "./i18n.js";

// A parameter's words: the catalogue's "param.NAME" where the game has one, else the server's.
function paramLabel(param, words) {
  return words.has(`param.${param.name}`) ? words.t(`param.${param.name}`) : param.doc || param.name;
}

// A choice's words: the catalogue's "choice.NAME.VALUE" where the game has one, else the value itself.
function choiceLabel(param, choice, words) {
  const key = `choice.${param.name}.${choice}`;
  return words.has(key) ? words.t(key) : choice;
}

// A form's words: the catalogue's "form.KIND" where the game has one, else the server's. Its fields
// are the words of the form's notation: {word2} of "offer B {give} for {take}" is "B".
function formLabel(form, words) {
  if (!words.has(`form.${form.kind}`)) return form.label;
  const fields = Object.fromEntries(form.template.split(" ").map((word, index) => [`word${index + 1}`, word]));
  return words.t(`form.${form.kind}`, fields);
}

function field(param, words, id) {
  const label = h("label", { for: id }, paramLabel(param, words));
  if (param.kind === "int") {
    return [label, h("input", { id, name: param.name, type: "number", min: param.low, max: param.high, required: true, value: param.low })];
  }
  if (param.kind === "seat") {
    const options = [];
    for (let seat = param.low; seat <= param.high; seat++) options.push(h("option", { value: seat }, seatLetter(seat)));
    return [label, h("select", { id, name: param.name }, options)];
  }
  if (param.kind === "choice") {
    return [label, h("select", { id, name: param.name }, param.choices.map((choice) => h("option", { value: choice }, choiceLabel(param, choice, words))))];
  }
  if (param.kind === "choices") {
    return [h("fieldset", {}, h("legend", {}, paramLabel(param, words)),
      param.choices.map((choice, index) => h("label", {},
        h("input", { type: "checkbox", name: param.name, value: choice, id: `${id}-${index}` }), " ", choiceLabel(param, choice, words))))];
  }
  return [label, h("input", { id, name: param.name, type: "text", maxlength: param.max_length, required: true, autocomplete: "off" })];
}

function valuesOf(form, element) {
  const values = {};
  for (const param of form.params) {
    if (param.kind === "choices") {
      values[param.name] = [...element.querySelectorAll(`input[name="${param.name}"]:checked`)].map((box) => box.value).join(" ");
    } else {
      const raw = element.elements[param.name].value;
      values[param.name] = param.kind === "int" || param.kind === "seat" ? Number(raw) : raw;
    }
  }
  return values;
}

// Draw `forms` into `root`; `send(kind, values)` makes the move. A form being typed in keeps its
// values when the same forms come back with a new view (the clock or another seat moved).
export function drawForms(root, forms, words, send) {
  const signature = JSON.stringify(forms);
  if (root.dataset.signature === signature) return;
  root.dataset.signature = signature;
  root.replaceChildren(...forms.map((form, index) => {
    const label = formLabel(form, words);
    const element = h("form", { "aria-label": label },
      h("strong", {}, label),
      form.params.map((param) => field(param, words, `form-${index}-${param.name}`)),
      h("button", { type: "submit", class: "primary" }, words.t("common.moves.send")));
    element.addEventListener("submit", (event) => {
      event.preventDefault();
      send(form.kind, valuesOf(form, element));
    });
    return element;
  }));
}
