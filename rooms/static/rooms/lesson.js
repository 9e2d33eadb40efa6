/* The panels that coach a player above the board, filled from each answer of the server
   and each refusal (play.js's play:view and play:refused events): a lesson's
   (rooms/partials/lesson.html, rooms.local.lessons.progress) and a try's from a replay
   (rooms/partials/try.html, rooms.local.tries.progress). Moves are judged on the server. */
(() => {
  "use strict";

  const lesson = document.getElementById("lesson");
  if (lesson) {
    const step = document.getElementById("lesson-step");
    const say = document.getElementById("lesson-say");
    const done = document.getElementById("lesson-done");
    const over = document.getElementById("lesson-over");
    let roundOver = false;

    const show = (where) => {
      if (!where) return;
      step.textContent = where.done
        ? ""
        : lesson.dataset.stepOf.replace("{step}", where.step).replace("{steps}", where.steps);
      say.textContent = where.say;
      say.hidden = where.done;
      done.hidden = !where.done || roundOver;
      over.hidden = !(where.done && roundOver);
    };
    document.addEventListener("play:view", (event) => {
      roundOver = Boolean(event.detail.status && event.detail.status.over);
      show(event.detail.lesson);
    });
    // A refusal keeps the position; the one a step was about moves the lesson on.
    document.addEventListener("play:refused", (event) => show(event.detail && event.detail.lesson));
  }

  const trying = document.getElementById("try");
  if (trying) {
    const say = document.getElementById("try-say");
    const judged = document.getElementById("try-judged");
    const next = document.getElementById("try-next");

    let opened = false;
    document.addEventListener("play:view", (event) => {
      const tried = event.detail.tried;
      if (!tried) return;
      // A try just opened: the focus goes to the player's hand, where the decision is made.
      if (!opened && window.PlayFocus && document.activeElement === document.body) window.PlayFocus.next();
      opened = true;
      if (!tried.judged) {
        say.textContent = trying.dataset.before.replace("{step}", tried.step);
        judged.hidden = next.hidden = true;
        return;
      }
      say.textContent = tried.judged.verdict;
      say.dataset.kind = tried.judged.kind;
      judged.innerHTML = tried.judged.html; // the game's review note, drawn by the server
      judged.hidden = tried.judged.kind === "best";
      next.hidden = !tried.next;
      if (tried.next) next.href = tried.next;
    });
  }
})();
