/* The computer's review on the replay page (rooms/review.html, in <section id="review">):
   fetched from the server (GET; "Review this round" POSTs), asked again every second
   while the review's worker computes it, and showing the note of the replay's step
   (`replay:step` {step}, fired by replay.js). No rule of any game is here. */
(() => {
  "use strict";
  const section = document.getElementById("review");
  if (!section || !section.dataset.reviewUrl) return;
  const url = section.dataset.reviewUrl;
  const headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
  let step = 0;
  let timer = null;

  function showStep() {
    let found = false;
    for (const note of section.querySelectorAll("[data-review-step]")) {
      const here = Number(note.dataset.reviewStep) === step;
      note.hidden = !here;
      found = found || here;
    }
    const none = section.querySelector("[data-review-none]");
    if (none) none.hidden = found;
  }

  async function load(method) {
    clearTimeout(timer);
    let html;
    try {
      const response = await fetch(url, { method, headers: { Accept: "text/html", ...headers } });
      html = await response.text();
    } catch (error) {
      timer = setTimeout(() => load("GET"), 3000); // the server is away: ask again
      return;
    }
    section.innerHTML = html;
    showStep();
    const panel = section.querySelector("[data-review-status]");
    const status = panel ? panel.dataset.reviewStatus : "";
    if (status === "running" || status === "pending") timer = setTimeout(() => load("GET"), 1000);
  }

  section.addEventListener("click", (event) => {
    const button = event.target.closest('[data-review="start"]');
    if (!button) return;
    button.disabled = true;
    load("POST");
  });
  document.addEventListener("replay:step", (event) => {
    step = event.detail.step;
    showStep();
  });
  load("GET");
})();
