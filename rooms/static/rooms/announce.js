/* The page's one announcer for screen readers (issue 45): what the server wrote in the
   page's language, spoken in order through one live region (#play-announce).

   Anything that should be heard is marked in the markup with data-speak="<key>": the
   status, presence and watchers lines, the page's and the boards' messages, the hand-over
   cover, a board's last move and result. This script watches them (a MutationObserver on
   <main>) and speaks an element when it is shown with new words:
   - data-speak-id: when the id differs from the last one of its key (a move is spoken
     once, even when the board is drawn again, and again when a new move has the same words);
   - data-speak-repeat: every time it is shown (a refusal said twice is heard twice);
   - otherwise: when its words differ from the last ones of its key.
   After a new move, the status line is spoken again ("Your turn"), even unchanged.

   A board's move events (issue 56, [data-events]): the items above the last one said
   for the round to the board's viewer are said in order, instead of the move line; the
   first board shown is taken as heard; when the numbers go back (a replay's step back)
   the move line speaks.
   Each announcement is a new paragraph of the region, so that a screen reader reads
   repeated words again. Two keys read on demand: `l` the last move, `p` the position
   (the board's hidden [data-position] summary). No rule of any game lives here. */
(() => {
  "use strict";

  const region = document.getElementById("play-announce");
  const main = document.querySelector("main");
  if (!region || !main) return;

  const KEEP = 20; // paragraphs kept in the region (only additions are read)
  const lastText = new Map();
  const lastId = new Map();

  /** The words of a node as a screen reader would say them: hidden parts left out, a
      picture (role=img) by its label. */
  function words(node) {
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    if (node.hidden || node.getAttribute("aria-hidden") === "true") return "";
    if (node.tagName === "SCRIPT" || node.tagName === "STYLE") return "";
    const label = node.getAttribute("aria-label");
    if (label && node.getAttribute("role") === "img") return ` ${label} `;
    let text = "";
    let picture = false; // pictures side by side (a row of tiles) are a list: commas
    node.childNodes.forEach((child) => {
      const said = words(child);
      if (!said.trim()) return;
      const isPicture = child.nodeType === Node.ELEMENT_NODE && child.getAttribute("role") === "img";
      text += (picture && isPicture ? "," : "") + said;
      picture = isPicture;
    });
    // Block elements and list items are read apart.
    return /^(P|LI|DIV|H\d|DT|DD|TR|TD|TH)$/.test(node.tagName) ? ` ${text} ` : text;
  }

  function clean(text) {
    return text.replace(/\s+/g, " ").replace(/\s+([,.:;])/g, "$1").trim();
  }

  /** The element's words, or "" while it (or a part of the page around it) is hidden. */
  function shownWords(element) {
    if (!element.isConnected || element.closest("[hidden], [aria-hidden='true']")) return "";
    return clean(Array.from(element.childNodes, words).join(""));
  }

  function say(texts) {
    texts.forEach((text) => {
      const line = document.createElement("p");
      line.textContent = text;
      region.append(line);
    });
    while (region.childElementCount > KEEP) region.firstElementChild.remove();
  }

  /** What of `element` to say now, or null. */
  function spoken(element) {
    const key = element.dataset.speak;
    const text = shownWords(element);
    const previous = lastText.get(key);
    lastText.set(key, text);
    if (!text) return null;
    if ("speakId" in element.dataset) {
      const id = element.dataset.speakId;
      if (lastId.get(key) === id) return null;
      lastId.set(key, id);
      return text;
    }
    if ("speakRepeat" in element.dataset) return text;
    return text === previous ? null : text;
  }

  function touched(records) {
    const found = [];
    const add = (element) => {
      if (element && !found.includes(element) && !region.contains(element)) found.push(element);
    };
    records.forEach((record) => {
      const target = record.target.nodeType === Node.ELEMENT_NODE ? record.target : record.target.parentElement;
      if (!target) return;
      add(target.closest("[data-speak]"));
      const inside = record.type === "attributes" ? [target] : Array.from(record.addedNodes);
      inside.forEach((node) => {
        if (node.nodeType !== Node.ELEMENT_NODE) return;
        if (node.matches("[data-speak]")) add(node);
        node.querySelectorAll("[data-speak]").forEach(add);
      });
    });
    return found;
  }

  // The last event said, { game, n }, per viewer (the seat the board is drawn for): on
  // one device each player hears, on taking the device, what happened since they last
  // had it, their own tile drawn included (it was said to the other as "a tile").
  // `start`: the first board's, taken as heard by everyone; null before it.
  const heard = new Map();
  let start = null;

  /** The board's events not said yet; null: none listed, or numbers gone back. */
  function newEvents() {
    const board = document.getElementById("board");
    if (!board || !board.firstElementChild) return null;
    const list = board.querySelector("[data-events]");
    if (!list) {
      start = start || { game: null, n: 0 };
      return null;
    }
    // Behind the hand-over cover: kept for the player who takes the device.
    if (list.parentElement.closest("[hidden], [aria-hidden='true']")) return [];
    const items = Array.from(list.querySelectorAll("li[data-event]"));
    const game = list.dataset.gameNo;
    const last = items.length ? Number(items[items.length - 1].dataset.event) : 0;
    const viewer = list.dataset.viewer || "";
    const before = heard.get(viewer) || start;
    heard.set(viewer, { game, n: last });
    if (before === null) {
      start = { game, n: last };
      return [];
    }
    const from = before.game === game ? before.n : 0;
    if (last < from) return null;
    return items
      .filter((item) => Number(item.dataset.event) > from)
      .map((item) => ({ text: clean(item.textContent), own: item.dataset.seat === viewer }))
      .filter((item) => item.text);
  }

  function announce(elements) {
    let said = [];
    elements.forEach((element) => {
      const text = spoken(element);
      if (text !== null) said.push({ key: element.dataset.speak, text });
    });
    const events = newEvents();
    if (events && events.length) {
      const at = said.findIndex((item) => item.key === "move");
      said = said.filter((item) => item.key !== "move");
      const spot = at >= 0 ? at : 0;
      said.splice(spot, 0, ...events.map(({ text }) => ({ key: "move", text })));
    }
    // After a move, whose turn it is now (even in the same words as before), before
    // the rest of the board's news; not after the player's own step that keeps the
    // turn (rummy's draw: "Your turn" again said nothing new).
    const move = said.findIndex((item) => item.key === "move");
    const ownOnly = events && events.length && events.every((event) => event.own);
    if (move >= 0) {
      const line = document.querySelector("[data-speak='status']");
      const status = said.find((item) => item.key === "status") || {
        key: "status",
        text: line && !ownOnly ? shownWords(line) : "",
      };
      said = said.filter((item) => item !== status);
      const lastMove = said.length - 1 - [...said].reverse().findIndex((item) => item.key === "move");
      if (status.text) said.splice(lastMove + 1, 0, status);
    }
    if (said.length) say(said.map((item) => item.text));
  }

  const observer = new MutationObserver((records) => announce(touched(records)));
  observer.observe(main, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["hidden", "aria-hidden"],
  });
  announce(Array.from(main.querySelectorAll("[data-speak]")));

  // --- The reading keys: `l` the last move, `p` the position ------------------------
  /** The board the keys read, unless the hand-over cover hides it (its words belong to
      the player who has not taken the device yet). */
  function openBoard() {
    const board = document.getElementById("board");
    return board && board.getAttribute("aria-hidden") !== "true" ? board : null;
  }

  function readLastMove() {
    const board = openBoard();
    const move = board && board.querySelector("[data-speak='move']");
    say([(move && shownWords(move)) || region.dataset.noMove]);
  }

  function readPosition() {
    const board = openBoard();
    const position = board && board.querySelector("[data-position]");
    // Hidden from the page (it repeats what the board shows): read for this key only.
    const text = position && clean(Array.from(position.childNodes, words).join(""));
    say([text || region.dataset.noPosition]);
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey || event.repeat) return;
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    // The letter, or on another layout (Cyrillic) the key where it lies, as keys.js reads.
    const letter = /^[a-z]$/i.test(event.key) ? event.key.toLowerCase() : /^Key[A-Z]$/.test(event.code || "") ? event.code.slice(3).toLowerCase() : "";
    if (letter === "l") readLastMove();
    else if (letter === "p") readPosition();
    else return;
    event.preventDefault();
  });
})();
