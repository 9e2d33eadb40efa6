"""Every message is translated into Russian and Portuguese, and the catalogues are
up to date with the code (`make messages` would change no message)."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

BASE_DIR = Path(__file__).resolve().parents[2]
LANGUAGES = ("ru", "pt")
# The same options as `make messages` (Makefile).
MAKEMESSAGES = [
    "makemessages", "-l", "ru", "-l", "pt", "--no-obsolete",
    "--ignore=.venv", "--ignore=static/vendor", "--ignore=bench", "--ignore=tests",
    "--ignore=staticfiles",
]  # fmt: skip
SKIP_DIRS = {".venv", ".git", "staticfiles", "node_modules", "__pycache__", ".pytest_cache"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")


def catalogues(root: Path) -> dict[str, polib.POFile]:
    found = {}
    for path in sorted(root.rglob("LC_MESSAGES/django.po")):
        relative = path.relative_to(root)
        if not SKIP_DIRS.intersection(relative.parts):
            found[str(relative)] = polib.pofile(str(path))
    return found


def messages(po: polib.POFile) -> set[tuple[str | None, str, str]]:
    return {(e.msgctxt, e.msgid, e.msgid_plural) for e in po if not e.obsolete}


def test_there_is_a_catalogue_for_each_language():
    paths = catalogues(BASE_DIR)

    for language in LANGUAGES:
        assert f"locale/{language}/LC_MESSAGES/django.po" in paths


def test_a_message_in_several_catalogues_is_translated_the_same_in_each():
    # Django merges the apps' catalogues into one per language, the first app in
    # INSTALLED_APPS winning: a msgid translated two ways shows one of them everywhere.
    # A game that means something else gives its msgid a context.
    found: dict[tuple[str, str | None, str], dict[str, object]] = {}
    for path, po in catalogues(BASE_DIR).items():
        language = Path(path).parts[-3]
        for entry in po:
            if entry.obsolete:
                continue
            plural = tuple(sorted(entry.msgstr_plural.items()))
            text = plural if entry.msgid_plural else entry.msgstr
            found.setdefault((language, entry.msgctxt, entry.msgid), {})[path] = text
    differing = {key: texts for key, texts in found.items() if len(set(texts.values())) > 1}

    assert not differing, "\n".join(f"{key}: {texts}" for key, texts in differing.items())


def test_every_message_is_translated_and_none_is_fuzzy():
    problems = []
    for path, po in catalogues(BASE_DIR).items():
        if po.metadata_is_fuzzy:
            problems.append(f"{path}: the header is marked fuzzy")
        for entry in po:
            if entry.obsolete:
                continue
            if "fuzzy" in entry.flags:
                problems.append(f"{path}: fuzzy: {entry.msgid!r}")
            translations = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
            if not all(translations):
                problems.append(f"{path}: untranslated: {entry.msgid!r}")
            for translation in translations:
                if (
                    sorted(PLACEHOLDER.findall(translation))
                    != sorted(PLACEHOLDER.findall(entry.msgid_plural or entry.msgid))
                    and not entry.msgid_plural
                ):
                    problems.append(f"{path}: placeholders differ: {entry.msgid!r}")

    assert not problems, "\n".join(problems)


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="gettext is not installed")
def test_catalogues_are_up_to_date_with_the_code(tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(BASE_DIR, copy, ignore=shutil.ignore_patterns(*SKIP_DIRS, "*.mo"))
    env = {**os.environ, "DEBUG": "1"}

    subprocess.run(
        [sys.executable, "manage.py", *MAKEMESSAGES],
        cwd=copy,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )

    ours, fresh = catalogues(BASE_DIR), catalogues(copy)
    assert sorted(fresh) == sorted(ours), "run `make messages`: catalogues are missing"
    stale = {
        path: {
            "missing": sorted(m[1] for m in messages(fresh[path]) - messages(ours[path])),
            "unused": sorted(m[1] for m in messages(ours[path]) - messages(fresh[path])),
        }
        for path in ours
        if messages(fresh[path]) != messages(ours[path])
    }
    assert not stale, f"run `make messages` and translate: {stale}"
