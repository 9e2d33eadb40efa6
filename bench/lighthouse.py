"""Lighthouse scores of the board pages (against the computer) for two checkouts served
side by side (bench/click_to_screen.py's servers), with Debian's Chromium.

    npm install --prefix /tmp/lh lighthouse
    python bench/lighthouse.py --before /work/main --lighthouse /tmp/lh/node_modules/.bin/lighthouse

Lighthouse is not a dependency of the project: it is installed outside the checkout and
named here. Each page is audited `--runs` times per checkout, alternating, on the
desktop preset (performance, accessibility, best practices); the median score of each
category is printed, and the median Total Blocking Time and Cumulative Layout Shift.
A page load animates nothing (motion.js plays only a swap after the first board).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from click_to_screen import CHROMIUM, ROOT, serve

CATEGORIES = ("performance", "accessibility", "best-practices")


def audit(lighthouse: str, url: str, folder: Path) -> dict[str, float]:
    out = folder / "report.json"
    subprocess.run(
        [
            lighthouse,
            url,
            "--quiet",
            "--preset=desktop",
            f"--only-categories={','.join(CATEGORIES)}",
            "--output=json",
            f"--output-path={out}",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        ],
        check=True,
        env=os.environ | {"CHROME_PATH": CHROMIUM},
    )
    report = json.loads(out.read_text())
    scores = {name: report["categories"][name]["score"] * 100 for name in CATEGORIES}
    scores["TBT ms"] = report["audits"]["total-blocking-time"]["numericValue"]
    scores["CLS"] = report["audits"]["cumulative-layout-shift"]["numericValue"]
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True)
    parser.add_argument("--after", type=Path, default=ROOT)
    parser.add_argument("--lighthouse", required=True, help="the lighthouse command")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", nargs="+", default=["tiles", "cards", "tarot"])
    args = parser.parse_args()
    with ExitStack() as stack:
        folders = [Path(stack.enter_context(tempfile.TemporaryDirectory())) for _ in range(3)]
        urls = {"before": serve(args.before.resolve(), folders[0], stack)}
        urls["after"] = serve(args.after.resolve(), folders[1], stack)
        print(f"Lighthouse, desktop preset, median of {args.runs} runs")
        for game in args.games:
            results: dict[str, list[dict[str, float]]] = {name: [] for name in urls}
            for _run in range(args.runs):
                for name, url in urls.items():
                    results[name].append(
                        audit(args.lighthouse, f"{url}/{game}/computer/", folders[2])
                    )
            for name, runs in results.items():
                line = "  ".join(
                    f"{key} {statistics.median(run[key] for run in runs):.3g}" for key in runs[0]
                )
                print(f"{game:6} {name:7} {line}")


if __name__ == "__main__":
    main()
