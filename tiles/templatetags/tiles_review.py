"""The review's better table (tiles/review.py), drawn as the board draws a table."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from tiles.markup import table_sets_html

register = template.Library()


@register.simple_tag
def better_table(note: dict[str, Any]) -> SafeString:
    """The sets of the note's better table, the rack tiles it puts down marked placed."""
    placed = Counter(note.get("placed") or ())
    sets = []
    for index, tiles in enumerate(note.get("table") or ()):
        marked = []
        for code in tiles:
            marked.append((code, placed[code] > 0, False))
            placed[code] -= placed[code] > 0
        sets.append({"index": index, "tiles": marked, "problem": "", "fresh": False})
    return mark_safe(table_sets_html(sets, editable=False))
