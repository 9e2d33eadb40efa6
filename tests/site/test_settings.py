"""Settings come from the environment; production values pass `check --deploy`."""

import os
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-production-like-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFGH",
    "ALLOWED_HOSTS": "games.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://games.example.org",
    "DATABASE_URL": "postgres://games@db.example.org:5432/games",
    "REDIS_URL": "redis://cache.example.org:6379/0",
}


def run_django(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # Not the test defaults of pyproject.toml: each test says its whole environment.
    test_defaults = {"STATIC_MANIFEST", "SECURE_SSL_REDIRECT", "DEBUG"}
    clean = {k: v for k, v in os.environ.items() if k not in PRODUCTION and k not in test_defaults}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_settings_pass_the_deployment_checklist():
    result = run_django("check", "--deploy", "--fail-level", "DEBUG", env=PRODUCTION)

    assert result.returncode == 0, result.stderr + result.stdout
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {k: v for k, v in PRODUCTION.items() if k != "SECRET_KEY"}

    result = run_django("check", env=env)

    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


SHOW = (
    "from django.conf import settings as s;"
    "print(s.DATABASES['default']['ENGINE']);"
    "print(s.CHANNEL_LAYERS['default']['BACKEND']);"
    "print(s.CACHES['default']['BACKEND']);"
    "print(s.DEBUG)"
)


def test_database_channel_layer_and_cache_follow_the_environment():
    result = run_django("shell", "-v", "0", "-c", SHOW, env=PRODUCTION)

    assert result.stdout.split() == [
        "django.db.backends.postgresql",
        "rooms.online.layers.RedisChannelLayer",
        "django.core.cache.backends.redis.RedisCache",
        "False",
    ]


def test_defaults_are_sqlite_and_the_in_memory_layer():
    result = run_django("shell", "-v", "0", "-c", SHOW, env={"DEBUG": "1"})

    assert result.stdout.split() == [
        "django.db.backends.sqlite3",
        "channels.layers.InMemoryChannelLayer",
        "django.core.cache.backends.locmem.LocMemCache",
        "True",
    ]


POOL = (
    "from django.conf import settings as s;"
    "d = s.DATABASES['default'];"
    "p = d['OPTIONS'].get('pool') or {};"
    "print(d['CONN_MAX_AGE'], p.get('max_size'), p.get('timeout'))"
)


def test_postgresql_gets_a_bounded_pool_of_connections_per_process():
    result = run_django("shell", "-v", "0", "-c", POOL, env=PRODUCTION)
    sized = run_django("shell", "-v", "0", "-c", POOL, env={**PRODUCTION, "DATABASE_POOL": "12"})
    off = run_django(
        "shell",
        "-v",
        "0",
        "-c",
        POOL,
        env={**PRODUCTION, "DATABASE_POOL": "0", "CONN_MAX_AGE": "60"},
    )

    assert result.stdout.split() == ["0", "16", "3.0"]  # a closed connection goes back
    assert sized.stdout.split() == ["0", "12", "3.0"]
    assert off.stdout.split() == ["60", "None", "None"]


def test_a_pool_too_small_for_the_sockets_threads_refuses_to_start():
    env = {**PRODUCTION, "DATABASE_POOL": "9", "ROOM_DB_THREADS": "8"}

    result = run_django("check", env=env)

    assert result.returncode != 0
    assert "DATABASE_POOL must leave the pages at least 2 connections" in result.stderr
