/* Tarot duel board: choosing a card and playing it.

   The rules never run here: the legal cards are marked by the server (the engine's
   view), and a card that is not legal is still sent if the player insists, so that the
   server says why it is refused ("You have a heart: follow suit"). A tap or click
   selects a card and "Play card" plays it; a second tap or click on the selected card
   soon after (a double-tap or double-click) plays it at once. Keyboard: the arrow keys
   move between the cards of the hand and of the player's stacks, Enter or Space selects,
   Enter on the selected card plays it. The Hint button (one device and the computer
   only) asks /tarot/hint/ with the game's sealed token and selects the card it names.
   All visible text comes from the template (data attributes). */
(() => {
  "use strict";

  const DOUBLE_MS = 450; // two taps or clicks on a card within this: play it

  const Pieces = window.PlayPieces; // rooms/static/rooms/pieces.js
  let board = null; // the board's state, rebuilt whenever a new board arrives

  function setUp() {
    const root = document.querySelector(".tarot-board");
    if (!root || root.dataset.ready) return;
    root.dataset.ready = "1";
    const refocus = board && board.refocus;
    board = { root, busy: false, lastTap: { code: null, at: 0 }, refocus: false };
    update(); // its writes before the reads below: the new board is laid out once
    // Keyboard players keep playing from the keyboard: the focus returns to the hand.
    if (refocus && root.classList.contains("is-playing")) {
      const first = root.querySelector("[data-own-hand] .card[data-legal], [data-stacks] .card[data-legal]");
      if (first) first.focus({ preventScroll: true });
    }
    showTrick(root);
  }

  /** On a short screen the table scrolls: bring the trick into its middle. */
  function showTrick(root) {
    const table = root.querySelector(".tarot-table");
    const trick = root.querySelector(".tarot-trick");
    if (!table || !trick || table.scrollHeight <= table.clientHeight) return;
    const offset = trick.getBoundingClientRect().top - table.getBoundingClientRect().top + table.scrollTop;
    table.scrollTop = offset - (table.clientHeight - trick.offsetHeight) / 2;
  }

  /** Show a refusal, or with `note` a piece of advice (the hint), not styled as an error. */
  function say(text, note = false) {
    Pieces.say(board && board.root.querySelector(".tarot-message"), text, note);
  }

  function playCards() {
    return [...board.root.querySelectorAll("[data-own-hand] button.card, [data-stacks] button.card")];
  }

  function selected() {
    return board.root.querySelector('button.card[aria-pressed="true"]');
  }

  /** Online, the other seat is not connected (the server refuses moves then). */
  const friendAway = Pieces.friendAway;

  function isBusy() {
    return !board || board.busy || Boolean(window.Play && window.Play.busy);
  }

  function update() {
    if (!board || !document.body.contains(board.root)) return;
    const busy = isBusy();
    const playButton = board.root.querySelector('[data-action="play"]');
    if (playButton) playButton.disabled = busy || friendAway() || !selected();
    const hint = board.root.querySelector('[data-action="hint"]');
    if (hint) hint.disabled = busy;
    board.root.classList.toggle("is-busy", busy);
  }

  function select(card) {
    playCards().forEach((each) => {
      each.setAttribute("aria-pressed", each === card ? "true" : "false");
      each.classList.toggle("is-selected", each === card);
      if (each !== card) each.classList.remove("is-hinted");
    });
    update();
  }

  function play(card) {
    if (!card || !window.Play || isBusy() || friendAway()) return;
    if (!board.root.classList.contains("is-playing")) return;
    say("");
    board.refocus = board.root.contains(document.activeElement);
    board.root.classList.add("is-busy");
    const action = { type: "play", card: card.dataset.code };
    if (card.dataset.stack !== undefined) action.stack = Number(card.dataset.stack);
    window.Play.send(action).then(
      () => {},
      () => {
        if (board) board.refocus = false;
        update();
      },
    );
    update();
  }

  async function askHint() {
    if (isBusy() || !window.Play || typeof window.Play.sealed !== "function") return;
    const root = board.root;
    board.busy = true;
    say("");
    update();
    const reply = await Pieces.askHint(root);
    if (!reply) return; // a new board arrived meanwhile
    const { ok, answer } = reply;
    board.busy = false;
    if (ok && answer.card) {
      const card = playCards().find((each) => each.dataset.code === answer.card);
      if (card) {
        select(card);
        card.classList.add("is-hinted");
        card.focus({ preventScroll: true });
        card.scrollIntoView({ block: "nearest", inline: "nearest" });
      }
    }
    update();
    say(answer.message, ok);
  }

  function onClick(event) {
    if (!board || !board.root.contains(event.target)) return;
    const card = event.target.closest("button.card");
    if (card) {
      if (!board.root.classList.contains("is-playing")) return;
      const now = Date.now();
      const again = board.lastTap.code === card.dataset.code && now - board.lastTap.at < DOUBLE_MS;
      board.lastTap = { code: card.dataset.code, at: now };
      if (again && Pieces.pressed(card)) {
        board.lastTap = { code: null, at: 0 };
        play(card);
        return;
      }
      say("");
      select(card);
      return;
    }
    const button = event.target.closest("[data-action]");
    if (!button || button.disabled) return;
    if (button.dataset.action === "play") play(selected());
    else if (button.dataset.action === "hint") askHint();
  }

  // --- Keyboard: left and right within the hand or the stacks, up and down between them.
  function onKeyDown(event) {
    const card = event.target.closest && event.target.closest(".tarot-board button.card");
    if (!card || Pieces.modified(event) || event.shiftKey) return;
    if (event.key === "Enter" && Pieces.pressed(card)) {
      event.preventDefault();
      play(card);
      return;
    }
    const rows = [board.root.querySelector("[data-stacks]"), board.root.querySelector("[data-own-hand]")]
      .filter(Boolean)
      .map((row) => [...row.querySelectorAll("button.card")])
      .filter((row) => row.length);
    const rowIndex = rows.findIndex((row) => row.includes(card));
    if (rowIndex < 0) return;
    const row = rows[rowIndex];
    if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      Pieces.focus(event.key === "Home" ? row[0] : row[row.length - 1]);
      return;
    }
    Pieces.arrows(event, card, row, {
      // Up and down: the card of the other row at the same place along it.
      across(step, at) {
        const target = rows[rowIndex + step];
        if (!target) return null;
        return target[Math.min(Math.round((at / Math.max(row.length - 1, 1)) * (target.length - 1)), target.length - 1)];
      },
    });
  }

  Pieces.wire({ setUp, update, onClick, onKeyDown });
})();
