"""A board page's JavaScript and CSS together, gzipped: what a player's browser downloads
before the board works, for each game and way of playing (and a replay page).

    python bench/page_weight.py [--root /work/main]

Each page is rendered by the checkout at `--root` (this one by default) with Django's
test client on an in-memory SQLite database; every `<script src>` and
`<link rel=stylesheet>` of the site's own static files is read from the static finders
minified as collectstatic does for production (config/storage.py), and gzipped at level
9, as WhiteNoise compresses them
(CompressedManifestStaticFilesStorage), each file on its own as it is served; and, for
comparison, all of them as one gzip stream. Prints each page's files' total, raw and
gzipped, and the heaviest page. The budget of issue 56: at most 60 KB gzipped.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import sys
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args()
    root = args.root.resolve()
    sys.path.insert(0, str(root))
    os.chdir(root)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["SECRET_KEY"] = "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz"
    os.environ["DATABASE_URL"] = "sqlite://:memory:"
    os.environ["STATIC_MANIFEST"] = "0"
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ["SECURE_SSL_REDIRECT"] = "0"

    import django

    django.setup()
    from django.contrib.staticfiles import finders
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    connection.creation.create_test_db(verbosity=0)
    client = Client()

    from config.storage import minifier

    def served(asset: str) -> bytes:
        """The file as production serves it: minified at collectstatic (config/storage.py)."""
        data = Path(finders.find(asset)).read_bytes()
        minify = minifier(asset)
        return data if minify is None else minify(data.decode()).encode()

    def assets(html: str) -> list[str]:
        found = re.findall(r'<script[^>]* src="/static/([^"]+)"', html)
        found += re.findall(r'<link rel="stylesheet" href="/static/([^"]+)"', html)
        return list(dict.fromkeys(found))

    def weigh(name: str, html: str) -> tuple[int, int]:
        raw = packed = 0
        datas = [served(asset) for asset in assets(html)]
        for data in datas:
            raw += len(data)
            packed += len(gzip.compress(data, compresslevel=9, mtime=0))
        stream = len(gzip.compress(b"".join(datas), compresslevel=9, mtime=0))
        print(
            f"{name:24} {len(datas):2} files  {raw / 1000:6.1f} KB"
            f"  gzipped {packed / 1000:5.1f} KB  (as one stream {stream / 1000:5.1f} KB)"
        )
        return raw, packed

    heaviest = ("", 0)
    for slug in ("tiles", "cards", "tarot"):
        for mode in ("local", "computer"):
            html = client.get(f"/{slug}/{mode}/").content.decode()
            _raw, packed = weigh(f"{slug} {mode}", html)
            heaviest = max(heaviest, (f"{slug} {mode}", packed), key=lambda item: item[1])
        room = client.post(f"/{slug}/friend/", follow=True)
        _raw, packed = weigh(f"{slug} friend (room)", room.content.decode())
        heaviest = max(heaviest, (f"{slug} friend (room)", packed), key=lambda item: item[1])
    print(f"heaviest: {heaviest[0]}, {heaviest[1] / 1000:.1f} KB gzipped (budget 60 KB)")


if __name__ == "__main__":
    main()
