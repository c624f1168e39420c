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
  /* "Imprimir": a plain link to the page laid out for paper (works without JavaScript);
   * with JavaScript it opens the print dialog for the page as it is. */
  document.addEventListener("click", function (event) {
    var printer = event.target.closest("[data-print]");
    if (printer) { event.preventDefault(); window.print(); return; }
    var copier = event.target.closest("[data-copy]");
    if (copier) {
      var text = copier.getAttribute("data-copy");
      var done = function () { announce(copier.getAttribute("data-copied") || text); copier.setAttribute("data-state", "copiado"); };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, function () { announce(text); });
      }
      return;
    }
    var sharer = event.target.closest("[data-share-url]");
    if (sharer && navigator.share) {
      navigator.share({ title: sharer.getAttribute("data-share-title") || document.title, text: sharer.getAttribute("data-share-text") || "", url: sharer.getAttribute("data-share-url") })
        .catch(function () { /* the person closed the share sheet */ });
    }
  });
  /* On paper the reasons ("Por quê?") are part of the result: open them before printing. */
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details.why").forEach(function (el) { el.open = true; });
  });
  /* Copy and share buttons exist only where the browser can do it (they start hidden). */
  function revealEnhancements(root) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      root.querySelectorAll("[data-copy][hidden]").forEach(function (el) { el.hidden = false; });
    }
    if (navigator.share) {
      root.querySelectorAll("[data-share-url][hidden]").forEach(function (el) { el.hidden = false; });
    }
  }
  document.addEventListener("DOMContentLoaded", function () { revealEnhancements(document); });
  /* The header menu is open on wide screens by CSS (::details-content); browsers without that
   * pseudo-element get it opened here. */
  document.addEventListener("DOMContentLoaded", function () {
    var menu = document.getElementById("menu");
    if (menu && window.matchMedia && window.matchMedia("(min-width: 48rem)").matches) { menu.open = true; }
  });
  document.addEventListener("htmx:afterSwap", function (event) { if (event.detail.target) { revealEnhancements(event.detail.target); } });
  /* A long plain form post (the staff registry import): say it is working while the
   * browser uploads and the server validates, instead of a page that seems frozen. */
  document.addEventListener("submit", function (event) {
    var busy = event.target.querySelector && event.target.querySelector("[data-busy][hidden]");
    if (busy) { busy.hidden = false; announce(busy.textContent); }
  });
  /* htmx keeps the page for the Back button as HTML, which holds what was typed or ticked only
   * if it is in the attributes: copy it there first, so Back brings the step back as it was. */
  document.addEventListener("htmx:beforeHistorySave", function () {
    document.querySelectorAll("input[type=radio], input[type=checkbox]").forEach(function (el) {
      if (el.checked) { el.setAttribute("checked", ""); } else { el.removeAttribute("checked"); }
    });
    document.querySelectorAll("input[type=text], input[type=number], input[type=date], input[type=search]").forEach(function (el) {
      el.setAttribute("value", el.value);
    });
  });
  /* Error answers to an htmx request are partials with the error explained (portal/errors.py):
   * show them in place instead of ignoring them. */
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (xhr.status >= 400 && xhr.status < 600 && xhr.responseText.indexOf("<html") === -1) {
      event.detail.shouldSwap = true; event.detail.isError = false;
    }
  });
  document.addEventListener("htmx:responseError", function (event) {
    announce(document.documentElement.lang.indexOf("pt") === 0
      ? "Não foi possível atualizar. Tente de novo."
      : "Could not update. Please try again.");
  });
})();
