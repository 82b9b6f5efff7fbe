// Words of the pages in the reader's language (English or Italian), from JSON catalogues:
// static/i18n/<lang>/common.json (lobby, controls, common prompts; core/i18n/ in the package) and the game's own, web/i18n/<lang>.json
// in its package, served at /games/<game>/i18n/<lang>.json (the game's event sentences, prompts,
// card names and legends). A key missing in Italian falls back to English; a key missing in English
// shows the key itself (the server refuses a game whose catalogue lacks a key). Templates are the
// Python sentences' shape: {field}, {field:seat} → "B", {field:seats} → "A and C", and {field:NAME}
// → the catalogue's "NAME.<value>" of the same file. Plurals have one way: a template may be plural
// forms, {"one": "1 carta", "other": "{count} carte"} (the language's plural categories,
// Intl.PluralRules; "other" required), the form chosen by the count, so "1 carte" cannot be written.
// A number is written the reader's way (Intl.NumberFormat). The terminal fills the same catalogues the
// same way (core/words.py); tests/data/template_cases.json holds the cases both must pass.

export const LANGUAGES = ["en", "it"];
const STORE = "dreamtable.lang";

export function currentLanguage() {
  const chosen = localStorage.getItem(STORE);
  if (LANGUAGES.includes(chosen)) return chosen;
  return (navigator.language || "en").toLowerCase().startsWith("it") ? "it" : "en";
}

export function chooseLanguage(lang) {
  localStorage.setItem(STORE, LANGUAGES.includes(lang) ? lang : "en");
}

async function fetchCatalogue(lang, file) {
  const url = file === "common" ? `/static/i18n/${lang}/common.json` : `/games/${file}/i18n/${lang}.json`;
  const answer = await fetch(url);
  if (!answer.ok) return {};
  return answer.json();
}

// The address of a game's rules page in `lang` (the server shows English for a game without a page in it).
export function rulesHref(gameId, lang, audience = "players") {
  const path = `/rules/${encodeURIComponent(gameId)}${audience === "developers" ? "/developers" : ""}`;
  return lang === "en" ? path : `${path}?lang=${encodeURIComponent(lang)}`;
}

const FIELD = /\{([a-zA-Z_][a-zA-Z0-9_]*)(?::([a-zA-Z-]+))?\}/g;

export function seatLetter(seat) {
  return String.fromCharCode(65 + seat);
}

export class Words {
  // files: "common" and, on a table, the game id. `game` names the file looked in first.
  constructor(lang, game, catalogues) {
    this.lang = lang;
    this.game = game;
    this.catalogues = catalogues; // {lang: {file: {key: template}}}
  }

  static async load(lang, game = null) {
    const files = game ? ["common", game] : ["common"];
    const catalogues = {};
    for (const l of new Set([lang, "en"])) {
      catalogues[l] = {};
      for (const file of files) catalogues[l][file] = await fetchCatalogue(l, file);
    }
    return new Words(lang, game, catalogues);
  }

  // The template of `key`: "common.x" is looked up in common; any other key in the game's file,
  // then in common. The reader's language first, then English.
  template(key) {
    const [file, rest] = key.startsWith("common.") ? [["common"], key.slice(7)] : [[this.game, "common"], key];
    for (const lang of [this.lang, "en"]) {
      for (const f of file) {
        const found = f && this.catalogues[lang]?.[f]?.[rest];
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  has(key) {
    return this.template(key) !== undefined;
  }

  // `key` in words, its fields filled in (its plural form chosen by the count).
  t(key, fields = {}) {
    const template = this.template(key);
    if (template === undefined) return key;
    return this.fill(template, fields, key.startsWith("common.") ? "common." : "");
  }

  // Of plural forms, the one the count asks for in the reader's language; a template stays itself.
  // The count is the plain field the "other" form writes and the "one" form does not ("{count} carte"
  // / "1 carta"), else the first plain field holding a number; never a {seat:seat}.
  pluralForm(template, fields) {
    if (typeof template === "string") return template;
    const plain = (text) => [...(text || "").matchAll(FIELD)].filter((m) => !m[2]).map((m) => m[1]);
    const inOne = new Set(plain(template.one));
    const numbers = plain(template.other).filter((name) => typeof fields[name] === "number");
    const count = numbers.find((name) => !inOne.has(name)) ?? numbers[0];
    if (count === undefined) return template.other;
    this.plurals ??= new Intl.PluralRules(this.lang);
    return template[this.plurals.select(fields[count])] ?? template.other;
  }

  number(value) {
    this.numbers ??= new Intl.NumberFormat(this.lang);
    return this.numbers.format(value);
  }

  fill(template, fields, prefix = "") {
    return this.pluralForm(template, fields).replace(FIELD, (whole, name, spec) => {
      const value = fields[name];
      if (value === undefined) return whole;
      if (spec === "seat") return value === null ? this.t("common.the-game") : seatLetter(value);
      if (spec === "seats") return this.list((value || []).map(seatLetter));
      if (spec) {
        const named = `${prefix}${spec}.${value}`;
        return this.has(named) ? this.t(named) : String(value);
      }
      if (typeof value === "number") return this.number(value);
      return value === null ? "—" : String(value);
    });
  }

  // An event or a question in words from the message the server sends with it (the game makes it in
  // Python, core/words.py): its key filled with `fields` (the event's own) and the message's fields
  // over them, each nested message ({key, fields}) or list ({list: [...]}) put in words first.
  message(message, fields = {}) {
    const merged = { ...fields };
    for (const [name, value] of Object.entries(message.fields || {})) merged[name] = this.value(value);
    return this.t(message.key, merged);
  }

  value(value) {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      if ("key" in value) return this.message(value);
      if ("list" in value) return this.list(value.list.map((item) => String(this.value(item))));
    }
    return value;
  }

  list(items) {
    if (items.length === 0) return this.t("common.nobody");
    if (items.length === 1) return items[0];
    return `${items.slice(0, -1).join(", ")} ${this.t("common.and")} ${items[items.length - 1]}`;
  }

  // Fill every element marked data-t="key" (and data-t-title for a title) under `root`.
  apply(root = document) {
    for (const node of root.querySelectorAll("[data-t]")) node.textContent = this.t(node.dataset.t);
    for (const node of root.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", this.t(node.dataset.tLabel));
    document.documentElement.lang = this.lang;
  }
}

// The language picker of a page: shows the current language, remembers a new choice and reloads.
export function languagePicker(select) {
  select.value = currentLanguage();
  select.addEventListener("change", () => {
    chooseLanguage(select.value);
    location.reload();
  });
}
