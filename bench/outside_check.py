"""The site tried from outside as production runs it: players in a real browser, an
operator reading the logs, an attacker sending hostile frames.

    python bench/outside_check.py [--idle 65] [--pictures DIR]

It starts what production has (bench/load_services.py): a PostgreSQL database and a
redis-server of its own, `collectstatic` with the hashed manifest, two daphne processes
with DEBUG=0 (and a third, below). For each game (tile rummy, rummy, Tarot) a host on
process 1 in Chromium at 390x844 with touch creates a room with a friend, a guest on
process 2 at 1280x800 joins by the invite link, and each makes one move in turn; it prints
how long each move took to show on the other page. Then every socket stays idle for --idle
seconds (longer than every timeout of the layer and its client), every page must still say
that both players are here, and each room moves once more. Each room also has a watcher
(issue 25) at 390x844 on the other process than the host's first move lands on, who takes
the full room's offer to watch: each move must show on the watcher's page, the players'
line must say "1 watching"; then a second watcher of each room comes on a third process,
the first leaves and the third process is killed before the idle time (no disconnect
runs): after it the players must see no watcher (their own pings drop the dead one), then
a new watcher on process 2 must be counted and follow the next move. Then each host takes
its seat to a new phone on process 2 by the one-time link (the old page must be told), the
round is played to its end, the guest asks for the finished round's review on its replay
(timed until done, in process 2's review worker), and its shared link opened on process 1
shows the review kept. Then hostile frames on process 1's socket, and what each got back.
Last, the page errors the browser saw and the tracebacks and ERROR lines of both daphne
logs. Screenshots of every page go to --pictures (a temporary folder by default, printed).
Needs Debian's Chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PageTimeout  # noqa: E402

from bench.hostile_frames import hostile_frames  # noqa: E402
from bench.load_services import SECRET, Services, make_rooms, setup_django  # noqa: E402
from tests.live_server import HOST  # noqa: E402

BOTH_HERE = "Both players are here."
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def version(page: Page) -> int:
    return page.evaluate("() => window.Play.context.version")


def move_tiles(page: Page) -> None:
    page.get_by_role("button", name="Draw").click()


def move_cards(page: Page) -> None:
    page.get_by_role("button", name="Draw from the stock", exact=True).click()
    page.wait_for_function("() => !window.Play.busy")
    page.locator(".cards-hand .card").first.click()
    page.get_by_role("button", name="Discard", exact=True).click()


def move_tarot(page: Page) -> None:
    page.locator(".tarot-board.is-playing").wait_for(state="attached")
    page.locator(".tarot-board.is-playing button.card[data-legal]").first.click()
    page.get_by_role("button", name="Play card").click()


MOVES = {"tiles": move_tiles, "cards": move_cards, "tarot": move_tarot}


def to_move(pages: tuple[Page, Page]) -> tuple[Page, Page]:
    """(the page whose turn it is, the other), once one of them says "Your turn"."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        for mover, watcher in (pages, pages[::-1]):
            if "Your turn" in mover.locator("#play-status").inner_text():
                return mover, watcher
        time.sleep(0.05)
    raise TimeoutError("neither page says it is its turn")


def timed_move(game: str, pages: tuple[Page, Page]) -> tuple[float, str]:
    """Seconds from the mover's first click until the other page has the new version,
    and which page moved."""
    mover, watcher = to_move(pages)
    mover.wait_for_function("() => !window.Play.busy")
    before = version(watcher)
    started = time.perf_counter()
    MOVES[game](mover)
    watcher.wait_for_function("v => window.Play.context.version > v", arg=before, timeout=15000)
    elapsed = time.perf_counter() - started
    mover.wait_for_function("() => !window.Play.busy")
    return elapsed, "phone" if mover is pages[0] else "desktop"


def watch(browser: object, invite: str, base_url: str) -> Page:
    """A third visitor at 390x844, who takes the full room's offer to watch."""
    page = browser.new_context(base_url=base_url, **PHONE).new_page()  # type: ignore[attr-defined]
    page.goto(invite)
    page.locator("#full-watch").click()
    page.wait_for_url("**/watch/")
    page.locator("#board > *").first.wait_for(state="attached")
    return page


def watcher_follows(watcher: Page, player: Page) -> bool:
    """Whether the watcher's page comes to the player's version (within 15 s)."""
    target = version(player)
    try:
        watcher.wait_for_function(
            "v => window.Play.context.version >= v", arg=target, timeout=15000
        )
    except PageTimeout:
        return False
    return True


def watching(page: Page) -> str:
    """The players' line about the watchers ("" when none is counted)."""
    return page.locator("#play-watchers").text_content() or ""


def presence(page: Page) -> str:
    return page.locator("#play-presence").inner_text()


