"""Layout shift from moves against the computer: the sum of the page's `layout-shift`
entries (PerformanceObserver, as Chromium reports them for CLS) over a number of moves,
for two checkouts served side by side (bench/click_to_screen.py's servers and moves).

    python bench/layout_shift.py --before /work/main [--actions 12]

Prints per game and checkout the moves made, the shifts' total (every entry, and those
without a recent input, the ones CLS counts) and the largest single entry. The
animation moves pieces with transforms and its copies are fixed, out of the flow: it
must add nothing here.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from click_to_screen import CHROMIUM, GAMES, ROOT, idle, serve

OBSERVE = """() => {
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.shifts.push([entry.value, entry.hadRecentInput]);
  }).observe({ type: "layout-shift" });
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True)
    parser.add_argument("--after", type=Path, default=ROOT)
    parser.add_argument("--actions", type=int, default=12, help="moves per game and checkout")
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, ExitStack() as stack:
        folders = [Path(stack.enter_context(tempfile.TemporaryDirectory())) for _ in range(2)]
        urls = {"before": serve(args.before.resolve(), folders[0], stack)}
        urls["after"] = serve(args.after.resolve(), folders[1], stack)
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        stack.callback(browser.close)
        print("layout shift of moves against the computer (sum of layout-shift entries)")
        for game in args.games:
            act = GAMES[game]
            for name, url in urls.items():
                context = browser.new_context(base_url=url, viewport={"width": 1280, "height": 800})
                context.set_default_timeout(30_000)
                page = context.new_page()
                page.goto(f"/{game}/computer/")
                idle(page)
                page.wait_for_timeout(500)  # the first board's own settling is not a move's
                page.evaluate(OBSERVE)
                done = 0
                while done < args.actions:
                    done += act(page)
                    page.wait_for_timeout(400)  # the travel ends
                shifts = page.evaluate("() => window.shifts")
                total = sum(value for value, _recent in shifts)
                counted = sum(value for value, recent in shifts if not recent)
                largest = max((value for value, _recent in shifts), default=0)
                print(
                    f"{game:6} {name:7} moves {done:3}  entries {len(shifts):3}  total {total:.4f}"
                    f"  without recent input {counted:.4f}  largest {largest:.4f}"
                )
                context.close()


if __name__ == "__main__":
    main()
