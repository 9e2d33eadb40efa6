"""Click to screen against the computer: from a player's click to the first frame that
shows the board the server answered with (the computer's reply included), p50 and p95,
for two checkouts of the site in one run (before and after a change), in Chromium.

    python bench/click_to_screen.py --before /work/main [--actions 30] [--batches 3]

Each checkout is served by its own daphne with its own SQLite database (DEBUG=0, as the
e2e tests serve it); the batches alternate between them, so that the load of the shared
machine falls on both alike. A page records, in itself, the click's timestamp and the
moment after the first animation frame that follows the board's swap (a
MutationObserver on #board, then requestAnimationFrame and a task: the frame is
painted); and, apart, the time to the start of that frame (requestAnimationFrame's
timestamp), before it is painted. A third series, "after, reduced motion", is the after
checkout with prefers-reduced-motion (motion.js does nothing): what the animation
costs. Per game the actions are: tile rummy Draw (Pass once the pool is empty); rummy
a draw from the stock, then a discard; Tarot a legal card played; when a round ends,
its Play again (timed too). Each click comes as soon as the page is idle, so with
motion it ends the last move's travel (a quick player); with --settled it waits until
the travel is over (a player who watches it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests import live_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SECRET = "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz"

# In the page: the click's time, then the frame after the next swap of the board.
RECORDER = """() => {
  window.clicks = [];
  window.frames = [];
  let at = null;
  document.addEventListener("click", (event) => { at = event.timeStamp; }, { capture: true });
  new MutationObserver(() => {
    if (at === null) return;
    const start = at;
    at = null;
    requestAnimationFrame((frame) => {
      window.frames.push(frame - start);
      setTimeout(() => window.clicks.push(performance.now() - start), 0);
    });
  }).observe(document.getElementById("board"), { childList: true });
}"""


def serve(root: Path, folder: Path, stack: ExitStack) -> str:
    """A daphne of the checkout at `root`, its database in `folder`."""
    live_server.ROOT = root  # migrate and DaphneProcess run there
    env = live_server.server_env(
        f"sqlite:///{folder}/db.sqlite3", SECRET, PYTHONDONTWRITEBYTECODE="1", PYTHONPATH=str(root)
    )
    live_server.migrate(env)
    server = live_server.DaphneProcess(env, seconds=30)
    stack.callback(server.stop)
    return server.url


SETTLED = False  # --settled: each click waits until the last move's travel has ended


def idle(page) -> None:
    page.wait_for_function(
        "() => window.Play && !window.Play.busy && document.querySelector('#board section')"
    )
    if SETTLED:
        page.wait_for_function("() => !document.getAnimations().some(a => a.id === 'motion')")
        page.wait_for_timeout(50)


def over(page) -> bool:
    return page.locator("#board section.is-over").count() > 0


def new_round(page) -> None:
    page.locator("#board [data-play-again]").first.click()
    idle(page)


def act_tiles(page) -> int:
    if over(page):
        new_round(page)
    # Pass once the pool is empty (a long series empties it): the round ends blocked.
    step = page.locator('#board [data-action="draw"], #board [data-action="pass"]')
    step.first.click()
    idle(page)
    return 1


def act_cards(page) -> int:
    if over(page):
        new_round(page)
    page.locator(".cards-board.is-playing").wait_for()
    page.get_by_role("button", name="Draw from the stock", exact=True).click()
    idle(page)
    if over(page):
        return 1
    page.locator(".cards-hand .card:not(.is-taken)").first.click()
    try:
        page.get_by_role("button", name="Discard", exact=True).click(timeout=5000)
    except Exception:
        page.screenshot(path="/tmp/bench-cards-no-discard.png", full_page=True)
        raise
    idle(page)
    return 2


def act_tarot(page) -> int:
    if over(page):
        new_round(page)
    page.locator(".tarot-board.is-playing button.card[data-legal]").first.click()
    page.get_by_role("button", name="Play card").click()
    idle(page)
    return 1


GAMES = {"tiles": act_tiles, "cards": act_cards, "tarot": act_tarot}


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered):6.1f}  p95 {p95:6.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the checkout before the change")
    parser.add_argument("--after", type=Path, default=ROOT, help="the checkout after (this one)")
    parser.add_argument("--actions", type=int, default=30, help="timed clicks per game and series")
    parser.add_argument("--batches", type=int, default=3, help="alternations per game")
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument(
        "--settled",
        action="store_true",
        help="click only once the last move's travel has ended (else at once, as a quick player)",
    )
    args = parser.parse_args()
    global SETTLED
    SETTLED = args.settled
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, ExitStack() as stack:
        folders = [Path(stack.enter_context(tempfile.TemporaryDirectory())) for _ in range(2)]
        urls = {"before": serve(args.before.resolve(), folders[0], stack)}
        urls["after"] = serve(args.after.resolve(), folders[1], stack)
        series = dict(urls) | {"after, reduced motion": urls["after"]}
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        stack.callback(browser.close)
        print(
            f"click to screen, ms ({args.actions} clicks per game and series,"
            f" {args.batches} batches)"
        )
        for game in args.games:
            times: dict[str, list[float]] = {name: [] for name in series}
            starts: dict[str, list[float]] = {name: [] for name in series}
            pages = {}
            for name, url in series.items():
                reduce = "reduce" if "reduced" in name else "no-preference"
                context = browser.new_context(
                    base_url=url, viewport={"width": 1280, "height": 800}, reduced_motion=reduce
                )
                context.set_default_timeout(30_000)
                page = context.new_page()
                page.goto(f"/{game}/computer/")
                idle(page)
                page.evaluate(RECORDER)
                pages[name] = page
            per_batch = max(1, args.actions // args.batches)
            for _batch in range(args.batches):
                for name, page in pages.items():
                    done = 0
                    while done < per_batch:
                        done += GAMES[game](page)
                    times[name] = page.evaluate("() => window.clicks")
                    starts[name] = page.evaluate("() => window.frames")
            for name in series:
                shown = quantiles(times[name])
                print(f"{game:6} {name:22} n={len(times[name]):3}  {shown}", end="")
                print(f"   frame start {quantiles(starts[name])}")
            for page in pages.values():
                page.context.close()


if __name__ == "__main__":
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    main()
