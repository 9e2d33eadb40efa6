"""Settings for the whole site, driven by environment variables (see README.md).

The defaults are for a developer's machine: SQLite and the in-memory channel layer.
Production sets DEBUG=0, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL and REDIS_URL.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY (or DEBUG=1 for a development key).")
    SECRET_KEY = "django-insecure-development-only-key-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "rooms",
    "tiles",
    "cards",
    "tarot",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.headers.security_headers",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A view that finds the database gone: the 503 page, not a 500 and a traceback.
    "config.unavailable.DatabaseUnavailable",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # Persistent connections: opening one per call cost more than the call (issue 12).
        # On PostgreSQL the pool below keeps them instead.
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
# Threads that run the room sockets' database calls (rooms/online/threads.py); unset: 8 on
# PostgreSQL, 0 (Channels' one thread) on SQLite.
ROOM_DB_THREADS = int(os.environ["ROOM_DB_THREADS"]) if os.environ.get("ROOM_DB_THREADS") else None
# PostgreSQL: at most DATABASE_POOL connections per process, shared by the pages, the room
# sockets' threads and the reviews (psycopg_pool through Django's "pool" option). Django's
# ASGI handler runs each request in a thread of its own, and each such thread kept its own
# persistent connection: a few dozen players at once exhausted max_connections (issue 42).
# A call that finds every connection busy waits up to DATABASE_POOL_TIMEOUT seconds, then
# the page is the 503 "busy" page (Retry-After) and a socket gets `retry` (code `busy`).
# docs/deploy.md: processes x DATABASE_POOL under max_connections. 0: no pool (CONN_MAX_AGE).
DATABASE_POOL = int(os.environ.get("DATABASE_POOL", "16"))
# Under the 5 s a page waits for its hello's answer (rooms/static/rooms/room.js).
DATABASE_POOL_TIMEOUT = float(os.environ.get("DATABASE_POOL_TIMEOUT", "3"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DATABASE_POOL > 0:
    if (ROOM_DB_THREADS or 8) + 2 > DATABASE_POOL:
        raise ImproperlyConfigured(
            "DATABASE_POOL must leave the pages at least 2 connections beside ROOM_DB_THREADS."
        )
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # a closed connection goes back to the pool
    # A connection handed out is checked first (one round trip): after a database restart
    # the pool replaces its dead connections instead of failing a request on each.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "name": "games",
        "min_size": 2,
        "max_size": DATABASE_POOL,
        "timeout": DATABASE_POOL_TIMEOUT,
        # Connections above min_size idle this long are closed, one at a time.
        "max_idle": 60,
        # While the database is unreachable a connection attempt is retried with backoff
        # for this long, then given up, so that the next request tries afresh: the pool
        # is back within a few seconds of the database (bench/db_fault.py).
        "reconnect_timeout": 5,
    }
# What one room socket may send (rooms/online/flood.py): a burst of this many messages, refilled
# over 2 s. A player sends a few a second at most; the load bench (bench/ws_load.py)
# raises it, since the measure is of a limit that never binds (issue 12).
ROOM_SOCKET_BURST = int(os.environ.get("ROOM_SOCKET_BURST", "20"))
# A room idle this many days is deleted by purge_rooms (rooms.models.idle_limit); the
# page shows the day.
ROOM_IDLE_DAYS = 7
# A seat or a watcher counts as connected while its heartbeat (a ping every 10 s) is
# younger than this many seconds (rooms/presence.py).
ROOM_PRESENCE_TTL = 30
# Watchers of one room at most (rooms/online/watchers.py).
ROOM_MAX_WATCHERS = 50
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # channels-redis, closing sockets cleanly when Redis is lost (rooms/online/layers.py).
            "BACKEND": "rooms.online.layers.RedisChannelLayer",
            "CONFIG": {
                "hosts": [
                    {
                        "address": REDIS_URL,
                        # Longer than the layer's 5 s blocking read: redis-py 8's default
                        # of 5 s closed every idle socket (rooms/online/layers.py).
                        "socket_timeout": 15,
                        "socket_connect_timeout": 5,
                        "socket_keepalive": True,
                        "health_check_interval": 30,
                        # A pool that waits for a free connection instead of failing:
                        # 400 sockets closing at once failed their disconnects with
                        # "Too many connections" at redis-py 8's limit of 100 (issue 12).
                        "max_connections": 500,
                        "timeout": 20,
                    }
                ],
                # Each process's sockets share one inbox in Redis: the default of 100
                # messages dropped pushes under 400 sockets (issue 12); 2,000 sockets
                # a process with a few messages each in flight fit in this.
                "capacity": 10_000,
                # A page's sockets renew their groups every GROUP_RENEW_SECONDS
                # (rooms/online/consumers.py), so a disconnect that failed leaves a group entry
                # for minutes, not for the default day.
                "group_expiry": 300,
            },
        }
    }
else:
    # One process only: fine for `make run` and tests, not for several daphne processes.
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The cache holds the per-client request counts of rooms.throttle: in Redis they are
# shared by all daphne processes; in memory each process counts on its own.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "games",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ru", _("Russian")), ("pt", _("Portuguese"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_SAMESITE = "Lax"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Hashed, compressed files after `collectstatic` in production; straight from the
# source folders otherwise, so that `make run` and the tests need no collectstatic.
STATIC_MANIFEST = env_bool("STATIC_MANIFEST", not DEBUG)
STATIC_ROOT = BASE_DIR / "staticfiles" if STATIC_MANIFEST else None
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "config.storage.MinifiedStaticFilesStorage"
        if STATIC_MANIFEST
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST
# Files a browser or crawler asks for at the site's root (/favicon.ico), served as is.
WHITENOISE_ROOT = BASE_DIR / "root"

# Behind a TLS-terminating proxy (nginx) in production.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
# Preload only allows a submission to the browsers' lists; it submits nothing.
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.channels.server": {"level": "WARNING"},
        # The pool logs every connection handed out (INFO) and every failed attempt to
        # reconnect (WARNING); rooms.online.outage says once per outage what matters.
        "psycopg.pool": {"level": "ERROR"},
    },
}
