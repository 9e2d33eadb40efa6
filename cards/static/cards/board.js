/* Rummy board: selecting, ordering and dragging cards, and sending the turn's steps.

   The rules never run here: every step (draw, meld, lay off, discard) goes to the
   server with Play.send (docs/games.md), which answers with the new board or with the
   engine's refusal, translated (the play page shows it). The hand's own order is kept
   with Play.storage, per seat. The Hint button sends the sealed token to /cards/hint/
   and selects the cards of the strong level's suggestion; the player still plays them.
   All visible text comes from the template. */
(() => {
  "use strict";

  const SUITS = "SHDC";
  const RANKS = "A23456789TJQK";

  const Pieces = window.PlayPieces; // rooms/static/rooms/pieces.js
  let board = null; // the board's state, rebuilt whenever a new board arrives
  let focusAfter = null; // what had the focus when a step was sent (keyboard players)

  function setUp() {
    const root = document.querySelector(".cards-board");
    if (!root || root.dataset.ready) return;
    root.dataset.ready = "1";
    const data = JSON.parse(document.getElementById("cards-data").textContent);
    // Cards tapped while the last step was on its way (Meld, then at once the card to
    // discard): the new board keeps them picked while it is still this seat's to play.
    const picks = board && board.picks && board.data.seat === data.seat && data.step === "play" ? board.picks : null;
    board = { root, data, busy: false };
    handOrder().arrange();
    if (picks) {
      picks.forEach((on, code) => {
        const card = root.querySelector(`.cards-hand .card[data-code="${code}"]`);
        if (card) card.setAttribute("aria-pressed", String(on));
      });
    }
    showLastMove();
    update();
    restoreFocus();
  }

  /** The table scrolls to the first meld the other player's last move changed. */
  function showLastMove() {
    Pieces.showInTable(board.root.querySelector(".cards-table"), board.root.querySelector(".meld.is-last-move"));
  }

  /** Show a piece of advice (the hint), or clear it. */
  function say(text) {
    board.whyNot = false;
    showTakenLine(true);
    Pieces.say(board.root.querySelector(".cards-message"), text);
  }

  function selected() {
    return [...board.root.querySelectorAll('.cards-hand .card[aria-pressed="true"]')];
  }

  function deselect() {
    selected().forEach((card) => card.setAttribute("aria-pressed", "false"));
  }

  function codes(cards) {
    return cards.map((card) => card.dataset.code);
  }

  function busy() {
    return board.busy || Boolean(window.Play && window.Play.busy);
  }

  /** Online, the other seat is not connected: the server refuses moves then. */
  const friendAway = Pieces.friendAway;

  function update() {
    if (!board) return;
    const chosen = selected();
    const blocked = busy() || friendAway();
    const play = board.data.step === "play";
    const enable = (selector, on) =>
      board.root.querySelectorAll(selector).forEach((button) => {
        button.disabled = blocked || !on;
      });
    enable('[data-action="meld"]', play && chosen.length > 0);
    enable('[data-action="discard"]', play && chosen.length === 1);
    markTaken(play && chosen.length === 1 && isTaken(chosen[0]));
    enable('[data-action="draw-stock"], [data-action="draw-discard"]', board.data.step === "draw");
    enable('[data-action="discard-selected"]', play);
    enable("button.meld", play);
    enable('[data-action="hint"]', Boolean(board.data.step));
    // With cards selected, the melds are where they can go.
    board.root.classList.toggle("has-selection", play && chosen.length > 0);
    board.root.classList.toggle("is-busy", busy());
  }

  // --- The card just taken from the discard pile (the view names it, board.data.taken)
  // may not be discarded this turn: with it alone selected, Discard and the pile say so
  // (on hover, on focus and when used) instead of sending a move the server refuses.
  // aria-disabled, not disabled: a disabled button gets neither focus nor hover.

  function isTaken(card) {
    return Boolean(board.data.taken) && card.dataset.code === board.data.taken;
  }

  function takenReason() {
    const reason = board.root.querySelector(".cards-taken");
    return reason ? reason.textContent.trim() : "";
  }

  /** Why the selected card cannot be discarded: gone once the selection changes. The
      step line says the same words, so it leaves them to the message meanwhile: the
      reason is shown once. */
  function sayWhyNot() {
    say(takenReason());
    board.whyNot = true;
    showTakenLine(false);
  }

  function showTakenLine(on) {
    const reason = board.root.querySelector(".cards-taken");
    if (reason) reason.hidden = !on;
  }

  function markTaken(on) {
    const reason = board.root.querySelector(".cards-taken");
    board.root.querySelectorAll('[data-action="discard"], [data-action="discard-selected"]').forEach((button) => {
      if (on && !button.disabled) {
        button.setAttribute("aria-disabled", "true");
        button.title = takenReason();
        if (reason) button.setAttribute("aria-describedby", reason.id);
      } else {
        button.removeAttribute("aria-disabled");
        button.removeAttribute("title");
        button.removeAttribute("aria-describedby");
      }
    });
  }

  function send(action) {
    if (!window.Play || busy() || friendAway()) return;
    say("");
    const active = document.activeElement;
    focusAfter =
      active && board.root.contains(active)
        ? { action: active.dataset.action, code: active.dataset.code, meld: active.dataset.meld }
        : null;
    board.busy = true;
    update();
    const root = board.root;
    window.Play.send(action).then(
      () => {},
      () => {
        // Refused (the play page says why): the same board stays, the selection too,
        // but for a refused discard's one card: left selected, the next card picked
        // would make two, and Discard would turn off without a word.
        if (board && board.root === root) {
          board.busy = false;
          board.picks = null; // the same board: what was tapped meanwhile is on it
          if (action.type === "discard") deselect();
          update();
          restoreFocus();
        }
      },
    );
  }

  /** Keyboard players keep their place when the board is redrawn. */
  function restoreFocus() {
    const key = focusAfter;
    if (!key) return;
    focusAfter = null;
    const root = board.root;
    let target = null;
    if (key.code) target = root.querySelector(`.cards-hand .card[data-code="${key.code}"]`);
    if (!target && key.action) target = root.querySelector(`[data-action="${key.action}"]:not([disabled])`);
    if (!target && key.meld) target = root.querySelector(`button.meld[data-meld="${key.meld}"]`);
    if (!target) target = root.querySelector(".cards-hand .card");
    if (target) target.focus({ preventScroll: true });
  }

  function layOff(meld, cards) {
    if (!cards.length) return;
    send({ type: "lay_off", cards: codes(cards), meld: Number(meld.dataset.meld) });
  }

  function onClick(event) {
    if (!board || !board.root.contains(event.target)) return;
    const card = event.target.closest(".cards-hand .card");
    if (card) {
      if (board.whyNot) say(""); // about the selection just changed
      if (board.hinted) clearHint(); // the player goes their own way
      Pieces.toggle(card);
      if (board.busy) (board.picks = board.picks || new Map()).set(card.dataset.code, card.getAttribute("aria-pressed") === "true");
      update();
      return;
    }
    const meld = event.target.closest("button.meld");
    if (meld) {
      if (meld.disabled) return;
      if (selected().length) layOff(meld, selected());
      else say(board.root.dataset.msgPickSome);
      return;
    }
    const button = event.target.closest("[data-action]");
    if (!button || button.disabled) return;
    if (button.getAttribute("aria-disabled") === "true") {
      sayWhyNot();
      return;
    }
    const chosen = selected();
    switch (button.dataset.action) {
      case "draw-stock":
        send({ type: "draw", source: "stock" });
        break;
      case "draw-discard":
        send({ type: "draw", source: "discard" });
        break;
      case "meld":
        send({ type: "meld", cards: codes(chosen) });
        break;
      case "discard":
      case "discard-selected":
        if (chosen.length === 1) send({ type: "discard", card: chosen[0].dataset.code });
        else say(board.root.dataset.msgPickOne);
        break;
      case "hint":
        askHint();
        break;
      case "sort-suit":
        handOrder().sort((code) => [SUITS.indexOf(code[1]), RANKS.indexOf(code[0])]);
        break;
      case "sort-rank":
        handOrder().sort((code) => [RANKS.indexOf(code[0]), SUITS.indexOf(code[1])]);
        break;
    }
  }

  // --- The hint: the strong level's next step, shown as a selection -------------------

  async function askHint() {
    const url = board.root.dataset.hintUrl;
    if (!url || busy()) return;
    const root = board.root;
    board.busy = true;
    update();
    const reply = await Pieces.askHint(root);
    if (!reply || !board || board.root !== root) return; // a new board arrived meanwhile
    const { ok, answer } = reply;
    board.busy = false;
    if (ok) showHint(answer.action);
    update();
    say(answer.message);
  }

  /** The hint's ring and words go once the player changes the selection it made. */
  function clearHint() {
    board.hinted = false;
    board.root.querySelectorAll(".is-hinted").forEach((each) => each.classList.remove("is-hinted"));
    say("");
  }

  function showHint(action) {
    const root = board.root;
    board.hinted = true;
    root.querySelectorAll(".is-hinted").forEach((each) => each.classList.remove("is-hinted"));
    root.querySelectorAll(".cards-hand .card").forEach((card) => card.setAttribute("aria-pressed", "false"));
    const wanted = action.cards || (action.card ? [action.card] : []);
    for (const code of wanted) {
      const card = root.querySelector(`.cards-hand .card[data-code="${code}"]`);
      if (card) card.setAttribute("aria-pressed", "true");
    }
    let mark = null;
    if (action.type === "draw") mark = root.querySelector(action.source === "stock" ? ".deck-stock" : ".deck-pile");
    else if (action.type === "lay_off") mark = root.querySelector(`.meld[data-meld="${action.meld}"]`);
    else if (action.type === "discard") mark = root.querySelector(".deck-pile");
    if (mark) mark.classList.add("is-hinted");
  }

  // --- The hand's own order (remembered; the server's order is only a default) --------

  // Each seat has its own order: on one device the two players share the storage key.
  function handOrder() {
    return Pieces.order(board.root.querySelector(".cards-hand"), ".card", `hand:${board.data.seat}`);
  }

  // --- Drag (rooms/static/rooms/drag.js): a card to the discard pile, a meld, or
  // another place in the hand -----------------------------------------------------

  function grab(event) {
    if (!board) return null;
    const card = event.target.closest(".cards-hand .card");
    if (!card || !board.root.contains(card) || busy()) return null;
    return { piece: card };
  }

  function accepts(target) {
    if (!board || !board.root.contains(target)) return false;
    if (target.dataset.drop === "hand") return true;
    return board.data.step === "play" && !friendAway();
  }

  function drop(active, target) {
    const card = active.piece;
    const kind = target.dataset.drop;
    if (kind === "hand") {
      handOrder().dropAt(card, active.x, active.y);
    } else if (kind === "pile") {
      if (isTaken(card)) sayWhyNot();
      else send({ type: "discard", card: card.dataset.code });
    } else if (kind === "meld") {
      // A selected card carries the other selected cards with it.
      const carried = card.getAttribute("aria-pressed") === "true" ? selected() : [card];
      layOff(target, carried);
    }
  }

  // --- Keyboard ---------------------------------------------------------------------
  // Left and right: the previous or next card of the hand, or of the row above it (the
  // stock, the discard pile and the melds, whichever can be used now); Up from the hand
  // goes to the first of that row (the stock to draw, the discard pile to discard), Down
  // back to the hand. Shift with left or right moves a card within the hand. Enter or
  // Space selects a card (the cards are buttons), draws, discards or lays off.

  function onKeyDown(event) {
    if (!board || Pieces.modified(event)) return;
    const here = event.target.closest && event.target.closest(".cards-hand .card, .cards-board button.meld, .cards-board .deck-pile, .cards-board .deck-stock");
    if (!here || !board.root.contains(here)) return;
    const inHand = here.matches(".cards-hand .card");
    const hand = [...board.root.querySelectorAll(".cards-hand .card")];
    const above = [...board.root.querySelectorAll("button.deck-stock, button.deck-pile, button.meld")];
    Pieces.arrows(event, here, inHand ? hand : above, {
      order: inHand ? handOrder() : null,
      across(step) {
        if (step < 0 && inHand) return above[0] || null;
        if (step > 0 && !inHand) return hand[0] || null;
        return undefined; // up from the row above, down from the hand: not the board's
      },
    });
  }

  // --- Wiring ---------------------------------------------------------------------

  Pieces.noContextMenu(".cards-board .card");
  Pieces.wire({ setUp, update, onClick, onKeyDown, drag: { grab, accepts, drop } });
})();
