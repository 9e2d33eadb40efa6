/* The play page's transport and storage: window.Play, as docs/games.md describes.
   Plain JavaScript, no framework. Every visible text comes from the template
   (#play-strings data attributes), so this file holds no English. */
(() => {
  "use strict";

  const root = document.getElementById("play");
  if (!root) return;

  const data = root.dataset;
  const strings = document.getElementById("play-strings").dataset;
  const board = document.getElementById("board");
  const area = document.getElementById("play-area");
  const messageBox = document.getElementById("play-message");
  const statusLine = document.getElementById("play-status");
  const newButton = document.getElementById("play-new");
  const mode = data.mode;
  const game = data.game;

  /** A translated string with {name} placeholders filled in. A game may name its own
      things where the page speaks of them (rummy's "next deal" for a round): a
      [data-play-words] element in the board overrides the page's string of that name. */
  function t(name, params = {}) {
    const own = board.querySelector("[data-play-words]");
    const text = (own && own.dataset[name]) || strings[name] || "";
    return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
  }

  // localStorage may be missing or refuse writes (private modes, quotas): the game
  // then lives in memory and the player is told once.
  const memory = new Map();
  const storage = {
    get(key) {
      try {
        const value = window.localStorage.getItem(key);
        return value === null ? (memory.has(key) ? memory.get(key) : null) : value;
      } catch (error) {
        return memory.has(key) ? memory.get(key) : null;
      }
    },
    set(key, value) {
      memory.set(key, value);
      try {
        window.localStorage.setItem(key, value);
      } catch (error) {
        if (!storage.warned) showMessage(t("noStorage"));
        storage.warned = true;
      }
    },
    remove(key) {
      memory.delete(key);
      try {
        window.localStorage.removeItem(key);
      } catch (error) {
        /* nothing kept, nothing to remove */
      }
    },
  };

  /** Show a message, or clear it. A refusal (`refusal` true) is about the step the
      player just tried: it goes at their next touch or key on the board. */
  function showMessage(text, refusal = false) {
    messageBox.textContent = text || "";
    messageBox.classList.toggle("is-shown", Boolean(text));
    messageBox.dataset.refusal = text && refusal ? "true" : "";
    messageBox.classList.remove("is-notice");
  }
  // Capture: cleared before the board's own handler, which may be refused anew.
  board.addEventListener(
    "click",
    () => {
      if (messageBox.dataset.refusal) showMessage("");
    },
    { capture: true },
  );
  // The message lies over the page's controls (play.css): a tap puts it away.
  messageBox.addEventListener("click", () => showMessage(""));

  // Each seat's colour, the same for the life of a room or a save (rooms.seats.COLOURS).
  const colours = JSON.parse(document.getElementById("play-colours").textContent);

  /** A text naming a seat, marked with that seat's colour (play.css draws the mark). */
  function marked(text, seat) {
    const span = document.createElement("span");
    span.textContent = text;
    if (seat && colours[String(seat)]) span.dataset.colour = colours[String(seat)];
    return span;
  }

  const Play = {
    context: {
      game,
      mode,
      seat: null,
      version: null,
      // Online: true while the other seat is not connected (the server refuses moves
      // then); a "play:presence" event {presence, waiting} tells of every change.
      waiting: false,
      // A lesson (data-lesson, rooms.local.lessons) and a try from a replay (data-try,
      // rooms.local.tries) are games against the computer kept apart from the player's own.
      storageKey: mode === "friend" ? null : `play:${game}:${data.lesson ? "learn" : data.try ? "try" : mode}`,
    },
    busy: false,
    send: (action) => transport.send(action),
    // The sealed game of one device or the computer (null online), for a game's own
    // endpoint that must read the real game rather than the page's word (a hint).
    sealed: () => (mode === "friend" ? null : tokenTransport.token),
    // A game's own things in localStorage, under Play.context.storageKey: JSON values,
    // null removes; without storage they live as long as the page.
    storage: {
      load(name) {
        try {
          return JSON.parse(storage.get(`${Play.context.storageKey}:${name}`) || "null");
        } catch (error) {
          return null;
        }
      },
      save(name, value) {
        const key = `${Play.context.storageKey}:${name}`;
        if (value === null) storage.remove(key);
        else storage.set(key, JSON.stringify(value));
      },
    },
  };
  window.Play = Play;

  let lastStatus = null;
  let page = null; // what room.js is given, below; online it keeps the presence

  const levelPicker = document.getElementById("play-level");
  const levelForm = document.getElementById("play-level-form");
  // The level of the newest token: the picker goes back to it when a change fails.
  const level = {
    confirmed: levelPicker ? levelPicker.value : null,
    name(value) {
      const option = [...levelPicker.options].find((each) => each.value === value);
      return option ? option.textContent.trim() : value;
    },
  };

  // The board dims only for an answer that keeps the player waiting (a slow network):
  // dimmed at every move, it flickered, and its fade held up the new board's first frame.
  const WAITING_MS = 300;
  let waiting = 0;

  function setBusy(busy) {
    Play.busy = busy;
    root.classList.toggle("is-busy", busy);
    root.setAttribute("aria-busy", busy ? "true" : "false");
    clearTimeout(waiting);
    if (busy) waiting = setTimeout(() => root.classList.add("is-waiting"), WAITING_MS);
    else root.classList.remove("is-waiting");
    document.dispatchEvent(new CustomEvent("play:busy", { detail: { busy } }));
    // The move is on its way: the pieces' places are read now, while the server answers.
    if (busy && window.PlayMotion) window.PlayMotion.ahead(board);
  }

  /** [text, the seat it names] of the status line. */
  function describeStatus() {
    if (!lastStatus) return ["", null];
    const seat = Play.context.seat;
    const presence = page && page.presence;
    if (mode === "friend" && presence) {
      const other = seat === 1 ? 2 : 1;
      // The presence line already says that the friend is awaited.
      if (!presence[String(other)]) return ["", null];
    }
    if (lastStatus.over) return [t("over"), null]; // the board's result names the winner
    const turn = lastStatus.turn;
    // On one device, and for a watcher (who has no turn), the seat to move by name.
    if (mode === "local" || Play.context.watching) return [t("toMove", { seat: turn }), turn];
    if (turn === seat) return [t("yourTurn"), turn];
    return [mode === "computer" ? t("computerTurn") : t("theirTurn", { seat: turn }), turn];
  }

  function updateStatusLine() {
    const [text, seat] = describeStatus();
    statusLine.replaceChildren(text ? marked(text, seat) : "");
  }

  // --- Online, when the room is deleted unless someone plays: the server's moment (ISO
  // 8601, UTC; each state moves it on) in the player's time zone and language. After a
  // round it offers the next, in the words of the board's own button for it.
  const expiry = {
    line: document.getElementById("play-expiry"),
    format: null,
    update(deletesAt, status) {
      if (!this.line || !deletesAt) return;
      const at = new Date(deletesAt);
      if (Number.isNaN(at.getTime())) return;
      this.format =
        this.format ||
        new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
          year: "numeric",
          month: "long",
          day: "numeric",
          hour: "2-digit",
          minute: "2-digit",
          timeZoneName: "short",
        });
      const date = this.format.format(at);
      const again = board.querySelector("[data-play-again]");
      const over = Boolean(status && status.over);
      this.line.dataset.deletesAt = deletesAt;
      this.line.classList.toggle("is-over", over);
      this.line.textContent = over
        ? t("expiresOver", { date, again: (again && again.textContent.trim()) || t("again") })
        : t("expires", { date });
    },
  };
  if (expiry.line) {
    expiry.update(expiry.line.dataset.deletesAt, { over: expiry.line.classList.contains("is-over") });
  }

  /** Put a confirmed view in place and tell the game's script. */
  function render(payload) {
    const seatChanged = payload.seat !== Play.context.seat;
    Play.context.seat = payload.seat;
    if (payload.version !== undefined) Play.context.version = payload.version;
    lastStatus = payload.status;
    const motion = window.PlayMotion ? window.PlayMotion.before(board) : null; // issue 56
    board.innerHTML = payload.html;
    if (window.htmx) window.htmx.process(board); // a board's own forms (Game.htmx)
    updateStatusLine();
    if (mode === "friend") backgroundTurn.update(payload.status, payload.seat);
    if (mode === "friend") expiry.update(payload.deletes_at, payload.status);
    if (mode === "local") cover.update(seatChanged, payload.status);
    document.dispatchEvent(
      new CustomEvent("play:view", {
        detail: {
          view: payload.view,
          status: payload.status,
          seat: payload.seat,
          mode,
          version: Play.context.version,
          lesson: payload.lesson,
          tried: payload.tried,
        },
      }),
    );
    // After the game's script has set the board up (a hand's own order): the pieces travel.
    if (motion) window.PlayMotion.after(motion);
  }

  // --- Online, a turn that comes while the tab is in the background: the title and the
  // icon say so until the tab is seen again, and the turn sound rings once if it is on.
  const backgroundTurn = {
    title: document.title,
    icon: document.querySelector("link[rel~='icon']"),
    iconHref: null,
    marked: false,
    update(status, seat) {
      if (!document.hidden || status.over || status.turn !== seat) return;
      document.title = `● ${t("yourTurn")} · ${this.title}`;
      if (this.icon && root.dataset.turnIcon) {
        this.iconHref = this.iconHref || this.icon.getAttribute("href");
        this.icon.setAttribute("href", root.dataset.turnIcon);
      }
      if (!this.marked) turnSound.ring();
      this.marked = true;
    },
    clear() {
      this.marked = false;
      document.title = this.title;
      if (this.icon && this.iconHref) this.icon.setAttribute("href", this.iconHref);
    },
  };

  // --- Online, the turn sound: off unless the player switches it on (remembered for
  // every game). A short two-note chime made with WebAudio, no file to load. Browsers
  // let a page make sound only after a gesture on it, so the sound is woken by the
  // switch itself or, when remembered as on, by the player's first touch or key on the
  // page; until then a turn stays silent rather than trying to play.
  const turnSound = {
    box: document.getElementById("play-sound"),
    key: "play:sound",
    audio: null,
    on: false,
    init() {
      if (!this.box) return;
      this.on = storage.get(this.key) === "on";
      this.box.checked = this.on;
      this.box.addEventListener("change", () => {
        this.on = this.box.checked;
        storage.set(this.key, this.on ? "on" : "off");
        if (this.on) this.wake().then(() => this.ring()); // the player hears what it is
      });
      const wake = () => {
        if (this.on) this.wake();
      };
      document.addEventListener("pointerdown", wake, { capture: true, passive: true });
      document.addEventListener("keydown", wake, { capture: true });
    },
    wake() {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return Promise.resolve();
      if (!this.audio) this.audio = new Context();
      return this.audio.state === "suspended" ? this.audio.resume().catch(() => {}) : Promise.resolve();
    },
    ring() {
      const audio = this.audio;
      if (!this.on || !audio || audio.state !== "running") return;
      [660, 880].forEach((frequency, index) => {
        const start = audio.currentTime + index * 0.15;
        const tone = audio.createOscillator();
        const volume = audio.createGain();
        tone.frequency.value = frequency;
        volume.gain.setValueAtTime(0.0001, start);
        volume.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
        volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
        tone.connect(volume).connect(audio.destination);
        tone.start(start);
        tone.stop(start + 0.32);
      });
    },
  };
  turnSound.init();
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) backgroundTurn.clear();
  });

  // --- Hot-seat cover: hides the board whenever the seat to move changes -------------
  const cover = {
    element: document.getElementById("play-cover"),
    update(seatChanged, status) {
      if (!this.element) return;
      if (seatChanged && !status.over) this.show(Play.context.seat);
      if (status.over) this.hide();
    },
    show(seat) {
      if (!this.element) return;
      document.getElementById("play-cover-text").textContent = t("passTo", { seat });
      document.getElementById("play-reveal").textContent = t("reveal", { seat });
      this.element.hidden = false;
      area.classList.add("is-covered");
      board.setAttribute("inert", "");
      board.setAttribute("aria-hidden", "true");
      document.getElementById("play-reveal").focus({ preventScroll: true });
    },
    hide() {
      if (!this.element) return;
      this.element.hidden = true;
      area.classList.remove("is-covered");
      board.removeAttribute("inert");
      board.removeAttribute("aria-hidden");
    },
  };
  if (cover.element) {
    document.getElementById("play-reveal").addEventListener("click", () => {
      cover.hide();
      // The player's own tiles or cards get the focus (the board marks them data-own-hand).
      const first = board.querySelector("[data-own-hand] button, [data-own-hand] [tabindex]");
      if (first) first.focus({ preventScroll: true });
    });
  }

  // --- Local and computer games: POST with the sealed token ---------------------------
  function tokenKey() {
    return `${Play.context.storageKey}:token`;
  }

  async function post(url, body) {
    let response;
    try {
      response = await fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": data.csrf },
        body: JSON.stringify(body),
      });
    } catch (error) {
      throw { code: "network", message: t("network") };
    }
    let payload;
    try {
      payload = await response.json();
    } catch (error) {
      throw { code: "network", message: t("network") };
    }
    if (!response.ok) throw payload;
    return payload;
  }

  const tokenTransport = {
    token: null,
    queue: Promise.resolve(),
    // True once another tab has this save (as online's "replaced"): the page only says so.
    stopped: false,
    /** One request at a time, each built from the newest token when its turn comes:
        a new game or a level right after a move must not send the token from before it. */
    request(url, makeBody) {
      const run = () => this.perform(url, makeBody());
      const result = this.queue.then(run, run);
      this.queue = result.catch(() => {});
      return result;
    },
    async perform(url, body) {
      if (this.stopped) throw { code: "stale_save", message: "" };
      const answer = post(url, body); // sent first: what setBusy does waits for nothing
      setBusy(true);
      try {
        const payload = await answer;
        // Told meanwhile that another tab has the save: its newer token stays in storage.
        if (this.stopped) throw { code: "stale_save", message: "" };
        this.token = payload.token;
        storage.set(tokenKey(), payload.token);
        if (levelForm) levelForm.elements.token.value = payload.token;
        if (levelPicker && payload.level) levelPicker.value = level.confirmed = payload.level;
        showMessage("");
        // Not busy before the new board is set up: the board's scripts draw it idle at
        // once (busy until after, each board's buttons were restyled twice).
        setBusy(false);
        render(payload);
        return payload;
      } catch (error) {
        if (error.code === "stale_save") this.stop(error.message || t("staleSave"));
        else showMessage(error.message, true);
        document.dispatchEvent(new CustomEvent("play:refused", { detail: error }));
        throw error;
      } finally {
        if (Play.busy) setBusy(false);
      }
    },
    /** Another tab opened or played this save, so the server refuses this tab's token
        from now on: like online's "replaced", the page stops and says only that. */
    stop(text) {
      this.stopped = true;
      showMessage(text);
      statusLine.textContent = "";
      root.classList.add("is-stopped");
      area.setAttribute("inert", "");
      newButton.disabled = true;
      if (levelPicker) levelPicker.disabled = true;
      // On one device the cover stays (the hand stays hidden) without its offer to reveal.
      if (cover.element) {
        document.getElementById("play-cover-text").textContent = "";
        document.getElementById("play-reveal").hidden = true;
      }
    },
    send(action) {
      if (this.stopped) return Promise.reject({ code: "stale_save", message: "" });
      if (Play.busy) return Promise.reject({ code: "busy", message: "" });
      return this.request(data.actUrl, () => ({ token: this.token, action }));
    },
    newGame() {
      return this.request(data.newUrl, () => {
        const body = { token: this.token };
        if (levelPicker) body.level = levelPicker.value;
        if (data.lesson) body.lesson = true;
        if (data.try) body.from = data.try;
        return body;
      });
    },
    async start() {
      // Another tab's answer puts its token in the shared storage: this tab's save is
      // then an older version, which the server would refuse. Before this tab's first
      // answer there is nothing to stop: its own opening of the save comes after.
      window.addEventListener("storage", (event) => {
        if (event.key !== tokenKey() || this.stopped || this.token === null) return;
        if (event.newValue !== this.token) this.stop(t("staleSave"));
      });
      const saved = storage.get(tokenKey());
      if (saved) {
        try {
          const shown = await this.request(data.showUrl, () => ({ token: saved }));
          if (mode === "local") cover.show(Play.context.seat);
          // A try page keeps the try of its own decision, not one of another.
          if (!data.try || (shown.tried && shown.tried.from === data.try)) return;
          return this.newGame().catch(() => {});
        } catch (error) {
          // Another tab opened the save at the same moment (this one has stopped), or
          // the server could not be reached: the save stays for the next visit.
          if (error.code === "stale_save" || error.code === "network") return;
          storage.remove(tokenKey());
        }
      }
      const body = levelPicker ? { level: levelPicker.value } : {};
      if (data.lesson) body.lesson = true;
      if (data.try) body.from = data.try;
      await this.request(data.newUrl, () => body).catch(() => {});
      if (saved) showMessage(t("restoredFailed"));
    },
  };

  // The level form (htmx) holds the newest token (perform puts it in) and waits its turn
  // in the queue, so that a change made during a move sends the token from after it.
  if (levelForm) {
    let answered = null;
    let asked = null; // the level the form's request asks for
    levelForm.addEventListener("htmx:confirm", (event) => {
      event.preventDefault();
      const chosen = levelPicker.value; // chosen now: the answers before it reset the picker
      const issue = (resolve) => {
        answered = resolve;
        asked = chosen;
        levelPicker.value = chosen;
        event.detail.issueRequest(true);
      };
      tokenTransport.queue = tokenTransport.queue.then(() => new Promise(issue));
    });
    levelForm.addEventListener("htmx:beforeRequest", () => setBusy(true));
    levelForm.addEventListener("htmx:afterRequest", (event) => {
      setBusy(false);
      answered();
      if (tokenTransport.stopped) return;
      if (!event.detail.successful) {
        // Refused or unanswered: the game keeps its level, and the picker says so.
        const refusal = readRefusal(event.detail.xhr);
        if (refusal.code === "stale_save") return tokenTransport.stop(refusal.message);
        levelPicker.value = level.confirmed;
        showMessage(t("levelKept", { level: level.name(level.confirmed), reason: refusal.message }), true);
        return;
      }
      tokenTransport.token = levelForm.elements.token.value;
      storage.set(tokenKey(), tokenTransport.token);
      level.confirmed = asked;
      showMessage(t("levelChanged", { level: level.name(asked) }));
      messageBox.classList.add("is-notice"); // news, not a refusal: drawn quieter (play.css)
    });
  }

  // A refused htmx request of the page (the seat claim; a board's own forms say their
  // own): a 4xx {code, message}, or no answer at all.
  function htmxFailed(event) {
    if (board.contains(event.detail.elt)) return;
    if (levelForm && levelForm.contains(event.detail.elt)) return; // says its own, above
    const refusal = readRefusal(event.detail.xhr);
    if (refusal.code === "stale_save") tokenTransport.stop(refusal.message);
    else showMessage(refusal.message);
  }

  /** A refused htmx request's {code, message}: the server's, or the network's. */
  function readRefusal(xhr) {
    const answer = (xhr && xhr.responseText) || "";
    try {
      if (answer.startsWith("{")) return JSON.parse(answer);
    } catch (error) {
      /* not the server's refusal: no answer to read */
    }
    return { code: "network", message: t("network") };
  }
  document.addEventListener("htmx:responseError", htmxFailed);
  document.addEventListener("htmx:sendError", htmxFailed);

  // Online the transport is room.js's, given what it needs of this page.
  page = { Play, t, marked, storage, showMessage, setBusy, render };
  Object.assign(page, { data, game, root, board, statusLine, updateStatusLine, colours });
  page.presence = null;
  const transport = mode === "friend" ? window.PlayRoom(page) : tokenTransport;

  // A finished game's "Play again" (the board's [data-play-again]) is the page's New
  // game, or online its New round (which asks the friend).
  board.addEventListener("click", (event) => {
    if (event.target.closest("[data-play-again]")) newButton.click();
  });

  newButton.addEventListener("click", () => {
    if (mode !== "friend" && lastStatus && !lastStatus.over && !window.confirm(t("confirmNew"))) {
      return;
    }
    Promise.resolve(transport.newGame()).catch(() => {});
  });

  // htmx reads its configuration (rooms/htmx.html) and wires the page's hx-* elements
  // on DOMContentLoaded (deferred scripts run before it, while the document is already
  // "interactive"): the first request waits for it, as htmx itself does.
  if (document.readyState === "complete") transport.start();
  else document.addEventListener("DOMContentLoaded", () => transport.start(), { once: true });
})();