def move_seat(browser: object, host: Page, one_url: str, two_url: str) -> Page:
    """The host takes its seat to a new phone served by the other process, by the
    one-time link: the phone plays seat 1, the old page is told it lost the seat."""
    host.get_by_role("button", name="Move to another device").click()
    link = host.locator("#play-move-link").input_value()
    phone = browser.new_context(base_url=two_url, **PHONE).new_page()  # type: ignore[attr-defined]
    phone.goto(link.replace(one_url, two_url))
    phone.get_by_role("button", name="Play on this device").click()
    phone.wait_for_url(host.url.replace(one_url, two_url))
    expect(phone.locator("#play-presence")).to_contain_text("You are Player 1")
    expect(host.locator("#play-stopped-text")).to_have_text(
        "This seat moved to another device. This page has stopped."
    )
    return phone


def finish_round(code: str) -> None:
    """Easy bots play the room's round to its end through the room's store (the pages
    learn it when reloaded: this process sends nothing through the layer). In a thread
    of its own: Playwright's loop runs in this one, where Django refuses the ORM."""
    with ThreadPoolExecutor(1) as thread:
        thread.submit(_finish_round, code).result()


def _finish_round(code: str) -> None:
    from django.db import close_old_connections

    from rooms import registry
    from rooms.models import Room
    from rooms.online import store

    room = Room.objects.get(code=code)
    game, rng = registry.get(room.game), random.Random(1)
    while not (status := game.engine.status(state := room.game_state()))["over"]:
        action = game.bots.choose(state, status["turn"], "easy", rng)
        store.apply_action(room, status["turn"], room.version, action)
        room.refresh_from_db()
    close_old_connections()


def review_round(browser: object, player: Page, other_url: str) -> tuple[float, str, Page]:
    """The player opens the finished round's replay and asks for the review: seconds
    until it is done, its summary, and the shared link opened by a visitor on the other
    process, who sees the review already done (computed once, kept)."""
    player.reload()
    player.locator("#play-replay-last").click()
    player.wait_for_url("**/replays/*/**")
    started = time.perf_counter()
    player.locator('[data-review="start"]').click()
    player.locator('#review [data-review-status="done"]').wait_for(timeout=120_000)
    seconds = time.perf_counter() - started
    summary = " / ".join(player.locator(".review-summary li").all_inner_texts())
    link = player.locator("#replay-link").input_value()
    visitor = browser.new_context(base_url=other_url, **DESKTOP).new_page()  # type: ignore[attr-defined]
    path = link.split("/replays/", 1)[1]
    visitor.goto(f"{other_url}/replays/{path}")
    visitor.locator('#review [data-review-status="done"]').wait_for(timeout=15_000)
    return seconds, summary, visitor


def coach_pages(browser: object, url: str, game: str, replay: Page, pictures: Path) -> str:
    """On process 1 at 390x844: the first "Try again from here" of the reviewed round
    (issue 46) at its position, then the game's "Learn to play" page at its first step."""
    href = replay.locator("#review .review-try a").first.get_attribute("href")
    page = browser.new_context(base_url=url, **PHONE).new_page()  # type: ignore[attr-defined]
    page.goto(f"{url}{href}")
    expect(page.locator("#try-say")).to_contain_text("Step ")
    page.locator("#board > section").wait_for()
    page.screenshot(path=str(pictures / f"{game}-try.png"), full_page=True)
    page.goto(f"{url}/{game}/learn/")
    expect(page.locator("#lesson-step")).to_contain_text("Step 1 of ")
    page.screenshot(path=str(pictures / f"{game}-learn.png"), full_page=True)
    page.context.close()
    return f"the review's first try ({href}) and the learn page shown on process 1"


