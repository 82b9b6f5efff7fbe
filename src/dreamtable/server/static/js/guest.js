// The guest's name: asked once (in the lobby, or when taking a seat), kept in this browser, and sent
// when creating or joining a table so the other seats see it. A display name only, not an account.

const STORE = "dreamtable.name";
export const MAX_NAME = 40; // the server's limit (server/schemas.py)

export function storedName() {
  return localStorage.getItem(STORE) || "";
}

export function rememberName(name) {
  const clean = (name || "").trim().slice(0, MAX_NAME);
  if (clean) localStorage.setItem(STORE, clean);
  else localStorage.removeItem(STORE);
  return clean;
}
