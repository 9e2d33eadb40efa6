/* The play page's way to a finished round's replay (rooms/partials/replay_offer.html):
   shown once the round is over, hidden while one goes on. On one device and against the
   computer the form posts the sealed game (Play.sealed()); online it is a link to the
   room's last finished round, which stays once the next round has started (it then
   names "the last round"; the server resolves it to the last finished one). */
(() => {
  "use strict";
  const form = document.getElementById("play-replay");
  const list = document.getElementById("play-replays");
  const lastLink = document.getElementById("play-replay-last");
  document.addEventListener("play:view", (event) => {
    const over = Boolean(event.detail.status && event.detail.status.over);
    if (form) form.hidden = !over;
    if (lastLink) {
      if (over) {
        lastLink.hidden = false;
        list.hidden = false;
      }
      lastLink.textContent = over ? lastLink.dataset.over : lastLink.dataset.later;
    }
  });
  if (form) {
    form.addEventListener("submit", () => {
      form.elements.token.value = (window.Play && window.Play.sealed()) || "";
    });
  }
})();
