/* The keyboard on every game's play page (issue 45), whatever the game: one Tab stop per
   group of the board, short keys for its buttons, the "Keys" panel, and the focus kept
   when the board is drawn again.

   - A group is an element marked data-roving="name" (the rack or hand, each set or meld,
     the piles, the actions): only one of its buttons is a Tab stop (a roving tabindex),
     the one last used, else the first; the arrow keys move inside it where the game's
     own script (board.js) did not already take them.
   - A short key is declared by the button itself, data-key="d": the key presses that
     button, as a click would, when it is there, shown and enabled (of several, the one in
     the group in use); when it is not, the board's message says that the action cannot
     be used now, or why, where the board left a hidden button with its reason
     (data-unavailable). No rule lives here.
   - "?" (or the page's Keys button) opens the panel #play-keys, a <dialog> listing the
     keys in the page's language; Escape closes it and the focus goes back.
   - When a new board replaces the old one (an action, a push from the friend, a
     refusal's redraw, the hand-over cover lifted) and the focus was in it, the focus
     goes to the same piece or button, else the same group, else the player's hand. */
(() => {
  "use strict";

  const board = document.getElementById("board");
  const panel = document.getElementById("play-keys");
  const opener = document.getElementById("play-keys-button");
  if (!board) return;
  const strings = (document.getElementById("play-strings") || board).dataset;

  // The letters the screen-reader script (rooms/static/rooms/announce.js) keeps for itself.
  const RESERVED = new Set(["l", "p"]);

  /** A piece's or button's name that survives a new board. */
  function itemKey(item) {
    const d = item.dataset;
    return d.code || d.action || d.meld || d.stack || d.set || null;
  }

  function groupOf(element) {
    return element && element.closest ? element.closest("[data-roving]") : null;
  }

  /** Drawn (a box, not in a closed <details>): by style alone where the browser can tell,
      without laying the page out (each new board's Tab stops laid it out once more). */
  const rendered = (element) =>
    element.checkVisibility ? element.checkVisibility() : element.getClientRects().length > 0;

  /** The buttons of a group that the keyboard can reach (not those of a nested group). */
  function items(group) {
    return [...group.querySelectorAll("button, [tabindex]")].filter(
      (item) => item !== group && !item.disabled && !item.hidden && groupOf(item) === group && rendered(item),
    );
  }

  // The item each group had last, by the group's name: kept across new boards.
  const current = new Map();

  /** One Tab stop per group: its current item (else the first) has tabindex 0, the rest -1. */
  function rove() {
    for (const group of board.querySelectorAll("[data-roving]")) {
      const list = items(group);
      if (!list.length) continue;
      const wanted = current.get(group.dataset.roving);
      const stop = list.find((item) => itemKey(item) !== null && itemKey(item) === wanted) || list[0];
      for (const item of group.querySelectorAll("button, [tabindex]")) {
        if (groupOf(item) !== group) continue;
        const index = item === stop ? "0" : "-1";
        if (item.getAttribute("tabindex") !== index) item.setAttribute("tabindex", index);
      }
    }
  }

  // Where the focus was in the board, to find it again on the next board; the groups
  // by the last time they had it, the latest first.
  let place = null;
  const used = [];

  document.addEventListener("focusin", (event) => {
    const target = event.target;
    if (!board.contains(target)) {
      if (!panel || !panel.contains(target)) place = null;
      return;
    }
    const group = groupOf(target);
    place = { group: group && group.dataset.roving, item: itemKey(target) };
    if (group) {
      used.splice(0, used.length, group.dataset.roving, ...used.filter((name) => name !== group.dataset.roving));
      current.set(group.dataset.roving, itemKey(target));
      rove();
    }
  });

  // A pointer that lands anywhere but on a board's button is not a keyboard player's:
  // the next board leaves the focus where the pointer left it.
  document.addEventListener(
    "pointerdown",
    (event) => {
      if (!(event.target.closest && event.target.closest("#board button"))) place = null;
    },
    { capture: true },
  );

  // Once a round is over (the board shows its result), the next useful control: the
  // lesson's way on, the result's "Play again" (online "Ask for a new round", rummy's
  // next deal), the round's replay, the page's New round; the first that is there.
  const AFTER_ROUND = [
    "#lesson-over:not([hidden]) a",
    "#board [data-play-again]:not([disabled])",
    "#play-replay:not([hidden]) button",
    "#play-replay-last:not([hidden])",
    "#play-new:not([disabled]):not([hidden])",
  ];

  function shown(element) {
    return element && !element.closest("[hidden]") && rendered(element) ? element : null;
  }

  function afterRound() {
    if (!board.querySelector(".board-result")) return null;
    for (const selector of AFTER_ROUND) {
      const found = shown(document.querySelector(selector));
      if (found) return found;
    }
    return null;
  }

  function ownHand() {
    return board.querySelector("[data-own-hand] [tabindex='0'], [data-own-hand] button:not([disabled])");
  }

  /** The next useful control when the focus has nowhere to stay (issue 56): after a
      round, what comes next; during one, the player's own hand, else the board's first
      group, else the page's New round. Never the page's <body>. */
  function focusNext() {
    const target =
      afterRound() || ownHand() || board.querySelector("[data-roving] [tabindex='0'], [data-roving] button:not([disabled])") || shown(document.getElementById("play-new"));
    if (target) target.focus({ preventScroll: true });
    return target;
  }
  window.PlayFocus = { next: focusNext };

  /** The focus was in the board and is now nowhere (its element was replaced): back to
      the same piece or button, else the same group, else, once the round is over, what
      comes next, else the player's own hand. */
  function keepFocus() {
    if (!place || (document.activeElement && document.activeElement !== document.body)) return;
    if (board.hasAttribute("inert")) return; // the hand-over cover has it (play.js)
    const group = place.group && board.querySelector(`[data-roving="${CSS.escape(place.group)}"]`);
    const within = group ? items(group) : [];
    const target =
      (place.item && within.find((item) => itemKey(item) === place.item)) ||
      within.find((item) => item.getAttribute("tabindex") === "0") ||
      (place.item && [...board.querySelectorAll("button")].find((item) => !item.disabled && itemKey(item) === place.item));
    if (target) target.focus({ preventScroll: true });
    else focusNext();
  }

  // A new board, a redrawn draft, a button enabled or disabled: the Tab stops again.
  new MutationObserver(() => {
    rove();
    keepFocus();
  }).observe(board, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled", "hidden", "inert"] });
  rove();

  // --- The arrow keys inside a group, where the game's script left them ---------------
  // On window, so that the boards' own handlers (on document) go first.
  window.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const group = groupOf(event.target);
    if (!group || !board.contains(group)) return;
    const list = items(group);
    const at = list.indexOf(event.target);
    if (at < 0) return;
    const steps = { ArrowLeft: -1, ArrowRight: 1 };
    let next = null;
    if (event.key in steps) next = list[at + steps[event.key]];
    else if (event.key === "Home") next = list[0];
    else if (event.key === "End") next = list[list.length - 1];
    else return;
    event.preventDefault();
    if (next) next.focus();
  });

  // --- Short keys ---------------------------------------------------------------------

  /** Keys typed into a field, or with a modifier, are not the board's. */
  function typing(event) {
    const target = event.target;
    return Boolean(target.closest && target.closest("input, select, textarea, [contenteditable]"));
  }

  function visible(element) {
    return rendered(element) && !element.closest("[hidden], [inert]");
  }

  function say(text) {
    const box = board.querySelector(".board-message");
    if (box && window.PlayPieces) window.PlayPieces.say(box, text);
  }

  /** The key's letter: on a Russian (or any non-Latin) layout, the Latin letter of the
      same physical key, so that D draws there too. */
  function letter(event) {
    if (/^[a-z]$/i.test(event.key)) return event.key.toLowerCase();
    if (/^Key[A-Z]$/.test(event.code || "")) return event.code.slice(3).toLowerCase();
    return event.key.length === 1 ? event.key.toLowerCase() : "";
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || typing(event)) return;
    if (event.key === "?") {
      event.preventDefault();
      toggle();
      return;
    }
    if (panel && panel.open) return;
    const key = letter(event);
    if (!key || RESERVED.has(key) || event.defaultPrevented) return;
    const declared = [...board.querySelectorAll(`[data-key="${CSS.escape(key)}"]`)];
    if (!declared.length || board.hasAttribute("inert")) return;
    event.preventDefault();
    // Where several buttons have the key (each set's "+"), the one of the group in use.
    const usable = declared.filter((button) => visible(button) && !button.disabled);
    const rank = (button) => {
      const group = groupOf(button);
      const at = group ? used.indexOf(group.dataset.roving) : -1;
      return at < 0 ? used.length : at;
    };
    const ready = usable.sort((a, b) => rank(a) - rank(b))[0];
    if (ready) {
      ready.click();
      return;
    }
    // Known here but not usable now (disabled, or not the player's turn): say so, in the
    // words of a button that is not offered now (data-unavailable, the rule's reason).
    const why = declared.map((button) => button.dataset.unavailable).find(Boolean);
    const name = declared[0].getAttribute("aria-label") || declared[0].textContent.trim();
    say(why || (strings.keyUnavailable || "").replace("{action}", name));
  });

  // --- The Keys panel -----------------------------------------------------------------

  let before = null; // what had the focus when the panel opened

  function toggle() {
    if (!panel) return;
    if (panel.open) {
      panel.close();
      return;
    }
    before = document.activeElement;
    panel.showModal();
  }

  if (panel) {
    panel.addEventListener("close", () => {
      if (before && document.body.contains(before)) before.focus({ preventScroll: true });
      else keepFocus();
      before = null;
    });
    panel.querySelector("[data-keys-close]").addEventListener("click", () => panel.close());
    // A click on the backdrop (outside the panel's box) closes it too.
    panel.addEventListener("click", (event) => {
      if (event.target === panel) panel.close();
    });
  }
  if (opener) opener.addEventListener("click", toggle);
})();
