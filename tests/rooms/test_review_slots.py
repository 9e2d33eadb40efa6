"""The machine's review slots (rooms.workers.machine_slot): reviews of every server
process together judge at most SLOTS chunks at once."""

import threading
import time

from rooms import workers


def test_a_second_review_waits_while_the_only_slot_is_held(tmp_path, monkeypatch):
    monkeypatch.setattr(workers, "SLOT_FILES", str(tmp_path / "slot-{}.lock"))
    events = []

    def other():
        with workers.machine_slot(slots=1, poll=0.01):
            events.append("other got the slot")

    with workers.machine_slot(slots=1) as number:
        assert number == 0
        thread = threading.Thread(target=other)
        thread.start()
        time.sleep(0.2)
        assert events == []  # still waiting
        events.append("first released")
    thread.join(5)
    assert events == ["first released", "other got the slot"]


def test_two_slots_let_two_reviews_judge_at_once(tmp_path, monkeypatch):
    monkeypatch.setattr(workers, "SLOT_FILES", str(tmp_path / "slot-{}.lock"))
    with workers.machine_slot(slots=2) as first, workers.machine_slot(slots=2) as second:
        assert {first, second} == {0, 1}


def test_a_slot_is_free_again_after_an_error_in_the_job(tmp_path, monkeypatch):
    monkeypatch.setattr(workers, "SLOT_FILES", str(tmp_path / "slot-{}.lock"))
    try:
        with workers.machine_slot(slots=1):
            raise ValueError("the judge failed")
    except ValueError:
        pass
    with workers.machine_slot(slots=1, poll=0.01) as number:
        assert number == 0


def test_with_no_slot_files_to_be_had_the_review_still_runs(tmp_path, monkeypatch):
    monkeypatch.setattr(workers, "SLOT_FILES", str(tmp_path / "missing" / "slot-{}.lock"))
    with workers.machine_slot(slots=1) as number:
        assert number == -1
