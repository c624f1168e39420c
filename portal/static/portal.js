/* Embarque Legal — progressive enhancement only: every page works without this file.
 * After htmx replaces part of a page, tell screen-reader users what changed and put
 * the keyboard focus somewhere sensible. */
(function () {
  "use strict";
  function announce(text) {
    var region = document.getElementById("anuncio");
    if (!region || !text) { return; }
    region.textContent = "";
    window.setTimeout(function () { region.textContent = text.trim().replace(/\s+/g, " "); }, 50);
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (!target) { return; }
    var message = target.querySelector("[data-announce]");
    if (message) { announce(message.textContent); }
    var focusTarget = target.querySelector("[data-focus]");
    if (focusTarget) {
      if (!focusTarget.hasAttribute("tabindex")) { focusTarget.setAttribute("tabindex", "-1"); }
      focusTarget.focus();
    }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-print]");
    if (button) { window.print(); }
  });
  /* 4xx answers carry a form with the error explained: show them instead of ignoring them. */
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr.status === 400) { event.detail.shouldSwap = true; event.detail.isError = false; }
  });
  document.addEventListener("htmx:responseError", function (event) {
    announce(document.documentElement.lang.indexOf("pt") === 0
      ? "Não foi possível atualizar. Tente de novo."
      : "Could not update. Please try again.");
  });
})();
