"""One vocabulary per language: the glossary (docs/glossary/) is what the catalogues
and the rules pages say. A button's translation is the glossary's word for it, the
words to avoid are nowhere in the section's catalogue or rules page, and every text a
game's rules page quotes is a glossary term."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import polib
import pytest

BASE_DIR = Path(__file__).resolve().parents[2]
GLOSSARY = BASE_DIR / "docs" / "glossary"
LANGUAGES = ("ru", "pt")
# Each section's game: the rules pages it speaks for (the site's speaks for every game).
GAMES = {"site": ("tiles", "cards", "tarot"), "tiles": ("tiles",)}
GAMES |= {"cards": ("cards",), "tarot": ("tarot",)}
HEADING = re.compile(r"^## (?P<title>.+?) \((?P<catalogues>[^)]+)\)$")
# The rules pages quote buttons: «…» in Russian and Portuguese, “…” in English.
QUOTED = {"ru": re.compile(r"«([^»]+)»"), "pt": re.compile(r"«([^»]+)»")}
QUOTED["en"] = re.compile(r"“([^”]+)”")


@dataclass(frozen=True)
class Row:
    section: str
    msgids: tuple[str, ...]  # the catalogue entries the row names, if any
    term: str
    avoid: tuple[str, ...]


def section_key(catalogues: str) -> str:
    first = catalogues.split(",")[0].strip()
    return "site" if first == "rooms/locale" else first.split("/")[0]


@cache
def glossary(language: str) -> tuple[tuple[Row, ...], dict[str, tuple[str, ...]]]:
    """The rows of docs/glossary/<language>.md, and each section's catalogues."""
    rows: list[Row] = []
    sections: dict[str, tuple[str, ...]] = {}
    section = None
    for line in (GLOSSARY / f"{language}.md").read_text().splitlines():
        heading = HEADING.match(line)
        if heading:
            section = section_key(heading["catalogues"])
            sections[section] = tuple(c.strip() for c in heading["catalogues"].split(","))
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if section is None or not line.startswith("|") or set(cells[0]) <= {"-", " "}:
            continue
        if cells[0] in ("term", "English"):
            continue
        avoid = tuple(w.strip() for w in cells[2].split(",") if w.strip()) if len(cells) > 2 else ()
        rows.append(Row(section, tuple(re.findall(r"`([^`]+)`", cells[0])), cells[1], avoid))
    return tuple(rows), sections


@cache
def catalogue(path: str, language: str) -> dict[str, str]:
    po = polib.pofile(str(BASE_DIR / path / language / "LC_MESSAGES" / "django.po"))
    return {entry.msgid: entry.msgstr for entry in po if not entry.obsolete and entry.msgstr}


def translations(section: str, language: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for path in glossary(language)[1][section]:
        found |= catalogue(path, language)
    return found


def rules_pages(section: str, language: str) -> list[Path]:
    pages = [BASE_DIR / g / "templates" / g / "rules" / f"{language}.html" for g in GAMES[section]]
    return [page for page in pages if page.exists()]


def pattern(word: str) -> re.Pattern[str]:
    """A whole word or phrase; with a trailing "…" a stem with any ending."""
    if word.endswith("…"):
        return re.compile(rf"(?<!\w){re.escape(word[:-1])}\w*", re.IGNORECASE)
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)


def text_of(page: Path) -> str:
    return re.sub(r"\{%.*?%\}|<[^>]+>", " ", page.read_text())


def cases(kind: str) -> list[tuple[str, Row]]:
    found = []
    for language in LANGUAGES:
        for row in glossary(language)[0]:
            if (kind == "msgid" and row.msgids and len(row.msgids) == 1) or (
                kind == "avoid" and row.avoid
            ):
                found.append((language, row))
    return found


@pytest.mark.parametrize(
    ("language", "row"),
    cases("msgid"),
    ids=lambda value: value if isinstance(value, str) else f"{value.section}:{value.msgids[0]}",
)
def test_each_catalogue_entry_is_translated_with_the_glossarys_word(
    language: str, row: Row
) -> None:
    found = translations(row.section, language)
    (msgid,) = row.msgids
    assert found.get(msgid) == row.term


@pytest.mark.parametrize(
    ("language", "row"),
    cases("avoid"),
    ids=lambda value: value if isinstance(value, str) else f"{value.section}:{value.term}",
)
def test_the_words_to_avoid_are_in_no_catalogue_entry_and_no_rules_page(
    language: str, row: Row
) -> None:
    places = {f"{msgid!r}": text for msgid, text in translations(row.section, language).items()}
    places |= {str(page): text_of(page) for page in rules_pages(row.section, language)}
    for word in row.avoid:
        found = [where for where, text in places.items() if pattern(word).search(text)]
        assert not found, f"{word!r} in {found}"


@pytest.mark.parametrize(
    "row",
    [row for row in glossary("en")[0] if row.avoid],
    ids=lambda row: f"{row.section}:{row.avoid[0]}",
)
def test_the_english_words_to_avoid_are_in_no_message_and_no_english_rules_page(row: Row) -> None:
    # The msgids are the English text; every catalogue of a section holds the same ones.
    places = {f"{msgid!r}": msgid for msgid in translations(row.section, LANGUAGES[0])}
    places |= {str(page): text_of(page) for page in rules_pages(row.section, "en")}
    for word in row.avoid:
        found = [where for where, text in places.items() if pattern(word).search(text)]
        assert not found, f"{word!r} in {found}"


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
@pytest.mark.parametrize("game", GAMES["site"])
def test_every_text_a_rules_page_quotes_is_a_glossary_term(game: str, language: str) -> None:
    rows = [row for row in glossary(language)[0] if row.section in ("site", game)]
    # English: the reference names its terms by their msgids.
    terms = {msgid for row in rows for msgid in row.msgids} if language == "en" else set()
    terms |= {row.term for row in rows if row.msgids}
    # A button that names a card ("Take the %(card)s") is quoted with "…" for the card.
    terms = {re.sub(r"%\(\w+\)s", "…", term) for term in terms}
    page = BASE_DIR / game / "templates" / game / "rules" / f"{language}.html"
    quoted = QUOTED[language].findall(page.read_text())
    assert quoted, "the rules page quotes the board's buttons"
    assert set(quoted) <= terms, set(quoted) - terms


@pytest.mark.parametrize("game", GAMES["site"])
def test_a_games_three_rules_pages_quote_the_same_buttons(game: str) -> None:
    # The pages say the same things: each quotes the same buttons, as often.
    def quoted_msgids(language: str) -> list[str]:
        rows = [row for row in glossary(language)[0] if row.section in ("site", game)]
        term = (lambda msgid, text: msgid) if language == "en" else (lambda msgid, text: text)
        msgid_of = {
            re.sub(r"%\(\w+\)s", "…", term(row.msgids[0], row.term)): row.msgids[0]
            for row in rows
            if len(row.msgids) == 1
        }
        page = BASE_DIR / game / "templates" / game / "rules" / f"{language}.html"
        quoted = QUOTED[language].findall(page.read_text())
        return sorted(msgid_of.get(text, text) for text in quoted)

    assert quoted_msgids("ru") == quoted_msgids("en")
    assert quoted_msgids("pt") == quoted_msgids("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_names_the_same_catalogue_entries_as_the_reference(language: str) -> None:
    def named(rows: tuple[Row, ...]) -> dict[str, set[str]]:
        sections: dict[str, set[str]] = {}
        for row in rows:
            sections.setdefault(row.section, set()).update(row.msgids)
        return sections

    assert named(glossary(language)[0]) == named(glossary("en")[0])
