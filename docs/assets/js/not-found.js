// The 404 page greets the reader in the language of the address asked for (docs/overrides/404.html):
// below the site's German folder it shows the German greeting, elsewhere the English one, and sets the
// page's language and title to match. The site's root is where this script lives, two folders up.
(() => {
  const root = new URL("../../", document.currentScript.src).pathname;
  const asked = location.pathname.startsWith(root) ? location.pathname.slice(root.length) : "";
  const lang = /^de(\/|$)/.test(asked) ? "de" : "en";
  for (const part of document.querySelectorAll("[data-not-found]")) {
    part.hidden = part.dataset.notFound !== lang;
  }
  const shown = document.querySelector(`section[data-not-found="${lang}"]`);
  document.documentElement.lang = lang;
  if (shown) document.title = shown.dataset.title;
})();
