"""The admin frees a seat whose player is gone for good (issue 55): after its confirmation
page, the seat's open page says so and stops, and the invite link seats the next visitor
there."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import play_pages

pytestmark = pytest.mark.e2e

PASSWORD = "e2e-admin-only"


def make_admin(using: str) -> None:
    from django.contrib.auth.models import User

    User.objects.db_manager(using).create_superuser("boss", "boss@example.com", PASSWORD)


def test_the_admin_frees_seat_2_its_page_stops_and_the_invite_link_seats_a_newcomer(
    new_page, live_server_url: str, live_db
) -> None:
    host = new_page()
    play_pages.open_room(host)
    room = host.url
    code = room.rstrip("/").rsplit("/", 1)[1]
    guest = play_pages.join(new_page, room)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    live_db.run(make_admin)

    admin = new_page(viewport={"width": 1280, "height": 800})
    admin.goto("/admin/login/?next=/admin/rooms/room/")
    admin.fill("#id_username", "boss")
    admin.fill("#id_password", PASSWORD)
    admin.click("input[type=submit]")
    admin.fill("#searchbar", room)  # the pasted invite link finds its room
    admin.press("#searchbar", "Enter")
    admin.locator("input[name=_selected_action]").check()
    admin.select_option("select[name=action]", "free_seat_2")
    admin.click("button[name=index]")
    expect(admin.get_by_role("heading", name="Free seat 2")).to_be_visible()
    expect(admin.locator("#result_list")).to_contain_text(code)
    expect(guest.locator("#play-stopped")).to_be_hidden()  # nothing yet
    admin.get_by_role("button", name="Yes, free it").click()
    expect(admin.locator(".messagelist")).to_contain_text("Freed seat 2 in 1 room.")

    expect(guest.locator("#play-stopped-text")).to_have_text(
        "The site's admin freed this seat. This page has stopped."
    )
    newcomer = play_pages.join(new_page, room)
    expect(host.locator("#play-presence")).to_contain_text("Both players are here.")
    expect(newcomer.locator("#play-message")).to_be_empty()
