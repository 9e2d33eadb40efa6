/* Press-and-hold drag for every game's board (Pointer Events: mouse, pen and touch).
   A piece is lifted after a short hold, so that a finger can still scroll the page (a
   mouse may drag at once); a ghost copy follows the pointer and the element under it
   marked [data-drop] is the target. The game's script says what may be lifted, where
   it may go and what a drop does:

     const drag = window.PlayDrag({
       grab(event) -> {piece, ...anything} | null,   // on pointerdown
       accepts(target, active) -> bool,              // a [data-drop] element
       drop(active, target),                         // active: grab's object + x, y
     });
     drag.justDropped()  // true for the click that ends a drag: ignore it

   Classes for the game's CSS: .is-lifted (the piece), .drag-ghost, .is-drop-target,
   body.is-dragging. */
(() => {
  "use strict";

  const HOLD_MS = 250; // press-and-hold before a drag starts (so that a phone still scrolls)
  const SLOP_PX = 8; // moving further than this before the hold is a scroll, not a drag

  window.PlayDrag = (game) => {
    const drag = { pending: null, active: null, justDropped: false };

    function onPointerDown(event) {
      if (event.button > 0) return;
      const grabbed = game.grab(event);
      if (!grabbed) return;
      drag.pending = {
        ...grabbed,
        id: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        mouse: event.pointerType === "mouse",
        timer: window.setTimeout(() => startDrag(), HOLD_MS),
      };
    }

    function startDrag() {
      const pending = drag.pending;
      if (!pending) return;
      drag.pending = null;
      const ghost = pending.piece.cloneNode(true);
      // The copy lives under <body>, outside the board whose CSS gives the piece its
      // size: it keeps the size the piece has on the board.
      const box = pending.piece.getBoundingClientRect();
      ghost.style.width = `${box.width}px`;
      ghost.style.height = `${box.height}px`;
      ghost.style.font = window.getComputedStyle(pending.piece).font;
      // Fixed here, not only in board.css: a game's piece rule loaded later (the card's
      // position: relative) would put the copy in the page's flow, and the board would
      // shrink under the finger (the meld moved away from the drop point).
      ghost.style.position = "fixed";
      ghost.classList.add("drag-ghost");
      ghost.removeAttribute("id");
      ghost.setAttribute("aria-hidden", "true");
      document.body.appendChild(ghost);
      pending.piece.classList.add("is-lifted");
      document.body.classList.add("is-dragging");
      drag.active = { ...pending, ghost, target: null };
      moveGhost(pending.x, pending.y);
      if (navigator.vibrate && !pending.mouse) navigator.vibrate(15);
    }

    function moveGhost(x, y) {
      const active = drag.active;
      active.x = x;
      active.y = y;
      active.ghost.style.left = `${x}px`;
      active.ghost.style.top = `${y}px`;
      const target = dropTarget(x, y);
      if (target !== active.target) {
        if (active.target) active.target.classList.remove("is-drop-target");
        if (target) target.classList.add("is-drop-target");
        active.target = target;
      }
    }

    function dropTarget(x, y) {
      const under = document.elementFromPoint(x, y);
      const target = under && under.closest("[data-drop]");
      return target && game.accepts(target, drag.active) ? target : null;
    }

    function onPointerMove(event) {
      if (drag.pending && event.pointerId === drag.pending.id) {
        const moved = Math.hypot(event.clientX - drag.pending.x, event.clientY - drag.pending.y);
        if (moved > SLOP_PX) {
          const pending = drag.pending;
          window.clearTimeout(pending.timer);
          // A mouse may drag at once; a finger that moves before the hold is scrolling.
          if (pending.mouse) {
            startDrag();
            moveGhost(event.clientX, event.clientY);
          } else {
            drag.pending = null;
          }
        }
      } else if (drag.active && event.pointerId === drag.active.id) {
        event.preventDefault();
        moveGhost(event.clientX, event.clientY);
      }
    }

    function endDrag(event, cancelled) {
      if (drag.pending && event.pointerId === drag.pending.id) {
        window.clearTimeout(drag.pending.timer);
        drag.pending = null;
        return;
      }
      const active = drag.active;
      if (!active || event.pointerId !== active.id) return;
      drag.active = null;
      active.ghost.remove();
      active.piece.classList.remove("is-lifted");
      document.body.classList.remove("is-dragging");
      if (active.target) active.target.classList.remove("is-drop-target");
      // The click that follows pointerup must not also select the piece.
      drag.justDropped = true;
      window.setTimeout(() => (drag.justDropped = false), 0);
      if (!cancelled && active.target) game.drop(active, active.target);
    }

    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("pointermove", onPointerMove, { passive: false });
    document.addEventListener("pointerup", (event) => endDrag(event, false));
    document.addEventListener("pointercancel", (event) => endDrag(event, true));
    // While a piece is being dragged the finger must not scroll the page.
    document.addEventListener(
      "touchmove",
      (event) => {
        if (drag.active) event.preventDefault();
      },
      { passive: false },
    );
    return { justDropped: () => drag.justDropped };
  };
})();
