"""The suite's workers (tests/workers.py) each use a Redis database of their own."""

from tests.workers import redis_url_of_worker


def test_each_worker_takes_the_next_redis_database_after_the_urls_own() -> None:
    url = "redis://127.0.0.1:6379/9"
    assert redis_url_of_worker(url, 0) == url
    assert redis_url_of_worker(url, 1) == "redis://127.0.0.1:6379/10"


def test_a_url_without_a_database_starts_from_redis_database_0() -> None:
    assert redis_url_of_worker("redis://cache:6379", 2) == "redis://cache:6379/2"


def test_the_databases_wrap_within_the_sixteen_redis_has() -> None:
    assert redis_url_of_worker("redis://cache:6379/15", 1) == "redis://cache:6379/0"
