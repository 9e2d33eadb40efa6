/* The games this browser keeps (rooms/browser_games.py), on the home page and a game's
   page: the seat keys (room.js) and sealed games (play.js) in localStorage are posted,
   and the server answers the list of those it can prove, in the page's language. A
   "Forget" of a finished game posts that one game's key or token; of a game in progress
   it first opens the line's question, which says what is lost, and only its "Forget
   this game" posts (with `confirmed`: the server refuses a game in progress without
   it). Once the server has forgotten a game, its keys leave this browser's storage too;
   a closed tab loses nothing. "Forget finished games" does each finished line in turn.
   Every text comes from the server. */
(() => {
  "use strict";

  const section = document.getElementById("your-games");
  if (!section) return;
  const said = document.getElementById("your-games-said");
  const data = section.dataset;
  const ROOM = /^rooms:(.+):seat$/;
  const SAVE = /^play:[^:]+:(local|computer|learn|try):token$/;

  function stored() {
    const rooms = [];
    const saves = [];
    let storage;
    try {
      storage = window.localStorage;
      for (let i = 0; i < storage.length; i += 1) {
        const name = storage.key(i);
        if (ROOM.test(name)) {
          const held = JSON.parse(storage.getItem(name) || "null");
          if (held && typeof held.key === "string") rooms.push({ code: name.match(ROOM)[1], key: held.key });
        } else if (SAVE.test(name)) {
          saves.push(storage.getItem(name));
        }
      }
    } catch (error) {
      /* no storage (a private mode): nothing kept, nothing to list */
    }
    return { rooms, saves, game: data.game || null };
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": data.csrf },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      let refusal = null;
      try {
        refusal = await response.json();
      } catch (error) {
        refusal = null;
      }
      throw refusal || {};
    }
    return response;
  }

  function say(text) {
    let line = section.querySelector(".your-games-message");
    if (!line) {
      line = document.createElement("p");
      line.className = "your-games-message";
      line.setAttribute("role", "alert");
      section.append(line);
    }
    line.textContent = text || data.failed;
  }

  async function list() {
    const body = stored();
    if (!body.rooms.length && !body.saves.length) {
      section.replaceChildren();
      section.hidden = true;
      return;
    }
    try {
      const response = await post(data.listUrl, body);
      section.innerHTML = await response.text();
      section.hidden = !section.querySelector(".your-game");
    } catch (error) {
      /* the list is a convenience: without it the page stays as it is */
    }
  }

  function forgetBody(item, confirmed) {
    const storage = window.localStorage;
    if (item.dataset.mode === "friend") {
      const held = JSON.parse(storage.getItem(`rooms:${item.dataset.code}:seat`) || "null");
      return { code: item.dataset.code, key: held && held.key, confirmed };
    }
    return { token: storage.getItem(`${item.dataset.storage.split(" ")[0]}token`), confirmed };
  }

  function removeStored(prefixes) {
    const storage = window.localStorage;
    const names = [];
    for (let i = 0; i < storage.length; i += 1) names.push(storage.key(i));
    names.filter((name) => prefixes.some((prefix) => name.startsWith(prefix))).forEach((name) => storage.removeItem(name));
  }

  function lines() {
    return Array.from(section.querySelectorAll(".your-game"));
  }

  function ask(item, open) {
    const question = item.querySelector(".your-game-confirm");
    const button = item.querySelector("[data-forget]");
    question.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    // The safe answer first: a second Enter keeps the game.
    (open ? question.querySelector("[data-keep]") : button).focus();
  }

  async function forgetLine(item, confirmed) {
    await post(data.forgetUrl, forgetBody(item, confirmed));
    removeStored(item.dataset.storage.split(" "));
  }

  /* After a forget the focus goes to the Forget of the line now in the same place (the
     last one when it was last), or to the line that says it was done once none is left. */
  async function forgetting(items, place, done) {
    if (said) said.textContent = "";
    section.querySelectorAll("button").forEach((button) => {
      button.disabled = true;
    });
    let refused = null;
    try {
      for (const [item, confirmed] of items) await forgetLine(item, confirmed);
    } catch (error) {
      refused = error || {};
    }
    await list();
    section.querySelectorAll("button").forEach((button) => {
      button.disabled = false;
    });
    if (refused) {
      say(refused.message);
      return;
    }
    if (said) said.textContent = done;
    const left = lines();
    const next = left[Math.min(place, left.length - 1)];
    if (next) next.querySelector("[data-forget]").focus();
    else if (said) said.focus();
  }

  section.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const item = button && button.closest(".your-game");
    if (!button) return;
    if (button.matches("[data-forget-finished]")) {
      const finished = lines().filter((line) => line.hasAttribute("data-finished"));
      const place = lines().indexOf(finished[0]);
      forgetting(finished.map((line) => [line, false]), place, data.forgottenFinished);
    } else if (button.matches("[data-forget]") && !item.hasAttribute("data-finished")) {
      ask(item, item.querySelector(".your-game-confirm").hidden);
    } else if (button.matches("[data-forget], [data-forget-confirmed]")) {
      forgetting([[item, button.matches("[data-forget-confirmed]")]], lines().indexOf(item), data.forgotten);
    } else if (button.matches("[data-keep]")) {
      ask(item, false);
    }
  });

  section.addEventListener("keydown", (event) => {
    const question = event.key === "Escape" && event.target.closest(".your-game-confirm");
    if (question) ask(question.closest(".your-game"), false);
  });

  list();
})();
