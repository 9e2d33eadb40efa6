/* The guided first round's panel (rooms/partials/lesson.html): where the lesson stands,
   from each answer of the server and each refusal (play.js's play:view and play:refused
   events carry rooms.local.lessons.progress). The moves are judged on the server. */
(() => {
  "use strict";

  const panel = document.getElementById("lesson");
  if (!panel) return;
  const step = document.getElementById("lesson-step");
  const say = document.getElementById("lesson-say");
  const done = document.getElementById("lesson-done");
  const over = document.getElementById("lesson-over");
  let roundOver = false;

  function show(lesson) {
    if (!lesson) return;
    step.textContent = lesson.done
      ? ""
      : panel.dataset.stepOf.replace("{step}", lesson.step).replace("{steps}", lesson.steps);
    say.textContent = lesson.say;
    say.hidden = lesson.done;
    done.hidden = !lesson.done || roundOver;
    over.hidden = !(lesson.done && roundOver);
  }

  document.addEventListener("play:view", (event) => {
    roundOver = Boolean(event.detail.status && event.detail.status.over);
    show(event.detail.lesson);
  });
  // A refusal keeps the position; the one a step was about moves the lesson on.
  document.addEventListener("play:refused", (event) => show(event.detail && event.detail.lesson));
})();
