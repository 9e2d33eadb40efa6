/* The replay page (rooms/replay.html): steps through a finished round. Each step's board
   is drawn by the server (GET /replays/<code>/<n>/, the game's own board in mode
   "replay") and kept here once fetched; no rule of any game is here. Whenever the shown
   step changes, `replay:step` {step} is fired on document (the computer's review listens). */
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
  const frames = new Map([[0, frame.innerHTML]]);
  let shown = 0;

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
  let wanted = 0;
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

  async function show(step) {
    step = Math.max(0, Math.min(last, step));
    wanted = step;
    let html;
    try {
      html = await fetchStep(step);
    } catch (error) {
      stop();
      message.hidden = false;
      const box = document.createElement("div");
      box.innerHTML = error.message;
      message.textContent = box.textContent.trim();
      return;
    }
    if (wanted !== step) return; // a later choice overtook this one
    message.hidden = true;
    frame.innerHTML = html;
    readOnly();
    shown = step;
    position.textContent = label(step);
    slider.value = String(step);
    page.querySelector('[data-replay="back"]').disabled = step === 0;
    page.querySelector('[data-replay="first"]').disabled = step === 0;
    page.querySelector('[data-replay="forward"]').disabled = step === last;
    page.querySelector('[data-replay="last"]').disabled = step === last;
    document.dispatchEvent(new CustomEvent("replay:step", { detail: { step } }));
    if (step < last) fetchStep(step + 1).catch(() => {}); // the next one ready for "forward"
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
    if (event.target.closest("input, select, textarea, dialog[open]")) return;
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
  show(0);
})();
