"""Production's static files (config/storage.py): collectstatic minifies the site's own
scripts and styles before hashing and compressing them, and serves vendored ones as they
come; the manifest names the minified copies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from rcssmin import cssmin
from rjsmin import jsmin


@pytest.fixture
def collected(settings, tmp_path: Path) -> Path:
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "config.storage.MinifiedStaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    return tmp_path


def test_collectstatic_serves_the_sites_scripts_and_styles_minified(collected: Path) -> None:
    manifest = json.loads((collected / "staticfiles.json").read_text())["paths"]
    for name, minify in (("rooms/motion.js", jsmin), ("rooms/play.css", cssmin)):
        source = Path(finders.find(name)).read_text()
        served = (collected / manifest[name]).read_text()
        assert served == minify(source)
        assert len(served) < 0.8 * len(source), name
        assert (collected / f"{manifest[name]}.gz").exists()


def test_collectstatic_serves_vendored_files_as_they_come(collected: Path) -> None:
    manifest = json.loads((collected / "staticfiles.json").read_text())["paths"]
    name = "vendor/htmx/htmx.min.js"
    assert (collected / manifest[name]).read_bytes() == Path(finders.find(name)).read_bytes()
