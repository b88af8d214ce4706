// Hash router: "#/match/abc" mounts the match page with {id: "abc"}. Each page is a function
// mount(root, params) returning {destroy()}; the previous page is destroyed before the next.

const routes = [];
let current = null;
let root = null;

/** Register `pattern` such as "/replay/:id/:step?" for `mount`. */
export function route(pattern, mount) {
  const names = [];
  const source = pattern.split("/").map((part) => {
    if (!part.startsWith(":")) return part;
    const optional = part.endsWith("?");
    names.push(part.slice(1, optional ? -1 : undefined));
    return optional ? "?([^/]*)" : "([^/]+)";
  }).join("/");
  routes.push({ regex: new RegExp(`^${source}/?$`), names, mount });
}

/** Return the path of the current hash ("/" for none). */
export const currentPath = () => decodeURIComponent(location.hash.replace(/^#/, "")) || "/";

/** Go to `path` (adds a history entry). */
export function navigate(path) {
  if (currentPath() === path) render();
  else location.hash = `#${path}`;
}

/** Change the hash without remounting (e.g. the replay step) and without a history entry. */
export function replacePath(path) {
  history.replaceState(null, "", `#${path}`);
}

/** Mount the page of the current hash (also used to re-render after a language change). */
export function render() {
  current?.destroy?.();
  current = null;
  const path = currentPath();
  for (const { regex, names, mount } of routes) {
    const match = regex.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, match[i + 1] || undefined]));
    root.replaceChildren();
    current = mount(root, params);
    return;
  }
  navigate("/");
}

/** Start routing into `element`. */
export function startRouter(element) {
  root = element;
  window.addEventListener("hashchange", render);
  render();
}
