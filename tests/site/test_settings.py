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
