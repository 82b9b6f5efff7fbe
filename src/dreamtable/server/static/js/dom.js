// Small helpers to build the page: elements (HTML and SVG) with attributes and children.

const SVG_NS = "http://www.w3.org/2000/svg";

function build(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (name === "text") node.textContent = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// h("button", {class: "primary", onclick: go}, "Play")
export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// s("rect", {x: 0, y: 0, width: 10, height: 10})
export function s(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

// Make a drawn thing act like a button: focusable, Enter and Space press it, and named for
// screen readers. Used for clickable cards, slots, tiles and squares.
export function pressable(node, label, onPress) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", (event) => {
    event.stopPropagation();
    if (event.detail > 1) return; // the second click of a double click is not a second press
    onPress();
  });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); onPress(); }
  });
  return node;
}

// A hover/tap legend for a symbol: a <title> in SVG (shown on hover), title attribute in HTML.
export function legend(node, text) {
  if (node instanceof SVGElement) node.prepend(s("title", {}, text));
  else node.title = text;
  return node;
}