def main(args: argparse.Namespace) -> int:
    pictures = Path(args.pictures or tempfile.mkdtemp(prefix="outside_check_"))
    pictures.mkdir(parents=True, exist_ok=True)
    # Production serves the hashed, compressed files of collectstatic (docs/deploy.md).
    services = Services("redis", 3, settings={"STATIC_MANIFEST": "1"})
    static = {**os.environ, "DEBUG": "0", "STATIC_MANIFEST": "1", "SECRET_KEY": SECRET}
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT, env=static, check=True,
    )  # fmt: skip
    failures = 0
    try:
        services.start()
        setup_django(services.env)
        one, two, three = services.servers
        print(f"three daphne processes (DEBUG=0, PostgreSQL, Redis, hashed static files): "
              f"{one.url}, {two.url} and {three.url} (only watchers, killed before the "
              f"idle time); pictures in {pictures}")  # fmt: skip
        errors: list[str] = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox"]
            )
            rooms, watchers, invites = {}, {}, {}
            for game in MOVES:
                host = browser.new_context(base_url=one.url, **PHONE).new_page()
                guest = browser.new_context(base_url=two.url, **DESKTOP).new_page()
                for page in (host, guest):
                    page.on("pageerror", lambda error, g=game: errors.append(f"{g}: {error}"))
                host.goto(f"/{game}/friend/")
                host.get_by_role("button", name="Create a room").click()
                host.wait_for_url("**/r/*/")
                invite = invites[game] = host.locator("#play-invite-link").input_value()
                guest.goto(invite.replace(one.url, two.url))
                for page in (host, guest):
                    expect(page.locator("#play-presence")).to_contain_text(BOTH_HERE)
                watcher = watch(browser, invite.replace(one.url, two.url), two.url)
                watcher.on("pageerror", lambda error, g=game: errors.append(f"{g} watch: {error}"))
                watchers[game] = watcher
                for page in (host, guest):
                    expect(page.locator("#play-watchers")).to_have_text("1 watching")
                for _ in range(2):
                    seconds, who = timed_move(game, (host, guest))
                    watched = watcher_follows(watcher, host)
                    print(f"{game}: a move on the {who} showed on the other page in "
                          f"{seconds:.2f} s; on the watcher's: {watched}")  # fmt: skip
                watcher.screenshot(path=str(pictures / f"{game}-watch-phone.png"), full_page=True)
                host.screenshot(path=str(pictures / f"{game}-phone.png"), full_page=True)
                guest.screenshot(path=str(pictures / f"{game}-desktop.png"), full_page=True)
                rooms[game] = (host, guest)
            # A second watcher of each room on process 3; the first leaves (its
            # disconnect runs), then process 3 is killed (none runs): with no watcher left
            # to ping, the players' own pings must drop the dead one from their count.
            for game, (host, _guest) in rooms.items():
                doomed = watch(browser, invites[game].replace(one.url, three.url), three.url)
                doomed.on("pageerror", lambda error, g=game: errors.append(f"{g} watch: {error}"))
                expect(host.locator("#play-watchers")).to_have_text("2 watching")
                watchers[game].close()
                expect(host.locator("#play-watchers")).to_have_text("1 watching")
            three.process.kill()
            print("the first watchers left; process 3, with the second, killed", flush=True)
            print(f"all sockets idle for {args.idle:g} s", flush=True)
            time.sleep(args.idle)
            for game, (host, guest) in rooms.items():
                shown = [presence(host), presence(guest)]
                kept = all(BOTH_HERE in text for text in shown)
                failures += not kept
                dropped = all(watching(page) == "" for page in (host, guest))
                failures += not dropped
                watchers[game] = watch(browser, invites[game].replace(one.url, two.url), two.url)
                try:
                    expect(host.locator("#play-watchers")).to_have_text("1 watching")
                except AssertionError:
                    failures += 1
                    counted = False
                else:
                    counted = True
                again, who = timed_move(game, (host, guest))
                watched = watcher_follows(watchers[game], host)
                failures += not watched
                print(f"{game}: after the idle time both pages say {BOTH_HERE!r}: {kept}; "
                      f"the killed process's watcher no longer counted: {dropped}; a new "
                      f"watcher on process 2 counted: {counted}; the next move (on the "
                      f"{who}) showed in {again:.2f} s; the watcher has it: {watched}"
                )  # fmt: skip
            for game, (host, guest) in list(rooms.items()):
                try:
                    phone = move_seat(browser, host, one.url, two.url)
                except (AssertionError, PageTimeout) as failed:
                    failures += 1
                    print(f"{game}: the seat move FAILED: {failed}")
                    continue
                rooms[game] = (phone, guest)
                phone.screenshot(path=str(pictures / f"{game}-moved-phone.png"), full_page=True)
                print(f"{game}: the host's seat moved to a phone on process 2 by its one-time "
                      f"link; the old page on process 1 was told and stopped")  # fmt: skip
            for game, (phone, guest) in rooms.items():
                finish_round(phone.url.rstrip("/").rsplit("/", 1)[1])
                try:
                    seconds, summary, visitor = review_round(browser, guest, one.url)
                except (AssertionError, PageTimeout) as failed:
                    failures += 1
                    print(f"{game}: the replay and review FAILED: {failed}")
                    continue
                guest.screenshot(path=str(pictures / f"{game}-review-desktop.png"), full_page=True)
                visitor.screenshot(path=str(pictures / f"{game}-shared-replay.png"), full_page=True)
                print(f"{game}: round finished; its review, asked on process 2, done in "
                      f"{seconds:.1f} s ({summary}); the shared link on process 1 shows it "
                      f"done")  # fmt: skip
                try:
                    said = coach_pages(browser, one.url, game, visitor, pictures)
                except (AssertionError, PageTimeout) as failed:
                    failures += 1
                    print(f"{game}: try again / learn to play FAILED: {failed}")
                    continue
                print(f"{game}: {said}")
            browser.close()
        code, host_key, _ = make_rooms(1)[0]
        url = f"ws://{HOST}:{one.port}/ws/rooms/{code}/"
        for name, answer in asyncio.run(hostile_frames(url, one.url, host_key)):
            print(f"hostile: {name} -> {answer}")
        print(f"page errors in the browser: {len(errors)}")
        for error in errors:
            print(f"  {error}")
        failures += len(errors)
        problems = services.log_problems()
        print(f"daphne logs: {dict(problems) or 'no Traceback, no ERROR'}")
        failures += sum(problems.values())
    finally:
        services.stop()
    return failures


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--idle", type=float, default=65, help="seconds every socket is idle")
    parser.add_argument("--pictures", default="", help="folder for the screenshots")
    return parser.parse_args()


if __name__ == "__main__":
    sys.exit(1 if main(arguments()) else 0)
