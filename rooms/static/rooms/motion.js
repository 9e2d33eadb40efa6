/* A move seen (issue 56): FLIP with the Web Animations API, as docs/games.md says
   ("Animation"). before(root) reads the rects of [data-piece] and [data-place]; after()
   moves each piece seen before from its old rect to its new one, and plays the board's
   new events (<ol data-events>) in order, STEP ms each: a piece from or into a hidden
   place travels as a face-down copy out of the page's flow. Transforms and opacity
   only; a click or a key ends it all; nothing under prefers-reduced-motion. */
(() => {
  "use strict";
  const STEP = 320;
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
  const running = new Set();

  // A closed <details>' content (Tarot's won cards) is not drawn, and is laid out only
  // when a rect of it is asked for: so visibility first (asking laid out the whole won
  // pile at each board, 3 ms of a Tarot card's click), the rect only of what is drawn.
  const NOWHERE = new DOMRect();
  const rectOf = (el) => (!el.checkVisibility || el.checkVisibility() ? el.getBoundingClientRect() : NOWHERE);
  const mid = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const far = (a, b) => Math.hypot(mid(a)[0] - mid(b)[0], mid(a)[1] - mid(b)[1]);

  function read(root) {
    const pieces = [...root.querySelectorAll("[data-piece]")].map((el) => {
      const rect = rectOf(el);
      return { code: el.dataset.piece, el, rect, shown: rect.width > 0 };
    });
    const places = new Map();
    root.querySelectorAll("[data-place]").forEach((el) => {
      const rect = rectOf(el);
      if (rect.width > 0 && !places.has(el.dataset.place)) places.set(el.dataset.place, rect);
    });
    const list = root.querySelector("[data-events]");
    const events = list
      ? [...list.children].map((li) => ({
          n: Number(li.dataset.event),
          pieces: (li.dataset.pieces || "").split(" ").filter(Boolean),
          source: li.dataset.source,
          target: li.dataset.target,
        }))
      : [];
    return { root, pieces, places, events, game: list ? list.dataset.gameNo : null };
  }

  const still = () => !(reduce && reduce.matches); // else nothing will move

  /** The board as a move leaves for the server (play.js's setBusy): read while the server
      answers, not in the answer's way; before() uses it if the board and the page's
      scroll are as they were. */
  let early = null;
  function ahead(root) {
    early = root && still() ? { root, first: root.firstElementChild, x: scrollX, y: scrollY, at: performance.now(), old: read(root) } : null;
  }

  function before(root) {
    // A board swapped in earlier this frame and not planned yet (a push and the move's
    // own answer together): the travel starts from before that one, not from it.
    const pending = waiting;
    finish();
    const kept = early;
    early = null;
    if (!root || !still()) return null;
    if (pending && pending.root === root) return pending;
    const same = kept && kept.root === root && kept.first === root.firstElementChild;
    if (same && kept.x === scrollX && kept.y === scrollY && performance.now() - kept.at < 5000) return kept.old;
    return read(root);
  }

  function after(old) {
    if (!old || !still() || !old.places.size) return; // a fresh page: nothing moved
    const cover = document.getElementById("play-cover");
    if (!cover || cover.hidden) return soon(old);
    // One device: it plays when the next player reveals the board.
    const wait = new MutationObserver(() => {
      if (cover.hidden) (wait.disconnect(), soon(old));
    });
    wait.observe(cover, { attributes: true });
  }

  /** Planned at the start of the next frame, before it is drawn: by then the board's
      scripts (the game's, keys.js' Tab stops and focus) have made their changes, and one
      layout serves them all; read at once, each write of theirs after it laid the page
      out again (a Tarot card's click took 6 ms more). */
  let frame = 0;
  let waiting = null; // the snapshot the planned frame starts from
  function soon(old) {
    cancelAnimationFrame(frame);
    waiting = old;
    frame = requestAnimationFrame(() => {
      waiting = null;
      plan(old, read(old.root));
    });
  }

  /** Pairs the old and new copies of each piece, the nearest drawn ones first (tile
      rummy has two of each tile). */
  function pair(olds, news) {
    const options = [];
    olds.forEach((a) =>
      news.forEach((b) => {
        if (a.code === b.code) options.push([(2 - a.shown - b.shown) * 1e6 + far(a.rect, b.rect), a, b]);
      }),
    );
    options.sort((x, y) => x[0] - y[0]);
    options.forEach(([, a, b]) => {
      if (!a.to && !b.from) ((a.to = b), (b.from = a));
    });
  }

  const moved = (p) => !p.from || p.from.shown !== p.shown || far(p.from.rect, p.rect) > 1;

  /** The transform that puts an element whose rect is `home` over `rect` (at its size). */
  function over(home, rect, sized) {
    const [x, y] = mid(home);
    const [u, v] = mid(rect);
    return `translate(${u - x}px,${v - y}px) scale(${sized ? rect.width / home.width : 1})`;
  }

  function play(el, frames, slot, legs) {
    const animation = el.animate(frames, {
      duration: legs * STEP,
      delay: slot * STEP,
      easing: "ease-in-out",
      fill: "backwards",
    });
    animation.id = "motion";
    running.add(animation);
    const done = () => {
      running.delete(animation);
      if (el.classList.contains("motion-ghost")) el.remove();
      if (!running.size) listen(false);
    };
    animation.onfinish = animation.oncancel = done;
  }

  /** A copy at `rect`, out of the flow: the piece's back, or the old piece face up (its
      state classes dropped: a selected or fresh piece's look stays behind). In <body>:
      added to the board it would lay the whole board out again before the first frame
      (tile rummy's 100 ms); so a face-up copy takes the board's CSS variables along
      (`vars`, [name, value] read before anything was written). */
  function ghost({ rect, like, faceDown, font }, vars) {
    const el = document.createElement("span");
    if (faceDown) el.className = like && like.classList.contains("card") ? "card card-back" : "motion-back";
    else {
      el.className = like.className.replace(/\bis-\S+/g, "");
      el.innerHTML = like.innerHTML;
      el.style.font = font;
      vars.forEach(([name, value]) => el.style.setProperty(name, value));
    }
    el.classList.add("motion-ghost");
    el.setAttribute("aria-hidden", "true");
    const { left, top, width, height } = rect;
    Object.assign(el.style, { left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px` });
    return el;
  }
  let names = null; // the board's custom properties' names (one game per page)

  function boardVars() {
    const board = document.querySelector("#board section");
    if (!board) return [];
    const style = getComputedStyle(board);
    if (!names) names = [...style].filter((name) => name.startsWith("--"));
    return names.map((name) => [name, style.getPropertyValue(name)]);
  }

  /** Every read first, then every write: a style read after a copy is added or a piece
      set moving would lay the page out again, once for each (a Tarot trick's 5-10 ms). */
  function launch(jobs) {
    const vars = jobs.some((job) => job.ghost && !job.ghost.faceDown) ? boardVars() : [];
    const layer = document.createDocumentFragment();
    jobs.forEach((job) => job.ghost && layer.append((job.el = ghost(job.ghost, vars))));
    document.body.append(layer);
    jobs.forEach(({ el, frames, slot, legs }) => play(el, frames, slot, legs));
  }

  function plan(old, now) {
    const jobs = [];
    const move = (el, frames, slot, legs) => jobs.push({ el, frames, slot, legs });
    const copy = (rect, like, faceDown, font, frames, slot, legs) =>
      jobs.push({ ghost: { rect, like, faceDown, font }, frames, slot, legs });
    const round = now.game !== old.game && old.game !== null && now.game !== null;
    const last = round ? 0 : Math.max(0, ...old.events.map((e) => e.n));
    const fresh = now.events.filter((e) => e.n > last);
    const olds = round ? [] : old.pieces;
    pair(olds, now.pieces);
    const at = (name) => now.places.get(name) || old.places.get(name);
    // Each piece's new events; steps with nothing to show take no time.
    const claims = new Map();
    const unseen = [];
    const slots = new Map();
    const claim = (who, i) => (claims.get(who) || claims.set(who, []).get(who)).push(i);
    fresh.forEach((e, i) =>
      e.pieces.forEach((code) => {
        if (code === "?") return unseen.push([i, e]);
        // A shown copy first (Tarot's card in the trick, not the one in the closed won list).
        const copies = now.pieces.filter((p) => p.code === code && moved(p)).sort((a, b) => b.shown - a.shown);
        const who =
          copies.find((p) => claims.has(p) && !claims.get(p).includes(i)) ||
          copies.find((p) => !claims.has(p)) ||
          copies[0];
        const gone = olds.find((p) => p.code === code && !p.to && p.shown);
        if (who || gone) claim(who || gone, i);
      }),
    );
    [...claims.values()]
      .flat()
      .concat(unseen.map(([i]) => i))
      .sort((a, b) => a - b)
      .forEach((i) => slots.has(i) || slots.set(i, slots.size));
    const trip = (steps) => {
      const slot = steps.length ? slots.get(steps[0]) : 0;
      const legs = steps.length ? slots.get(steps[steps.length - 1]) - slot + 1 : 1;
      const via = steps
        .slice(0, -1)
        .map((i) => at(fresh[i].target))
        .filter(Boolean);
      return { slot, legs, via, end: steps.length ? at(fresh[steps[steps.length - 1]].target) : null };
    };
    // Keyframes over each rect in turn, a leg a step, to rest (`fade`: to the last rect,
    // fading); `sized`, the first rect is the piece's old one, whose size it starts at.
    const along = (home, rects, fade, sized) => {
      const n = rects.length - fade;
      const frames = rects
        .slice(0, n)
        .map((r, i) => ({ transform: over(home, r, sized && !i), opacity: 1, offset: i / n }));
      const end = fade ? over(home, rects[n]).replace("scale(1)", "scale(.6)") : "none";
      return frames.concat({ transform: end, opacity: +!fade });
    };
    const font = (el) => getComputedStyle(el).font;
    // A piece's box (the size of a piece shown in a row) at a place's centre.
    const size = now.pieces.find((q) => q.shown && !q.el.closest(".card-list")) || { rect: { width: 40, height: 56 } };
    const centred = (place) => {
      const [x, y] = mid(place);
      const { width, height } = size.rect;
      return new DOMRect(x - width / 2, y - height / 2, width, height);
    };

    now.pieces.forEach((p) => {
      const { slot, legs, via, end } = trip(claims.get(p) || []);
      const was = p.from;
      if (p.shown && was && was.shown) {
        // With events, only their pieces travel: the others keep still as the board settles.
        if (via.length || (moved(p) && (claims.has(p) || !now.events.length)))
          move(p.el, along(p.rect, [was.rect, ...via], 0, 1), slot, legs);
      } else if (p.shown && claims.has(p)) {
        // From a hidden place: its back travels, then the piece shows.
        const box = was && was.el.closest("[data-place]");
        const start = (box && at(box.dataset.place)) || at(fresh[claims.get(p)[0]].source);
        if (!start) return;
        copy(p.rect, p.el, true, null, along(p.rect, [start, ...via], 0, 0), slot, legs);
        move(p.el, [{ opacity: 0 }, { opacity: 0, offset: 0.99 }, { opacity: 1 }], slot, legs);
      } else if (!p.shown && was && was.shown) {
        // Into a hidden place of this board (a won pile): the old piece goes there and fades.
        const box = p.el.closest("[data-place]");
        const target = end || (box && at(box.dataset.place));
        if (target)
          copy(was.rect, was.el, false, font(p.el), along(was.rect, [was.rect, ...via, target], 1), slot, legs);
      } else if (!p.shown && !was && claims.has(p) && end) {
        // Never seen here (the other's card, its trick taken at once): from its source.
        const start = at(fresh[claims.get(p)[0]].source);
        const box = start && centred(start);
        if (box) copy(box, p.el, false, font(p.el), along(box, [box, ...via, end], 1), slot, legs);
      }
    });
    // Seen before and now nowhere: with its event to the target (face down into a hidden
    // hand), or fading where it lay (the discard pile's old top, covered).
    olds.forEach((p) => {
      if (p.to || !p.shown) return;
      const { slot, legs, via, end } = trip(claims.get(p) || []);
      const like = now.pieces.find((q) => q.shown) || p;
      if (claims.has(p) && end) {
        const hidden = !now.pieces.some((q) => q.shown && far(q.rect, end) < end.width / 2);
        copy(p.rect, p.el, hidden, font(like.el), along(p.rect, [p.rect, ...via, end], 1), slot, legs);
      } else if (!claims.has(p) && !p.el.closest('[data-place^="hand-"]')) {
        // Never a hand's piece: on one device that is the previous player's, to be hidden.
        copy(
          p.rect,
          p.el,
          false,
          font(like.el),
          [{ opacity: 1 }, { opacity: 1, offset: 0.8 }, { opacity: 0 }],
          0,
          Math.max(1, slots.size),
        );
      }
    });
    // Pieces this seat may not see (the other's draw): a back from the source to the target.
    unseen.forEach(([i, e]) => {
      const start = at(e.source);
      const end = at(e.target);
      if (!start || !end) return;
      const box = centred(start);
      copy(box, size.el, true, null, along(box, [box, end], 1), slots.get(i), 1);
    });
    launch(jobs);
    if (running.size) listen(true);
  }

  /** Ends every travel at once: each piece where it belongs, the copies gone. */
  function finish() {
    cancelAnimationFrame(frame);
    waiting = null;
    running.forEach((animation) => animation.finish());
    document.querySelectorAll(".motion-ghost").forEach((el) => el.remove());
    listen(false);
  }

  // A click or a key during a travel ends it (the press goes on to its target). On the
  // click, not the pointerdown: a piece still waiting for its step would otherwise jump
  // away from under the finger before the click that was meant for it (a missed tap).
  function listen(on) {
    const method = on ? "addEventListener" : "removeEventListener";
    document[method]("click", finish, true);
    document[method]("keydown", finish, true);
  }

  window.PlayMotion = { ahead, before, after, finish };

  // A board's own swap of a part of it (tile rummy's draft, by htmx) moves too, unless a
  // drag just put the piece where the player dropped it.
  let dropped = -Infinity;
  let pending = null;
  document.addEventListener(
    "pointerup",
    () => document.body.classList.contains("is-dragging") && (dropped = performance.now()),
    true,
  );
  document.addEventListener("htmx:beforeSwap", (event) => {
    const target = event.detail.target;
    pending = target && target.closest("#board") && performance.now() - dropped > 1500 ? before(target) : null;
  });
  document.addEventListener("htmx:afterSwap", () => pending && after(pending));
})();
