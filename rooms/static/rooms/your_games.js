/* The games this browser keeps (rooms/browser_games.py), on the home page and a game's
   page: the seat keys (room.js) and sealed games (play.js) in localStorage are posted,
   and the server answers the list of those it can prove, in the page's language. A
   "Forget" posts that one game's key or token; once the server has forgotten it, its
   keys leave this browser's storage too. Every text comes from the server. */
(() => {
  "use strict";

  const section = document.getElementById("your-games");
  if (!section) return;
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

  function forgetBody(item) {
    const storage = window.localStorage;
    if (item.dataset.mode === "friend") {
      const held = JSON.parse(storage.getItem(`rooms:${item.dataset.code}:seat`) || "null");
      return { code: item.dataset.code, key: held && held.key };
    }
    return { token: storage.getItem(`${item.dataset.storage.split(" ")[0]}token`) };
  }

  function removeStored(prefixes) {
    const storage = window.localStorage;
    const names = [];
    for (let i = 0; i < storage.length; i += 1) names.push(storage.key(i));
    names.filter((name) => prefixes.some((prefix) => name.startsWith(prefix))).forEach((name) => storage.removeItem(name));
  }

  section.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-forget]");
    if (!button) return;
    const item = button.closest(".your-game");
    button.disabled = true;
    try {
      await post(data.forgetUrl, forgetBody(item));
      removeStored(item.dataset.storage.split(" "));
      await list();
    } catch (error) {
      button.disabled = false;
      say(error && error.message);
    }
  });

  list();
})();
