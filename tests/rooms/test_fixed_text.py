"""{% fixedtext %}: rendered once per language, and only for what cannot differ."""

from __future__ import annotations

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.utils import translation

LOAD = "{% load i18n fixed_text %}"


def test_a_fixed_text_is_rendered_in_each_language_it_is_asked_in():
    template = Template(
        LOAD + '{% fixedtext %}<b>{% translate "Your rack" %}</b>{% endfixedtext %}'
    )
    rendered = {}
    for language in ("en", "ru", "en", "pt"):
        with translation.override(language):
            rendered.setdefault(language, set()).add(template.render(Context({})))
    assert rendered["en"] == {"<b>Your rack</b>"}
    assert rendered["ru"] != rendered["en"]
    assert rendered["pt"] != rendered["en"]


@pytest.mark.parametrize(
    "inside",
    [
        "{{ seat }}",
        "{% translate message %}",
        '{% translate "Undo" as undo %}',
        '{% translate "Undo"|upper %}',
        '{% translate "Undo" context "button" %}',
        "{% if seat %}x{% endif %}",
    ],
)
def test_anything_that_could_differ_between_renders_is_refused(inside):
    with pytest.raises(TemplateSyntaxError):
        Template(LOAD + "{% fixedtext %}" + inside + "{% endfixedtext %}")
