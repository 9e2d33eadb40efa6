/* The online transport of the play page (docs/games.md): the seat key, the WebSocket,
   presence, the new-round consent and the invite. Loaded before play.js on an online
   room's page only; play.js calls window.PlayRoom(page) with its own helpers and uses
   the returned transport ({start, send, newGame}). */
(() => {
  "use strict";

  window.PlayRoom = (page) => {
    const { Play, t, marked, storage, showMessage, setBusy, render } = page;
    const { data, game, root, board, statusLine, updateStatusLine, colours } = page;

    const room = data.room;
    // A watcher's page (rooms/online/watchers.py): no seat and no key; the socket is
    // greeted with `watch` and sent the public board only.
    const watching = Boolean(data.watch);
    const seatStore = room ? `rooms:${room}:seat` : null;

    // A socket can stay open while nothing comes through it (a server stuck on its
    // database, a half-dead network): past these the page gives it up and reconnects,
    // and so it does when a ping gets no answer before the next one is due.
    const HELLO_SECONDS = 5;
    const ACTION_SECONDS = 8;
    const MAX_DELAY_MS = 5000;
    // The server's refusal of a seat key (rooms/online/protocol.py): the seat is no
    // longer this browser's, the room still there to watch.
    const CLOSE_BAD_KEY = 4403;

    const socketTransport = {
      socket: null,
      credentials: null,
      attempts: 0,
      stopped: false,
      pingTimer: null,
      helloTimer: null,
      pending: null,
      // The server's `retry` message, shown until a state says the room is back.
      retrying: false,

      async start() {
        statusLine.textContent = t("connecting");
        if (watching) {
          Play.context.watching = true;
          Play.context.storageKey = `play:${game}:room:${room}:watch`;
          this.connect();
          return;
        }
        const fresh = document.getElementById("play-fresh-key");
        let credentials = null;
        if (fresh) {
          credentials = JSON.parse(fresh.textContent);
          storage.set(seatStore, JSON.stringify(credentials));
        } else {
          try {
            credentials = JSON.parse(storage.get(seatStore) || "null");
          } catch (error) {
            credentials = null;
          }
        }
        if (!credentials || !credentials.key) {
          credentials = await claimSeat();
          storage.set(seatStore, JSON.stringify(credentials));
        }
        this.credentials = credentials;
        offerMove(credentials.key);
        Play.context.seat = credentials.seat;
        Play.context.storageKey = `play:${game}:room:${room}:seat:${credentials.seat}`;
        this.connect();
      },

      connect() {
        const scheme = window.location.protocol === "https:" ? "wss" : "ws";
        const socket = new WebSocket(`${scheme}://${window.location.host}${data.wsPath}`);
        this.socket = socket;
        socket.addEventListener("open", () => {
          this.write(watching ? { type: "hello", watch: true } : { type: "hello", key: this.credentials.key });
          this.helloTimer = window.setTimeout(() => this.giveUp(socket), HELLO_SECONDS * 1000);
          const seconds = Number(data.ping) || 10;
          socket.heard = true;
          this.pingTimer = window.setInterval(() => {
            // Nothing came back, not even the pong, for a whole interval after a ping: a
            // network that dropped the socket without a close, or a stuck server.
            if (!socket.heard) {
              this.giveUp(socket);
              return;
            }
            socket.heard = false;
            this.write({ type: "ping" });
          }, seconds * 1000);
        });
        socket.addEventListener("message", (event) => {
          socket.heard = true;
          if (socket.given) return; // given up: the next socket's state will say what stands
          let message;
          try {
            message = JSON.parse(event.data);
          } catch (error) {
            return;
          }
          this.receive(message);
        });
        socket.addEventListener("close", (event) => this.dropped(socket, event.code));
      },

      /** The socket is gone (closed, or given up): once per socket, reconnect unless
          the server refused for good. */
      dropped(socket, code) {
        if (socket.given) return; // given up already: its late close changes nothing
        socket.given = true;
        window.clearInterval(this.pingTimer);
        window.clearTimeout(this.helloTimer);
        this.fail({ code: "network", message: t("network") });
        // 4400-4499: the server refused for good (bad key, unknown or closed room,
        // replaced by another tab); anything else is worth another try. Stopped for
        // good even when the message saying why was lost.
        if (code >= 4400 && code < 4500 && !this.stopped) {
          if (code === 4409) this.stop(t("replaced"), "retake");
          else this.stop("", code === CLOSE_BAD_KEY ? "watch" : "leave");
        }
        if (this.stopped || this.socket !== socket) return;
        statusLine.textContent = t("reconnecting");
        // A request for a new round ends with the connection (rooms/online/store.py, leave):
        // the panel goes until the state after the reconnection says what stands.
        consentState.lost = consentState.lost || consentState.role === "mine" || consentState.sent;
        consentState.sent = false;
        showConsent({ asked: [] });
        // Exponential backoff with jitter (0.5-1x), so that many pages do not return at
        // once; capped low, so that a room is back soon after its server or database.
        const base = Math.min(MAX_DELAY_MS, 500 * 2 ** this.attempts);
        const delay = base * (0.5 + Math.random() / 2);
        this.attempts += 1;
        window.setTimeout(() => this.connect(), delay);
      },

      /** No answer in time on `socket`: drop it now, without waiting for its closing
          handshake, which a silent server may never finish. */
      giveUp(socket) {
        if (this.socket !== socket || socket.given) return;
        this.dropped(socket, 1006);
        socket.close();
      },

      write(message) {
        if (this.socket && this.socket.readyState === WebSocket.OPEN) {
          this.socket.send(JSON.stringify(message));
          return true;
        }
        return false;
      },

      fail(error) {
        if (!this.pending) return;
        const { reject, timer } = this.pending;
        window.clearTimeout(timer);
        this.pending = null;
        setBusy(false);
        reject(error);
      },

      receive(message) {
        if (this.stopped) return; // a stopped page says only why it stopped
        switch (message.type) {
          case "state":
            window.clearTimeout(this.helloTimer);
            this.attempts = 0; // the room answers again: a later drop starts from a short delay
            if (this.retrying) showMessage("");
            this.retrying = false;
            // A declined or withdrawn request is old news once the game moves on.
            if (consentState.message) showMessage("");
            consentState.message = "";
            Object.assign(colours, message.colours || {});
            page.presence = message.presence;
            showPresence();
            const asked = consentState.role !== null;
            const answering = inConsent(); // the focus on its Start or Decline
            const begun = t("begun"); // in the words of the round that ends (rummy's deal)
            showConsent(message.consent);
            if (consentState.lost && consentState.role !== "mine") {
              sayOfConsent(t("requestEnded"));
            }
            consentState.lost = false;
            said.textContent = "";
            render(message);
            // A request gone with no "declined" nor "left" before it: both agreed, and
            // this state is the new round's. Said, for the board alone does not say it.
            if (asked && consentState.role === null) said.textContent = begun;
            if (answering) focusAfterConsent();
            if (retaken && window.PlayFocus) window.PlayFocus.next();
            retaken = false;
            if (this.pending && message.version > this.pending.version) {
              const { resolve, timer } = this.pending;
              window.clearTimeout(timer);
              this.pending = null;
              setBusy(false);
              resolve(message);
            }
            break;
          case "watchers":
            showWatchers(message.text, message.count);
            break;
          case "presence":
          case "pong":
            if (message.presence) {
              page.presence = message.presence;
              showPresence();
              updateStatusLine();
            }
            break;
          case "consent":
            if (message.declined) {
              // Who ended the request: this page (its Decline or Cancel) or the friend.
              const text = consentState.mine
                ? consentState.mine === "decline"
                  ? t("declined")
                  : ""
                : consentState.role === "theirs"
                  ? t("withdrawn", { seat: Play.context.seat === 1 ? 2 : 1 })
                  : t("declined");
              consentState.mine = null;
              sayOfConsent(text);
            } else if (message.left && consentState.role === "theirs") {
              sayOfConsent(t("left", { seat: Play.context.seat === 1 ? 2 : 1 }));
            } else if (consentState.message && (message.consent.asked || []).length) {
              sayOfConsent(""); // a new request: what ended the last one is old news
            }
            const focused = inConsent();
            showConsent(message.consent);
            if (focused) focusAfterConsent();
            break;
          case "error":
            window.clearTimeout(this.helloTimer);
            showMessage(message.message, true);
            this.fail({ code: message.code, message: message.message });
            break;
          case "retry":
            // The server lost its channel layer or database and closes (4503): the
            // page reconnects, and says why until the room answers again.
            window.clearTimeout(this.helloTimer);
            showMessage(message.message);
            this.retrying = true;
            break;
          case "replaced":
            window.clearTimeout(this.helloTimer);
            this.stop(t("replaced"), "retake");
            break;
          case "seat_moved":
            // Opened by its one-time link on another device: this key works no more.
            window.clearTimeout(this.helloTimer);
            // Or freed by the admin (code "seat_freed"), which the message says.
            this.stop(message.code === "seat_freed" ? message.message : t("moved"), "watch");
            break;
          case "closed":
            window.clearTimeout(this.helloTimer);
            this.stop(message.message);
            break;
          default:
            break;
        }
      },

      /** Stop for good: the page says only `text` (or the refusal already shown) in
          #play-stopped, with its ways on, and nothing of it acts any more: no board, no
          presence, invite, request or New round, no reconnection. `way`: "retake", a
          replaced tab may take the seat back (a reload, whose connection replaces the
          other tab's); "watch", a seat no longer this browser's may watch the room;
          "leave", a new room or the games. */
      stop(text, way = "leave") {
        this.stopped = true;
        window.clearInterval(this.pingTimer);
        const shown = document.getElementById("play-message").textContent;
        showMessage("");
        document.getElementById("play-stopped-text").textContent = text || shown || t("stopped");
        document.getElementById("play-retake").hidden = way !== "retake";
        document.getElementById("play-ways").hidden = way === "retake";
        const watch = document.getElementById("play-way-watch");
        if (watch) watch.hidden = way !== "watch";
        document.getElementById("play-stopped").hidden = false;
        statusLine.textContent = "";
        root.classList.add("is-stopped");
        board.setAttribute("inert", "");
        const ids = [
          "play-area",
          "play-invite",
          "play-consent",
          "play-new",
          "play-move",
          "play-move-button",
          "play-expiry",
        ];
        for (const id of ids) {
          const element = document.getElementById(id);
          if (element) element.hidden = true;
        }
        document.getElementById("play-new").disabled = true;
        const line = document.getElementById("play-presence");
        if (line) line.closest(".play-room-line").hidden = true;
        Play.context.waiting = true;
        document.dispatchEvent(
          new CustomEvent("play:presence", { detail: { presence: page.presence, waiting: true } }),
        );
        if (this.socket) this.socket.close();
      },

      send(action) {
        // A stopped page sends nothing, and says nothing over why it stopped; a watcher
        // has no move to send.
        if (this.stopped || watching) return Promise.reject({ code: "stopped", message: "" });
        if (Play.busy) return Promise.reject({ code: "busy", message: "" });
        const version = Play.context.version;
        const socket = this.socket;
        return new Promise((resolve, reject) => {
          if (!this.write({ type: "action", version, action })) {
            showMessage(t("network"));
            reject({ code: "network", message: t("network") });
            return;
          }
          setBusy(true);
          // Unanswered, the move is never sent again (the server would refuse it as
          // stale): the socket is given up, and the state after the reconnection shows
          // whether it was made.
          const timer = window.setTimeout(() => this.giveUp(socket), ACTION_SECONDS * 1000);
          this.pending = { resolve, reject, version, timer };
        });
      },

      newGame() {
        if (this.stopped || watching) return;
        // A request of this page's own until the server's answer says what stands: a
        // drop before that answer ends it too (dropped below).
        if (this.write({ type: "new_round" }) && consentState.role === null) consentState.sent = true;
      },
    };

    /** "Move to another device": posts the seat's key for a one-time link and its QR
        code (views.start_move), shown in #play-move until closed. */
    function offerMove(key) {
      const button = document.getElementById("play-move-button");
      const panel = document.getElementById("play-move");
      if (!button || !panel) return;
      button.hidden = false;
      button.addEventListener("click", async () => {
        const body = new FormData();
        body.set("key", key);
        try {
          const response = await fetch(button.dataset.url, {
            method: "POST",
            body,
            headers: { "X-CSRFToken": data.csrf },
            credentials: "same-origin",
          });
          if (!response.ok) {
            const refusal = await response.json().catch(() => ({ message: t("network") }));
            showMessage(refusal.message, true);
            return;
          }
          document.getElementById("play-move-body").innerHTML = await response.text();
          const copy = document.getElementById("play-move-copy");
          copyOnClick(copy, "play-move-link", "play-move-copied", copy.dataset.copied);
        } catch (error) {
          showMessage(t("network"), true);
          return;
        }
        panel.hidden = false;
        panel.scrollIntoView({ block: "nearest" });
        document.getElementById("play-move-link").select();
      });
      document.getElementById("play-move-close").addEventListener("click", () => {
        panel.hidden = true;
        button.focus();
      });
    }

    /** The guest seat, claimed by the page's #play-claim (htmx): its answer is the
        rooms:seat event {seat, key}. A full room's answer takes the play area's place
        and a refusal is shown by play.js: this page then goes no further. */
    function claimSeat() {
      const claim = document.getElementById("play-claim");
      return new Promise((resolve) => {
        const claimed = (event) => resolve({ seat: event.detail.seat, key: event.detail.key });
        claim.addEventListener("rooms:seat", claimed, { once: true });
        window.htmx.trigger(claim, "rooms:claim");
      });
    }

    // The new-round request as this page sees it: whose it is (role "mine" or "theirs"),
    // the button this page pressed to end it, the message shown when it ended,
    // whether this page's own request was cut off by a lost connection, and whether
    // one is sent and not yet answered.
    const consentState = { role: null, mine: null, message: "", lost: false, sent: false };

    // Set by "Play in this tab" before its reload: the first board then takes the focus.
    const RETAKEN = `rooms:${room}:retaken`;
    let retaken = false;
    try {
      retaken = window.sessionStorage.getItem(RETAKEN) === "1";
      window.sessionStorage.removeItem(RETAKEN);
    } catch (error) {
      retaken = false;
    }

    // The spoken-only line (play.html #play-said): the round a request started.
    const said = document.getElementById("play-said") || document.createElement("p");

    /** Whether the focus is on the request's panel (its Start or Decline button). */
    function inConsent() {
      const box = document.getElementById("play-consent");
      return Boolean(box && box.contains(document.activeElement));
    }

    /** The panel was answered and went with the focus: on to the next useful control
        (keys.js), never the page's <body>. */
    function focusAfterConsent() {
      if (inConsent() && !document.getElementById("play-consent").hidden) return;
      if (window.PlayFocus) window.PlayFocus.next();
    }

    /** A message about the request (shown until the game moves on); "" clears it. */
    function sayOfConsent(text) {
      if (text || consentState.message) showMessage(text);
      consentState.message = text;
    }

    // Once the friend has taken seat 2 (the server renders no invite once it is taken).
    let friendCame = false;

    function showPresence() {
      const line = document.getElementById("play-presence");
      const presence = page.presence;
      if (!line || !presence) return;
      const seat = Play.context.seat;
      const other = seat === 1 ? 2 : 1;
      const here = presence[String(other)] ? t("bothHere") : t("waitingFor", { seat: other });
      line.replaceChildren(
        marked(t("youAre", { seat }), seat),
        " · ",
        presence[String(other)] ? here : marked(here, other),
      );
      line.dataset.seat = String(seat);
      // The invite is the host's, while seat 2 is free: once the friend has come, the
      // link would only say that the room is full, even while the friend is away.
      if (presence["2"]) friendCame = true;
      const invite = document.getElementById("play-invite");
      if (invite) invite.hidden = seat !== 1 || friendCame;
      placeInvite();
      // A new round needs the friend here to agree.
      const newRound = document.getElementById("play-new");
      if (newRound) newRound.disabled = !presence[String(other)];
      Play.context.waiting = !presence[String(other)];
      document.dispatchEvent(
        new CustomEvent("play:presence", { detail: { presence, waiting: Play.context.waiting } }),
      );
    }

    /** The players' line about who watches ("2 watching", on a phone an eye and 2;
        nothing when nobody does). */
    function showWatchers(text, count) {
      const line = document.getElementById("play-watchers");
      if (!line) return;
      line.querySelector(".play-watchers-words").textContent = text || "";
      line.querySelector(".play-watchers-icon").dataset.count = text ? String(count) : "";
      line.hidden = !text;
    }

    function showConsent(consent) {
      const box = document.getElementById("play-consent");
      if (!box || !consent) return;
      const seen = inView(board.querySelector("[data-play-again]"));
      consentState.sent = false; // answered: the requests now are these
      const seat = Play.context.seat;
      const other = seat === 1 ? 2 : 1;
      const asked = consent.asked || [];
      const text = document.getElementById("play-consent-text");
      const accept = document.getElementById("play-accept");
      const decline = document.getElementById("play-decline");
      if (asked.includes(other) && !asked.includes(seat)) {
        text.textContent = t("asked", { seat: other });
        accept.textContent = t("accept");
        accept.hidden = false;
        decline.textContent = t("decline");
        box.hidden = false;
        consentState.role = "theirs";
      } else if (asked.includes(seat)) {
        text.textContent = t("youAsked", { seat: other });
        accept.hidden = true;
        // The player who asked may take the request back.
        decline.textContent = t("cancel");
        box.hidden = false;
        consentState.role = "mine";
      } else {
        box.hidden = true;
        consentState.role = null;
      }
      markAgain(seen);
    }

    function inView(element) {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    }

    /** The board's own "Ask for a new round" (its result's [data-play-again], where the
        player who finished the round looks) says what the request is now: to the friend,
        that it was asked, the button agreeing to it; to the player who asked, that the
        friend is awaited, the button disabled. The panel above says it too; as it opens
        above, a button that was in view is kept there (`seen`). */
    function markAgain(seen = false) {
      const again = board.querySelector("[data-play-again]");
      if (!again) return;
      if (!again.dataset.words) again.dataset.words = again.textContent;
      let note = board.querySelector("[data-request-note]");
      const role = consentState.role;
      if (role && !note) {
        note = document.createElement("p");
        note.className = "result-request";
        note.dataset.requestNote = "";
        note.dataset.speak = "request";
        again.parentElement.before(note);
      }
      if (note) note.textContent = role ? document.getElementById("play-consent-text").textContent : "";
      if (note) note.hidden = !role;
      again.textContent = role === "theirs" ? t("accept") : again.dataset.words;
      again.disabled = role === "mine";
      if (seen && !inView(again)) again.scrollIntoView({ block: "nearest" });
    }
    document.addEventListener("play:view", () => markAgain());

    {
      document.getElementById("play-accept").addEventListener("click", () => {
        socketTransport.write({ type: "new_round" });
      });
      document.getElementById("play-decline").addEventListener("click", () => {
        consentState.mine = consentState.role === "mine" ? "cancel" : "decline";
        socketTransport.write({ type: "decline_round" });
      });
      document.getElementById("play-retake-button").addEventListener("click", () => {
        // The reloaded page puts the focus on the board it takes back (receive, below).
        try {
          window.sessionStorage.setItem(RETAKEN, "1");
        } catch (error) {
          /* no storage: the reloaded page starts at its top */
        }
        window.location.reload();
      });
      // No invite once seat 2 is taken.
      copyOnClick(document.getElementById("play-copy"), "play-invite-link", "play-copied", t("copied"));
      document.addEventListener("play:view", placeInvite);
      window.addEventListener("resize", placeInvite);
    }

    /** The invite lies over the board's free spot, which the board marks
        [data-invite-spot] (the table; Tarot's trick), centred on it: never over the
        piles and the scores (issue 55). Unseen until placed (play.css). */
    function placeInvite() {
      const invite = document.getElementById("play-invite");
      if (!invite || invite.hidden) return;
      const spot = document.querySelector("#board [data-invite-spot]");
      invite.style.cssText = "";
      if (spot) {
        const area = document.getElementById("play-area").getBoundingClientRect();
        const box = spot.getBoundingClientRect();
        invite.style.left = `${box.left - area.left}px`;
        invite.style.right = "auto";
        invite.style.width = `${box.width}px`;
        invite.style.top = `${Math.max(0, box.top - area.top + (box.height - invite.offsetHeight) / 2)}px`;
      }
      invite.dataset.placed = "1";
    }

    /** `button` copies the link of the field `linkId` and says so in `noteId`: the
        invite's and the seat move's. */
    function copyOnClick(button, linkId, noteId, copied) {
      button?.addEventListener("click", async () => {
        const link = document.getElementById(linkId);
        const note = document.getElementById(noteId);
        try {
          await navigator.clipboard.writeText(link.value);
          note.textContent = copied;
        } catch (error) {
          // No Clipboard API (plain http, old browsers): select the text for the player.
          link.focus();
          link.select();
          link.setSelectionRange(0, link.value.length);
          note.textContent = t("copyByHand");
        }
      });
    }

    return socketTransport;
  };
})();
