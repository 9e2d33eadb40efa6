"""Production's static files: the site's own scripts and styles minified before
WhiteNoise hashes and compresses them (collectstatic), so that a board page's JavaScript
and CSS stay within issue 56's budget (60 KB gzipped) while the source keeps the comments
that say why. Minified by rjsmin and rcssmin (the minifiers django-compressor uses);
vendored files (`.min.`) are served as they come."""

from __future__ import annotations

from typing import Any

from django.core.files.base import ContentFile
from rcssmin import cssmin
from rjsmin import jsmin
from whitenoise.storage import CompressedManifestStaticFilesStorage

MINIFIERS = {".js": jsmin, ".css": cssmin}


def minifier(path: str) -> Any:
    if ".min." in path:
        return None
    return next((made for end, made in MINIFIERS.items() if path.endswith(end)), None)


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def post_process(self, paths: dict[str, Any], dry_run: bool = False, **options: Any) -> Any:
        if not dry_run:
            for path, (storage, source) in list(paths.items()):
                minify = minifier(path)
                if minify is None:
                    continue
                with storage.open(source) as original:
                    text = original.read().decode("utf-8")
                self.delete(path)
                self.save(path, ContentFile(minify(text).encode("utf-8")))
                # The hashing then reads the minified copy, so that the hash is its own.
                paths[path] = (self, path)
        yield from super().post_process(paths, dry_run=dry_run, **options)
