/* What every game's board does with its pieces (tiles, cards), whatever they mean:
   window.PlayPieces, as docs/games.md describes. The game's board.js keeps what its
   pieces mean and which keys go where; this file keeps what the three boards did alike:
   the hint request, the advice line, the hand's own order in Play.storage, selection,
   the scroll to the last move, the arrow keys and the wiring (drag included). */
(() => {
  "use strict";

  const pressed = (piece) => piece.getAttribute("aria-pressed") === "true";

  /** The hand's (or rack's) own order, remembered per seat under `name` in
      Play.storage: the server's order is only a default. `container` holds the
      pieces (`selector`), each with data-code. */
  function order(container, selector, name) {
    const pieces = () => [...container.querySelectorAll(selector)];
    const remember = () => window.Play.storage.save(name, pieces().map((piece) => piece.dataset.code));
    return {
      remember,
      /** Put the pieces in the remembered order; pieces it does not know (just drawn,
          taken back) go to the end. */
      arrange() {
        const saved = window.Play.storage.load(name);
        if (!container || !Array.isArray(saved)) return;
        const left = pieces();
        const arranged = [];
        for (const code of saved) {
          const at = left.findIndex((piece) => piece.dataset.code === code);
          if (at >= 0) arranged.push(...left.splice(at, 1));
        }
        [...arranged, ...left].forEach((piece) => container.appendChild(piece));
      },
      /** Sort by `key(code)`, a pair of numbers. */
      sort(key) {
        if (!container) return;
        const sorted = pieces().sort((a, b) => {
          const [x, y] = [key(a.dataset.code), key(b.dataset.code)];
          return x[0] - y[0] || x[1] - y[1];
        });
        sorted.forEach((piece) => container.appendChild(piece));
        remember();
      },
      /** A piece dropped at (x, y): before or after the piece under the pointer, or at
          the end when there is none. */
      dropAt(piece, x, y) {
        const under = document.elementFromPoint(x, y);
        let other = under && under.closest(selector);
        if (other && !container.contains(other)) other = null;
        if (other && other !== piece) {
          const box = other.getBoundingClientRect();
          container.insertBefore(piece, x < box.left + box.width / 2 ? other : other.nextSibling);
        } else if (!other) {
          container.appendChild(piece);
        }
        remember();
        piece.focus();
      },
      /** Shift with an arrow key: the piece changes places with its neighbour. */
      shift(piece, step) {
        const list = pieces();
        const other = list[list.indexOf(piece) + step];
        if (!other) return;
        container.insertBefore(piece, step < 0 ? other : other.nextSibling);
        remember();
        piece.focus();
      },
    };
  }

  /** POST the game's sealed token (Play.sealed) to the board's data-hint-url: {ok,
      answer}, where a network failure reads as the board's data-msg-offline; null when
      a new board arrived meanwhile (the answer is of no use then). */
  async function askHint(root) {
    let ok = false;
    let answer;
    try {
      const response = await fetch(root.dataset.hintUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ token: window.Play.sealed() }),
      });
      ok = response.ok;
      answer = await response.json();
    } catch (error) {
      answer = { message: root.dataset.msgOffline };
    }
    return document.body.contains(root) ? { ok, answer } : null;
  }

  /** Show a refusal in `box`, or with `note` a piece of advice (the hint's), which is
      not an error and is not styled as one; no text hides the box. */
  function say(box, text, note = false) {
    if (!box) return;
    box.textContent = text || "";
    box.hidden = !text;
    box.classList.toggle("is-note", Boolean(text) && note);
  }

  /** The table scrolls to `element` (what the other player's last move changed, a new
      set), if out of view: its bottom to the table's, or its top if it is taller. */
  function showInTable(table, element) {
    if (!table || !element) return;
    const offset = element.getBoundingClientRect().top - table.getBoundingClientRect().top;
    const below = offset + element.offsetHeight + 8 - table.clientHeight;
    if (offset < 0) table.scrollTop += offset - 8;
    else if (below > 0) table.scrollTop += Math.min(below, offset - 8);
  }

  /** The arrow keys' target gets the focus and comes into view. */
  function focus(next) {
    if (!next) return;
    next.focus();
    next.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  /** The arrow keys among a board's pieces, alike on every board: Left and Right go to
      the previous or next piece of `row` (with Shift, `order`, the player's own row,
      moves the piece instead); Up and Down to `across(step, at)`, where step is -1 up,
      1 down and at is the piece's place in its row (undefined: the board leaves that
      key alone). A key the board takes does nothing else. */
  function arrows(event, piece, row, { order = null, across = () => undefined } = {}) {
    const at = row.indexOf(piece);
    let next = null;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const step = event.key === "ArrowLeft" ? -1 : 1;
      if (event.shiftKey && order) {
        order.shift(piece, step);
        event.preventDefault();
        return;
      }
      next = row[at + step];
      // At the end of the row the group's other buttons (a set's "+") are keys.js's.
      if (!next) return;
    } else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      next = across(event.key === "ArrowUp" ? -1 : 1, at);
      if (next === undefined) return;
    } else {
      return;
    }
    event.preventDefault();
    focus(next);
  }

  /** A board's wiring: its click and key handlers on the document, `setUp` for every
      new board (play:view, and the one in the page), `update` when the friend comes
      or goes (play:presence) and while an action is in flight (play:busy). With `drag`
      ({grab, accepts, drop}: rooms/static/rooms/drag.js), its pieces are dragged, and
      the click that ends a drag is not a click. */
  // A board's message lies over the page above the board (rooms/board.css): a tap puts
  // it away.
  document.addEventListener("click", (event) => {
    const box = event.target.closest && event.target.closest(".board-message");
    if (box) say(box, "");
  });

  function wire({ setUp, update, onClick, onKeyDown, drag = null }) {
    const dragging = drag && window.PlayDrag(drag);
    document.addEventListener("click", (event) => {
      if (dragging && dragging.justDropped()) event.preventDefault();
      else onClick(event);
    });
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("play:view", setUp);
    document.addEventListener("play:presence", update);
    document.addEventListener("play:busy", update);
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
    else setUp();
  }

  window.PlayPieces = {
    wire,
    arrows,
    order,
    askHint,
    say,
    showInTable,
    focus,
    pressed,
    /** A click selects a piece or lets it go (the pieces are buttons, aria-pressed). */
    toggle: (piece) => piece.setAttribute("aria-pressed", pressed(piece) ? "false" : "true"),
    /** Keys with Alt, Ctrl or Meta belong to the browser, not to the board. */
    modified: (event) => event.altKey || event.ctrlKey || event.metaKey,
    /** Online, the other seat is not connected (Play.context.waiting): the server
        refuses moves then. */
    friendAway: () => Boolean(window.Play && window.Play.context && window.Play.context.waiting),
    /** A long press must not open the context menu on a piece. */
    noContextMenu(selector) {
      document.addEventListener("contextmenu", (event) => {
        if (event.target.closest && event.target.closest(selector)) event.preventDefault();
      });
    },
  };
})();
