/* A move seen (issue 56): when a board is replaced, its pieces travel from where they
   were to where they are, as Lichess's board plans a move. Plain JavaScript, FLIP with
   the Web Animations API: before the swap the rects of every [data-piece] and
   [data-place] are read; after it, each piece seen before travels from its old rect to
   its new one (transforms only: no layout shift), and the board's hidden event list
   (<ol data-events data-game-no>, docs/games.md) says what came from or went to a
   hidden place (the stock, the pool, the other's hand, a won pile): that piece travels
   face down, as a ghost out of the page's flow. Each new event is one step of 320 ms,
   in order (a computer turn of several steps plays them one after the other); a click
   or a key ends them at once; under prefers-reduced-motion nothing moves. Not View
   Transitions: one name per piece fails on tile rummy's two copies of a tile, the page
   is frozen (and its clicks lost) while one runs, and they cannot play steps in order
   or end at a click.
   window.PlayMotion: before(root) -> snapshot; after(snapshot) plays; finish(). */
(() => {
  "use strict";

  const STEP = 320; // ms a move
  const reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const running = new Set(); // the animations playing now
  const ghosts = new Set();

  function visible(rect) {
    return rect.width > 0 && rect.height > 0;
  }

  /** Whether the element is drawn: a closed <details>' content (Tarot's won cards) keeps
      a box but is not shown (content-visibility). */
  function shown(element, rect) {
    return visible(rect) && (!element.checkVisibility || element.checkVisibility());
  }

  /** The board's event list: [{n, seat, kind, pieces, source, target}], and its round. */
  function readEvents(root) {
    const list = root.querySelector("[data-events]");
    if (!list) return { game: null, events: [] };
    const events = [...list.querySelectorAll("[data-event]")].map((item) => ({
      n: Number(item.dataset.event),
      seat: item.dataset.seat,
      kind: item.dataset.kind,
      pieces: (item.dataset.pieces || "").split(" ").filter(Boolean),
      source: item.dataset.source || "",
      target: item.dataset.target || "",
    }));
    return { game: list.dataset.gameNo || null, events };
  }

  function readPlaces(root) {
    const places = new Map();
    root.querySelectorAll("[data-place]").forEach((element) => {
      const rect = element.getBoundingClientRect();
      if (shown(element, rect) && !places.has(element.dataset.place)) places.set(element.dataset.place, rect);
    });
    return places;
  }

  function readPieces(root) {
    return [...root.querySelectorAll("[data-piece]")].map((element) => {
      const rect = element.getBoundingClientRect();
      return { code: element.dataset.piece, element, rect, shown: shown(element, rect) };
    });
  }

  /** What the board shows now, read before it is replaced. */
  function before(root) {
    if (!root) return null;
    finish();
    const { game, events } = readEvents(root);
    return {
      root,
      pieces: readPieces(root),
      places: readPlaces(root),
      game,
      last: events.reduce((most, each) => Math.max(most, each.n), 0),
    };
  }

  const centre = (rect) => [rect.left + rect.width / 2, rect.top + rect.height / 2];

  /** Old and new copies of each piece paired, the nearest visible ones first (tile
      rummy has two of each tile). */
  function pair(olds, news) {
    const byCode = new Map();
    news.forEach((piece) => {
      if (!byCode.has(piece.code)) byCode.set(piece.code, { olds: [], news: [] });
      byCode.get(piece.code).news.push(piece);
    });
    olds.forEach((piece) => {
      if (byCode.has(piece.code)) byCode.get(piece.code).olds.push(piece);
    });
    byCode.forEach(({ olds: was, news: now }) => {
      const options = [];
      was.forEach((old) =>
        now.forEach((piece) => {
          const seen = old.shown + piece.shown;
          const [x1, y1] = centre(old.rect);
          const [x2, y2] = centre(piece.rect);
          options.push([(2 - seen) * 1e6 + Math.hypot(x1 - x2, y1 - y2), old, piece]);
        }),
      );
      options.sort((a, b) => a[0] - b[0]);
      options.forEach(([, old, piece]) => {
        if (old.to || piece.from) return;
        old.to = piece;
        piece.from = old;
      });
    });
  }

  /** A copy out of the page's flow, at `rect`: face down (a card's or a tile's back),
      or the old piece itself, face up. */
  function ghost(rect, { faceDown, like, font }) {
    let element;
    if (faceDown) {
      element = document.createElement("span");
      element.className = like && like.classList.contains("card") ? "card card-back" : "motion-back";
    } else {
      element = like.cloneNode(true);
      [...element.attributes].forEach((attribute) => {
        if (attribute.name === "id" || attribute.name.startsWith("data-")) element.removeAttribute(attribute.name);
      });
      if (font) element.style.font = font;
    }
    element.classList.add("motion-ghost");
    element.setAttribute("aria-hidden", "true");
    element.inert = true; // a copy of a button: never focused, never pressed
    Object.assign(element.style, {
      position: "fixed",
      left: `${rect.left}px`,
      top: `${rect.top}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
      margin: "0",
    });
    document.body.appendChild(element);
    ghosts.add(element);
    return element;
  }

  /** The transform that puts an element whose rect at rest is `home` over `rect`'s
      centre; `scaled`, at its size too (a piece's old rect, not a place's). */
  function over(home, rect, scaled = false) {
    const [x1, y1] = centre(home);
    const [x2, y2] = centre(rect);
    const scale = scaled && home.width ? Math.max(0.3, Math.min(3, rect.width / home.width)) : 1;
    return `translate(${x2 - x1}px, ${y2 - y1}px) scale(${scale})`;
  }

  function play(element, keyframes, slot, legs, extra = {}) {
    const animation = element.animate(keyframes, {
      duration: legs * STEP,
      delay: slot * STEP,
      easing: "ease-in-out",
      fill: "backwards",
      ...extra,
    });
    animation.id = "motion";
    running.add(animation);
    const done = () => {
      running.delete(animation);
      if (ghosts.has(element)) {
        ghosts.delete(element);
        element.remove();
      }
      if (!running.size) listen(false);
    };
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
    return animation;
  }

  /** Keyframes from over the first of `rects` (at its size if `sized`: the piece's old
      rect) by way of the others (places) to the element's place at rest, `home`: one leg
      a step. */
  function path(home, rects, sized) {
    const frames = rects.map((rect, index) => ({
      transform: over(home, rect, sized && index === 0),
      offset: index / rects.length,
    }));
    frames.push({ transform: "none", offset: 1 });
    return frames;
  }

  /** Whether a piece is elsewhere than before: new, shown or hidden since, or moved. */
  function moved(piece) {
    const old = piece.from;
    if (!old || old.shown !== piece.shown) return true;
    const [x1, y1] = centre(old.rect);
    const [x2, y2] = centre(piece.rect);
    return Math.hypot(x1 - x2, y1 - y2) > 1 || Math.abs(old.rect.width - piece.rect.width) > 1;
  }

  /** After the swap: plan each piece's travel and play it. */
  function after(snapshot) {
    if (!snapshot) return;
    const root = snapshot.root;
    const { game, events } = readEvents(root);
    if (reduce && reduce.matches) return;
    if (!snapshot.pieces.length && !snapshot.places.size) return; // a fresh page: nothing moved
    const cover = document.getElementById("play-cover");
    if (cover && !cover.hidden) {
      // One device: the next player reveals the board first; it plays then.
      const wait = new MutationObserver(() => {
        if (!cover.hidden) return;
        wait.disconnect();
        plan(snapshot, root, game, events);
      });
      wait.observe(cover, { attributes: true, attributeFilter: ["hidden"] });
      return;
    }
    plan(snapshot, root, game, events);
  }

  function plan(snapshot, root, game, events) {
    const newRound = game !== null && snapshot.game !== null && game !== snapshot.game;
    const fresh = events.filter((each) => newRound || each.n > snapshot.last).sort((a, b) => a.n - b.n);
    const pieces = readPieces(root);
    const places = readPlaces(root);
    const olds = newRound ? [] : snapshot.pieces.map((piece) => ({ ...piece }));
    pair(olds, pieces);
    const placeRect = (name) => places.get(name) || snapshot.places.get(name) || null;

    // Each piece's events, in order: the new copy of a code that moved takes it.
    const claimed = new Map(); // piece -> [event index, ...]
    const unseen = []; // [event index, source, target] of each hidden piece
    fresh.forEach((event, index) => {
      event.pieces.forEach((code) => {
        if (code === "?") return unseen.push([index, event.source, event.target]);
        const copies = pieces.filter((piece) => piece.code === code);
        const piece = copies.find((each) => claimed.has(each) && moved(each)) || copies.find(moved) || copies[0];
        const gone = olds.find((old) => old.code === code && !old.to && old.shown);
        const owner = piece || gone;
        if (!owner) return;
        if (!claimed.has(owner)) claimed.set(owner, []);
        if (!claimed.get(owner).includes(index)) claimed.get(owner).push(index);
      });
    });
    // Steps with something to show, in order: an event with no travel takes no time.
    const slots = new Map();
    const slot = (index) => {
      if (!slots.has(index)) slots.set(index, slots.size);
      return slots.get(index);
    };
    const order = [...new Set([...claimed.values()].flat().concat(unseen.map(([index]) => index)))].sort(
      (a, b) => a - b,
    );
    order.forEach(slot);
    let played = 0;

    pieces.forEach((piece) => {
      const steps = claimed.get(piece) || [];
      const at = steps.length ? slot(steps[0]) : 0;
      const legs = steps.length ? slot(steps[steps.length - 1]) - at + 1 : 1;
      const via = steps
        .slice(0, -1)
        .map((index) => placeRect(fresh[index].target))
        .filter(Boolean);
      const old = piece.from;
      if (piece.shown) {
        if (old && old.shown) {
          if (!via.length && !moved(piece)) return;
          play(piece.element, path(piece.rect, [old.rect, ...via], true), at, legs);
          played += 1;
        } else if (steps.length) {
          // From a hidden place: face down from it, then the piece itself shows.
          const box = old && old.element.closest("[data-place]");
          const start = (box && placeRect(box.dataset.place)) || placeRect(fresh[steps[0]].source);
          if (!start) return;
          const back = ghost(piece.rect, { faceDown: true, like: piece.element });
          play(back, path(piece.rect, [start, ...via], false), at, legs);
          play(piece.element, [{ opacity: 0 }, { opacity: 0, offset: 0.99 }, { opacity: 1 }], at, legs);
          played += 1;
        }
      } else if (old && old.shown) {
        // Into a hidden place (a won pile, a closed list): the old piece goes there and fades.
        const box = piece.element.closest("[data-place]");
        const end = steps.length
          ? placeRect(fresh[steps[steps.length - 1]].target)
          : box && placeRect(box.dataset.place);
        if (!end) return;
        const copy = ghost(old.rect, { like: old.element, font: window.getComputedStyle(piece.element).font });
        play(copy, fadeTo(old.rect, [...via, end]), at, legs);
        played += 1;
      }
    });

    // Pieces seen before and now nowhere: gone with their event to its target (face down
    // into a hidden hand), or covered where they were (a discard pile's old top).
    olds.forEach((old) => {
      if (old.to || !old.shown) return;
      const steps = claimed.get(old) || [];
      const font = fontNear(pieces, old);
      if (steps.length) {
        const end = placeRect(fresh[steps[steps.length - 1]].target);
        if (!end) return;
        const hiddenPlace = !pieces.some((piece) => piece.shown && inside(piece.rect, end));
        const copy = ghost(old.rect, { faceDown: hiddenPlace, like: old.element, font });
        const via = steps
          .slice(0, -1)
          .map((index) => placeRect(fresh[index].target))
          .filter(Boolean);
        play(copy, fadeTo(old.rect, [...via, end]), slot(steps[0]), slot(steps[steps.length - 1]) - slot(steps[0]) + 1);
      } else {
        const copy = ghost(old.rect, { like: old.element, font });
        play(copy, [{ opacity: 1 }, { opacity: 1, offset: 0.8 }, { opacity: 0 }], 0, Math.max(1, slots.size));
      }
      played += 1;
    });

    // Pieces this seat may not see (another's draw): a face-down ghost from the source to
    // the target, which fades there.
    unseen.forEach(([index, source, target], count) => {
      const start = placeRect(source);
      const end = placeRect(target);
      if (!start || !end) return;
      const size = sizeOf(pieces);
      const box = new DOMRect(
        start.left + start.width / 2 - size[0] / 2,
        start.top + start.height / 2 - size[1] / 2,
        size[0],
        size[1],
      );
      const like = pieces.length ? pieces[0].element : null;
      const copy = ghost(box, { faceDown: true, like });
      play(copy, fadeTo(box, [end]), slot(index), 1, { delay: slot(index) * STEP + (count % 4) * 40 });
      played += 1;
    });
    if (played) listen(true);
  }

  /** Keyframes of a ghost at rest over `home`, travelling over each rect, fading at the last. */
  function fadeTo(home, rects) {
    const frames = [{ transform: "none", opacity: 1, offset: 0 }];
    rects.forEach((rect, index) => {
      frames.push({
        transform: over(home, rect).replace("scale(1)", index === rects.length - 1 ? "scale(0.6)" : "scale(1)"),
        opacity: index === rects.length - 1 ? 0 : 1,
        offset: (index + 1) / rects.length,
      });
    });
    return frames;
  }

  function inside(rect, box) {
    const [x, y] = centre(rect);
    return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
  }

  function sizeOf(pieces) {
    const one = pieces.find((piece) => piece.shown && !piece.element.closest(".card-list"));
    return one ? [one.rect.width, one.rect.height] : [40, 56];
  }

  function fontNear(pieces, old) {
    const same = pieces.find((piece) => piece.code === old.code) || pieces.find((piece) => piece.shown);
    return same ? window.getComputedStyle(same.element).font : "";
  }

  /** Ends every travel at once: each piece where it belongs, the ghosts gone. */
  function finish() {
    [...running].forEach((animation) => animation.finish());
    ghosts.forEach((element) => element.remove());
    ghosts.clear();
    listen(false);
  }

  // A click or a key during a travel ends it (the press itself goes on to its target).
  let listening = false;
  function listen(on) {
    if (on === listening) return;
    listening = on;
    const method = on ? "addEventListener" : "removeEventListener";
    document[method]("pointerdown", finish, { capture: true });
    document[method]("keydown", finish, { capture: true });
  }

  window.PlayMotion = { before, after, finish };

  // A board's own swaps of a part of it (tile rummy's draft area, by htmx) move too, but
  // not right after a drag: the piece is already where the player dropped it.
  let dropped = -Infinity;
  document.addEventListener(
    "pointerup",
    () => {
      if (document.body.classList.contains("is-dragging")) dropped = performance.now();
    },
    { capture: true },
  );
  let pending = null;
  document.addEventListener("htmx:beforeSwap", (event) => {
    const target = event.detail.target;
    pending = target && target.closest("#board") && performance.now() - dropped > 1500 ? before(target) : null;
  });
  document.addEventListener("htmx:afterSwap", () => {
    if (pending) after(pending);
    pending = null;
  });
})();
