/* The replay page (rooms/replay.html): steps through a finished round. Each step's board
   is drawn by the server (GET /replays/<code>/<n>/, the game's own board in mode
   "replay") and kept here once fetched; no rule of any game is here. Whenever the shown
   step changes, `replay:step` {step} is fired on document (the computer's review listens)
   and the address's `?step=` follows it (history.replaceState), so that a link copied
   then opens at that step (the server draws it: data-start). M and Shift+M go to the
   next and previous decision the review marked (its marks on the slider, review.js).
   A click on the chart under the board (a step's column, a dot) shows that step. */
(() => {
  "use strict";
  const page = document.getElementById("replay");
  if (!page) return;
  const last = Number(page.dataset.last);
  const base = page.dataset.stepUrl.replace(/0\/$/, ""); // "/replays/<code>/"
  const part = (name) => page.querySelector(`[data-replay="${name}"]`);
  const frame = part("frame");
  const position = part("position");
  const slider = part("slider");
  const message = part("message");
  const playButton = part("play");
  const speed = part("speed");
  const chart = part("chart"); // the chart of the chances, none for a game without
  const start = Number(page.dataset.start || 0);
  const frames = new Map([[start, frame.innerHTML]]);
  let shown = start;

  /** A step is read, never played: its pieces stay in the page (a screen reader reads
      the board, the result table) but out of the Tab order, and with no script of the
      board loaded here a press does nothing. */
  function readOnly() {
    frame.querySelectorAll("button, a[href], input, select, textarea, [tabindex]").forEach((each) => {
      each.setAttribute("tabindex", "-1");
    });
  }
  readOnly();
  frame.removeAttribute("inert");
  let wanted = start;
  let timer = null;

  async function fetchStep(step) {
    if (frames.has(step)) return frames.get(step);
    const response = await fetch(`${base}${step}/`, { headers: { Accept: "text/html" } });
    const html = await response.text();
    if (!response.ok) throw new Error(html);
    frames.set(step, html);
    return html;
  }

  function label(step) {
    if (step === 0) return position.dataset.dealt;
    return position.dataset.pattern.replace("{step}", step).replace("{last}", last);
  }

  /** The address says the step shown (none as dealt), for a link to it. */
  function remember(step) {
    const url = new URL(window.location.href);
    if (step) url.searchParams.set("step", String(step));
    else url.searchParams.delete("step");
    history.replaceState(history.state, "", url);
  }

  /** The steps the review marked (its marks on the slider), in order. */
  function markedSteps() {
    return [...document.querySelectorAll("[data-mark-step]")].map((mark) => Number(mark.dataset.markStep));
  }

  function say(text) {
    message.textContent = text;
    message.classList.add("is-note");
    message.hidden = false;
  }
  message.addEventListener("click", () => {
    message.hidden = true;
  });

  function toMistake(later) {
    const steps = markedSteps();
    if (!steps.length) return say(page.dataset.noMarks);
    const found = later ? steps.find((step) => step > wanted) : steps.reverse().find((step) => step < wanted);
    if (found === undefined) return say(later ? page.dataset.noNext : page.dataset.noPrevious);
    show(found);
  }

  async function show(step, keepMessage = false) {
    step = Math.max(0, Math.min(last, step));
    wanted = step;
    let html;
    try {
      html = await fetchStep(step);
    } catch (error) {
      stop();
      message.hidden = false;
      message.classList.remove("is-note");
      const box = document.createElement("div");
      box.innerHTML = error.message;
      message.textContent = box.textContent.trim();
      return;
    }
    if (wanted !== step) return; // a later choice overtook this one
    if (!keepMessage) message.hidden = true;
    // A step forward moves its pieces as the game did (motion.js); a jump does not.
    const motion = window.PlayMotion && step === shown + 1 ? window.PlayMotion.before(frame) : null;
    frame.innerHTML = html;
    readOnly();
    if (motion) window.PlayMotion.after(motion);
    shown = step;
    position.textContent = label(step);
    slider.value = String(step);
    page.querySelector('[data-replay="back"]').disabled = step === 0;
    page.querySelector('[data-replay="first"]').disabled = step === 0;
    page.querySelector('[data-replay="forward"]').disabled = step === last;
    page.querySelector('[data-replay="last"]').disabled = step === last;
    remember(step);
    markChart(step);
    document.dispatchEvent(new CustomEvent("replay:step", { detail: { step } }));
    if (step < last) fetchStep(step + 1).catch(() => {}); // the next one ready for "forward"
  }

  /** The chart's line at the shown step (rooms/partials/replay_chart.html): at the
      middle of that step's column. */
  function markChart(step) {
    const column = chart?.querySelector(`rect[data-chart-step="${step}"]`);
    const marker = chart?.querySelector("[data-chart-marker]");
    if (!column || !marker) return;
    const middle = String(Number(column.getAttribute("x")) + Number(column.getAttribute("width")) / 2);
    marker.setAttribute("x1", middle);
    marker.setAttribute("x2", middle);
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playButton.textContent = "▶";
    playButton.setAttribute("aria-label", playButton.dataset.playLabel);
    playButton.title = playButton.dataset.playLabel;
    page.classList.remove("is-playing");
  }

  function play() {
    if (shown >= last) show(0);
    timer = setInterval(() => {
      if (shown >= last) stop();
      else show(shown + 1);
    }, Number(speed.value));
    playButton.textContent = "❚❚";
    playButton.setAttribute("aria-label", playButton.dataset.pauseLabel);
    playButton.title = playButton.dataset.pauseLabel;
    page.classList.add("is-playing");
  }

  const moves = {
    first: () => 0,
    // From the step last chosen, so that quick presses count even before it is shown.
    back: () => wanted - 1,
    forward: () => wanted + 1,
    last: () => last,
  };
  page.querySelector(".replay-controls").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-replay]");
    if (!button) return;
    const name = button.dataset.replay;
    if (name === "play") {
      if (timer === null) play();
      else stop();
      return;
    }
    stop();
    show(moves[name]());
  });
  // A click or tap on the chart (a step's column, a dot, a swing's link) shows that step.
  chart?.addEventListener("click", (event) => {
    const target = event.target.closest("[data-chart-step]");
    if (!target) return;
    event.preventDefault();
    stop();
    show(Number(target.dataset.chartStep));
  });
  speed.addEventListener("change", () => {
    if (timer !== null) {
      stop();
      play();
    }
  });
  slider.addEventListener("input", () => {
    stop();
    show(Number(slider.value));
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input:not([type=range]), select, textarea, dialog[open]")) return;
    // M, or on another layout (Cyrillic) the key where it lies, as announce.js reads.
    if (!event.ctrlKey && !event.altKey && !event.metaKey && (event.code === "KeyM" || event.key.toLowerCase() === "m")) {
      event.preventDefault();
      stop();
      toMistake(!event.shiftKey);
      return;
    }
    if (event.target.closest("input")) return;
    const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
    const name = keys[event.key];
    if (!name) return;
    event.preventDefault();
    stop();
    show(moves[name]());
  });
  // Opened from the room page: back to it by the history (the page names no room).
  document.querySelector("[data-replay-back]")?.addEventListener("click", () => history.back());
  const copy = part("copy");
  copy.addEventListener("click", async () => {
    const input = document.getElementById("replay-link");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      copy.textContent = copy.dataset.copied;
    } catch {
      /* selected: the device's copy command takes it */
    }
  });
  show(start, true);
})();
