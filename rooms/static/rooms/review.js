/* The computer's review on the replay page (rooms/review.html, in <section id="review">):
   fetched from the server (GET; "Review this round" POSTs), asked again every second
   while the review's worker computes it, and showing the note of the replay's step
   (`replay:step` {step}, fired by replay.js); once done, its marked decisions go on the
   replay's slider as marks (placed along the track by their step). No rule of any game
   is here. */
(() => {
  "use strict";
  const section = document.getElementById("review");
  if (!section || !section.dataset.reviewUrl) return;
  const url = section.dataset.reviewUrl;
  const headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
  // The step the replay opened at (its link's ?step=), until replay.js says another.
  let step = Number(document.getElementById("replay")?.dataset.start || 0);
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

  /** The review's marks (rooms/review.html) onto the slider's track. */
  function placeMarks() {
    const marks = section.querySelector("[data-review-marks]");
    const place = document.querySelector('[data-replay="marks"]');
    if (!marks || !place) return;
    const last = Math.max(1, Number(marks.dataset.last));
    for (const mark of marks.querySelectorAll("[data-mark-step]")) {
      mark.style.left = `${(100 * Number(mark.dataset.markStep)) / last}%`;
    }
    place.replaceChildren(marks);
  }

  /** The marked decisions as dots on the replay's chart, once the review is done. */
  function placeDots() {
    const dots = section.querySelector("[data-chart-dots-source] [data-chart-dots]");
    if (dots) document.querySelector("[data-replay-chart] [data-chart-dots]")?.replaceWith(dots);
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
    placeMarks();
    placeDots();
    showStep();
    const panel = section.querySelector("[data-review-status]");
    const status = panel ? panel.dataset.reviewStatus : "";
    if (status === "running" || status === "pending") timer = setTimeout(() => load("GET"), 1000);
  }

  section.addEventListener("click", (event) => {
    const button = event.target.closest('[data-review="start"]');
    if (!button) return;
    button.disabled = true;
    // The button goes with the answer: the focus goes on to the replay's steps, where the
    // review's notes are read (its progress is said by its own status line).
    load("POST").then(() => {
      if (document.activeElement === document.body || !document.activeElement) {
        const next = document.querySelector('[data-replay="forward"]');
        if (next) next.focus();
      }
    });
  });
  document.addEventListener("replay:step", (event) => {
    step = event.detail.step;
    showStep();
  });
  load("GET");
})();
