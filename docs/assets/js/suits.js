// The four-colour suits switch in every page's header (the build hook writes the button, in the
// page's language, and a line in <head> that applies the stored setting before the page is drawn).
// The setting is <html data-suits="four">, kept in localStorage for every page of the site;
// tutor.css colours ♦ and ♣ of every board from it. This script holds no text.

const root = document.documentElement;

function applied(four) {
  if (four) root.dataset.suits = "four";
  else delete root.dataset.suits;
  for (const button of document.querySelectorAll(".tutor-suits-toggle")) {
    button.setAttribute("aria-pressed", four ? "true" : "false");
  }
}

function wire() {
  const button = document.querySelector(".tutor-suits-toggle");
  if (!button) return;
  const key = button.dataset.key;
  applied(root.dataset.suits === "four");
  button.addEventListener("click", () => {
    const four = root.dataset.suits !== "four";
    applied(four);
    try {
      if (four) localStorage.setItem(key, "four");
      else localStorage.removeItem(key);
    } catch {
      // storage turned off: the setting holds for this page only
    }
  });
  // another tab changed it: follow
  addEventListener("storage", (event) => {
    if (event.key === key) applied(event.newValue === "four");
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
else wire();
