/* Tile rummy board: selecting, dragging and arranging tiles during a turn.

   The rules never run here. Every edit of the table is appended to the turn's edit
   list, which the board's draft form (htmx) posts to /tiles/draft/; the server replays
   the edits from the start of the turn and answers with the table and rack HTML
   (the draft area, drawn by tiles/board.py), in which a verdict says whether
   "End turn" would succeed. The finished table goes to the server with Play.send
   (docs/games.md). The edit list is kept in localStorage so that a reload restores the
   turn in progress. The Hint button sends the game's sealed token to /tiles/hint/ for
   the solver's placement, an "arrange" edit appended like any other. Online, while the
   friend is not connected (Play.context.waiting, the "play:presence" event), End turn,
   Draw and Pass are disabled; the draft stays editable. All visible text comes from the
   board's markup (tiles/board.py: data attributes). */
(() => {
  "use strict";

  const COLOURS = "KBOR";

  const Pieces = window.PlayPieces; // rooms/static/rooms/pieces.js
  let turn = null; // the board's state, rebuilt whenever a new board arrives

  // Storage: the play page's, under its key for this game and seat (Play.storage).
  const load = (name) => window.Play.storage.load(name);
  const store = (name, value) => window.Play.storage.save(name, value);

  // --- The board ----------------------------------------------------------------

  function setUp() {
    const root = document.querySelector(".tiles-board");
    if (!root || root.dataset.ready) return;
    root.dataset.ready = "1";
    const data = JSON.parse(document.getElementById("tiles-data").textContent);
    turn = { root, data, edits: [], draft: null, busy: false };
    arrangeRack();
    const saved = load("draft");
    if (data.editable && saved && saved.turn === data.turn_id && saved.edits.length) {
      turn.edits = saved.edits;
      refresh(saved.edits.length, true);
    } else if (!saved || saved.turn !== data.turn_id) {
      store("draft", null); // a draft of an earlier turn is of no use
    }
    showLastMove(root);
    update();
  }

  /** The table scrolls to the first set the other player's last move changed (the
      tiles travel there by motion.js, from the move's events). */
  function showLastMove(root) {
    Pieces.showInTable(root.querySelector(".tiles-table"), root.querySelector(".tile-set.is-last-move"));
  }

  function saveDraft() {
    store("draft", turn.edits.length ? { turn: turn.data.turn_id, edits: turn.edits } : null);
  }

  /** Show a refusal, or with `note` a piece of advice (the hint's "draw a tile"),
      which is not an error and is not styled as one. */
  function say(text, note = false) {
    Pieces.say(turn.root.querySelector(".tiles-message"), text, note);
  }

  /** Append edits and ask the server what the table now looks like. */
  function commit(edits) {
    if (!turn || turn.busy || !edits.length) return;
    turn.edits.push(...edits);
    saveDraft();
    refresh(edits.length, false);
  }

  /** POST the turn's start (table, rack, opened) and `extra` to one of the stateless
      endpoints; {ok, answer}, where a network failure reads as the offline message. */
  async function ask(url, extra) {
    const { table, rack, opened } = turn.data;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ table, rack, opened, ...extra }),
      });
      return { ok: response.ok, answer: await response.json() };
    } catch (error) {
      return { ok: false, answer: { message: turn.root.dataset.msgOffline } };
    }
  }

  /** Ask the server what the table now looks like: the draft form, with the edits
      filled in, is posted by htmx, which puts the answer in #tiles-draft. */
  function refresh(added, restoring) {
    const form = turn.root.querySelector("#tiles-draft-form");
    const sets = turn.root.querySelectorAll(".tile-set").length;
    turn.busy = true;
    turn.pending = { added, restoring, sets, focus: focusKey() };
    update();
    form.elements.edits.value = JSON.stringify(turn.edits);
    // The answer says what this press did (tiles/draft_words.py); a restored draft, nothing.
    if (form.elements.said) form.elements.said.value = restoring ? "0" : String(added);
    window.htmx.trigger(form, "tiles:edit");
  }

  /** The draft form's answer (htmx:afterRequest; the new HTML is in place if it came). */
  function answered(event) {
    if (!turn || !turn.pending || event.detail.elt.id !== "tiles-draft-form") return;
    const { added, restoring, sets, focus } = turn.pending;
    turn.busy = false;
    turn.pending = null;
    if (event.detail.successful) {
      turn.draft = JSON.parse(turn.root.querySelector("#tiles-verdict").dataset.verdict);
      say("");
      arrangeRack();
      repick();
      // New sets go to the end of the table: bring the last one, with the line that
      // says what is wrong with it, into view on a small screen (not the drop zone
      // under it, which hid them on a phone).
      const all = turn.root.querySelectorAll(".tile-set");
      if (all.length > sets) Pieces.showInTable(turn.root.querySelector(".tiles-table"), all[all.length - 1]);
    } else {
      // The edit could not be made (or a restored draft no longer fits): drop it.
      turn.picks = null; // the rack stays as it is, with what was tapped meanwhile
      turn.edits.splice(restoring ? 0 : turn.edits.length - added, added);
      saveDraft();
      say(refusal(event.detail.xhr));
    }
    update();
    restoreFocus(focus);
  }

  /** The rack tiles tapped while the draft was on its way, picked again on its answer
      (tile rummy has two of each tile: the first copy not yet as wanted). */
  function repick() {
    (turn.picks || []).forEach(([code, on]) => {
      const tiles = turn.root.querySelectorAll(`.tiles-rack .tile[data-code="${code}"]`);
      const tile = [...tiles].find((each) => Pieces.pressed(each) !== on);
      if (tile) tile.setAttribute("aria-pressed", String(on));
    });
    turn.picks = null;
  }

  /** The message of a refused request ({code, message}), or the offline message. */
  function refusal(xhr) {
    const answer = xhr.responseText || "";
    return answer.startsWith("{") ? JSON.parse(answer).message : turn.root.dataset.msgOffline;
  }

  /** Ask the solver for the best placement from the start of the turn and append it
      as one "arrange" edit: the table becomes the hint (Undo takes it back), or the
      board says why there is none. The server reads the position from the game's
      sealed token (Play.sealed), never from the page. */
  async function askHint() {
    if (!turn || turn.busy || !window.Play || window.Play.busy) return;
    turn.busy = true;
    say("");
    update();
    const reply = await Pieces.askHint(turn.root);
    if (!reply) return; // a new board arrived meanwhile
    const { ok, answer } = reply;
    turn.busy = false;
    if (ok && answer.edit) {
      commit([answer.edit]);
      return;
    }
    update();
    // A 400 is a refusal; a 200 without an edit is advice (nothing fits: draw or pass).
    say(answer.message, ok);
  }

  // Keyboard users keep their place when the draft area is redrawn.
  function focusKey() {
    const active = document.activeElement;
    if (!active || !turn.root.contains(active)) return null;
    return { action: active.dataset.action, set: active.dataset.set, code: active.dataset.code };
  }

  function restoreFocus(key) {
    if (!key) return;
    let target = null;
    if (key.action) target = turn.root.querySelector(`[data-action="${key.action}"]${key.set ? `[data-set="${key.set}"]` : ""}`);
    if (!target && key.code) target = turn.root.querySelector(`.tiles-rack .tile[data-code="${key.code}"]`);
    if (!target || target.disabled) target = turn.root.querySelector(".tiles-rack .tile");
    if (target) target.focus();
  }

  // --- Selection and buttons ------------------------------------------------------

  function selectedRack() {
    return [...turn.root.querySelectorAll('.tiles-rack .tile[aria-pressed="true"]')];
  }

  function selectedTable() {
    return turn.root.querySelector('.tiles-table .tile[aria-pressed="true"]');
  }

  function tableSize() {
    return (turn.draft ? turn.draft.table : turn.data.table).length;
  }

  function setSize(index) {
    const table = turn.draft ? turn.draft.table : turn.data.table;
    return table[index] ? table[index].length : 0;
  }

  function update() {
    if (!turn) return;
    const busy = turn.busy || Boolean(window.Play && window.Play.busy);
    const waiting = friendAway();
    const draft = turn.draft;
    const rack = selectedRack();
    const table = selectedTable();
    const any = rack.length > 0 || Boolean(table);
    const changed = Boolean(draft && draft.changed);
    const enable = (action, on) =>
      turn.root.querySelectorAll(`[data-action="${action}"]`).forEach((button) => {
        button.disabled = busy || !on;
      });
    enable("new-set", any);
    enable("add", any);
    enable("undo", Boolean(draft && draft.edits > 0));
    enable("reset", changed || Boolean(draft && draft.edits > 0));
    // While the friend is away the server refuses moves: the draft stays editable.
    enable("end-turn", Boolean(draft && draft.valid) && !waiting);
    enable("hint", true);
    enable("draw", !changed && !waiting);
    enable("pass", !changed && !waiting);
    enable("split", Boolean(table) && Number(table.dataset.index) > 0);
    enable("take-back", Boolean(table) && table.hasAttribute("data-placed"));
    turn.root.querySelectorAll('[data-action^="sort-"]').forEach((button) => (button.disabled = false));
    const tools = turn.root.querySelector(".tiles-tools");
    if (tools) tools.hidden = !table;
    turn.root.classList.toggle("is-busy", busy);
  }

  /** Edits that move the selected table tile (if any) and add the selected rack
      tiles to set `target` (an index, or "new"). Set indices shift only when a set
      empties, so they can be worked out here; positions inside sets cannot. */
  function placeSelection(target) {
    const codes = selectedRack().map((tile) => tile.dataset.code);
    const table = selectedTable();
    const edits = [];
    let index = target;
    if (table) {
      const from = Number(table.dataset.set);
      if (from !== target) {
        edits.push({ type: "move", from, index: Number(table.dataset.index), to: target });
        const emptied = setSize(from) === 1;
        if (target === "new") index = tableSize() - (emptied ? 1 : 0);
        else if (emptied && from < target) index = target - 1;
      }
    }
    if (codes.length) {
      if (index === "new") edits.push({ type: "new_set", tiles: codes });
      else edits.push({ type: "add", set: index, tiles: codes });
    }
    commit(edits);
  }

  /** Online, the other seat is not connected (the play page's presence line says so). */
  const friendAway = Pieces.friendAway;

  function send(action) {
    if (!window.Play || turn.busy || window.Play.busy || friendAway()) return;
    const root = turn.root;
    say(""); // the play page shows its own message for the action: never two at once
    root.classList.add("is-busy");
    window.Play.send(action).then(
      () => store("draft", null),
      () => {
        root.classList.remove("is-busy");
        update();
      },
    );
    update();
  }

  function onClick(event) {
    if (!turn || !turn.root.contains(event.target)) return;
    const tile = event.target.closest(".tile");
    if (tile && tile.matches("button")) {
      if (!turn.data.editable) return;
      const inTable = Boolean(tile.closest(".tiles-table"));
      if (inTable && !Pieces.pressed(tile)) {
        // One table tile at a time: its position is only known until the next edit.
        turn.root.querySelectorAll('.tiles-table .tile[aria-pressed="true"]').forEach((other) => other.setAttribute("aria-pressed", "false"));
      }
      Pieces.toggle(tile);
      // A rack tile tapped while the last edit is on its way stays picked on its answer.
      if (turn.busy && !inTable) (turn.picks = turn.picks || []).push([tile.dataset.code, Pieces.pressed(tile)]);
      update();
      return;
    }
    const button = event.target.closest("[data-action]");
    if (!button || button.disabled) return;
    const table = selectedTable();
    switch (button.dataset.action) {
      case "new-set":
        placeSelection("new");
        break;
      case "add":
        placeSelection(Number(button.dataset.set));
        break;
      case "undo":
        commit([{ type: "undo" }]);
        break;
      case "reset":
        commit([{ type: "reset" }]);
        break;
      case "hint":
        askHint();
        break;
      case "split":
        commit([{ type: "split", set: Number(table.dataset.set), at: Number(table.dataset.index) }]);
        break;
      case "take-back":
        commit([{ type: "take_back", set: Number(table.dataset.set), index: Number(table.dataset.index) }]);
        break;
      case "end-turn":
        send({ type: "play", table: turn.draft.table });
        break;
      case "draw":
        send({ type: "draw" });
        break;
      case "pass":
        send({ type: "pass" });
        break;
      case "sort-colour":
        rackOrder().sort((code) => (code === "J" ? [9, 0] : [COLOURS.indexOf(code[0]), Number(code.slice(1))]));
        break;
      case "sort-number":
        rackOrder().sort((code) => (code === "J" ? [99, 0] : [Number(code.slice(1)), COLOURS.indexOf(code[0])]));
        break;
    }
  }

  // --- The rack's own order (remembered; the server's order is only a default) ----

  // Each seat has its own order: on one device the two players share the storage key.
  function rackOrder() {
    return Pieces.order(turn.root.querySelector(".tiles-rack"), ".tile", `rack:${turn.data.seat}`);
  }

  function arrangeRack() {
    rackOrder().arrange();
  }

  // --- Drag (rooms/static/rooms/drag.js): a tile to a set, a new set or the rack -------

  function grab(event) {
    if (!turn) return null;
    const tile = event.target.closest(".tile");
    if (!tile || !tile.matches("button") || !turn.root.contains(tile) || turn.busy) return null;
    const fromTable = Boolean(tile.closest(".tiles-table"));
    if (fromTable && !turn.data.editable) return null;
    return { piece: tile, fromTable };
  }

  function accepts(target) {
    return turn.root.contains(target) && (turn.data.editable || target.dataset.drop === "rack");
  }

  function drop(active, target) {
    const tile = active.piece;
    const kind = target.dataset.drop;
    if (kind === "rack") {
      if (active.fromTable) {
        commit([{ type: "take_back", set: Number(tile.dataset.set), index: Number(tile.dataset.index) }]);
      } else {
        rackOrder().dropAt(tile, active.x, active.y);
      }
      return;
    }
    const to = kind === "set" ? Number(target.dataset.set) : "new";
    if (active.fromTable) {
      const from = Number(tile.dataset.set);
      if (from === to) return;
      optimisticMove(tile, target);
      commit([{ type: "move", from, index: Number(tile.dataset.index), to }]);
      return;
    }
    // A rack tile carries the other selected rack tiles with it.
    const carried = tile.getAttribute("aria-pressed") === "true" ? selectedRack() : [tile];
    const tiles = carried.map((each) => each.dataset.code);
    carried.forEach((each) => optimisticMove(each, target));
    commit([to === "new" ? { type: "new_set", tiles } : { type: "add", set: to, tiles }]);
  }

  // The tile goes where it was dropped at once; the server's HTML follows.
  function optimisticMove(tile, target) {
    const row = target.querySelector(".tile-row");
    if (row) row.insertBefore(tile, row.querySelector(".set-plus"));
  }

  // --- Keyboard ---------------------------------------------------------------------
  // Left and right: the previous or next tile of the rack or of a set; up and down: the
  // set above or below (the rack is under the last set); Shift with left or right moves a
  // rack tile in the rack. Enter or Space selects (the tiles are buttons).

  function onKeyDown(event) {
    const tile = event.target.closest && event.target.closest(".tiles-board button.tile");
    if (!tile || Pieces.modified(event)) return;
    const row = tile.parentElement;
    const inRack = row.classList.contains("tiles-rack");
    Pieces.arrows(event, tile, [...row.querySelectorAll(":scope > .tile")], {
      order: inRack ? rackOrder() : null,
      across(step, at) {
        const rows = [...turn.root.querySelectorAll(".tile-set .tile-row, .tiles-rack")].filter(
          (each) => each.querySelector(":scope > .tile"),
        );
        const target = rows[rows.indexOf(row) + step];
        if (!target) return null;
        const tiles = target.querySelectorAll(":scope > .tile");
        return tiles[Math.min(at, tiles.length - 1)];
      },
    });
  }

  // --- Wiring ---------------------------------------------------------------------

  Pieces.noContextMenu(".tiles-board .tile");
  document.addEventListener("htmx:afterRequest", answered);
  // Online, End turn, Draw and Pass wait for the friend (play:presence); while an action
  // is in flight (Play.busy) the turn buttons wait.
  Pieces.wire({ setUp, update, onClick, onKeyDown, drag: { grab, accepts, drop } });
})();
