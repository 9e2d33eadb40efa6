"""{% fixedtext %} and {% keyedtext %}: rendered once per language (and set of values),
and only for what cannot differ otherwise."""

from __future__ import annotations

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.utils import translation
from django.utils.safestring import mark_safe

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


COUNT = (
    "{% keyedtext tiles=counts.opponent %}{% blocktranslate count counter=tiles %}"
    "{{ counter }} tile{% plural %}{{ counter }} tiles{% endblocktranslate %}{% endkeyedtext %}"
)


def test_a_keyed_text_is_rendered_for_each_language_and_value_it_is_asked_for():
    template = Template(LOAD + COUNT)
    rendered = []
    for language, tiles in (("en", 1), ("en", 5), ("ru", 5), ("en", 1), ("ru", 1)):
        with translation.override(language):
            rendered.append(template.render(Context({"counts": {"opponent": tiles}})))
    assert rendered[:2] == ["1 tile", "5 tiles"]
    assert rendered[3] == "1 tile"
    assert rendered[2] not in rendered[:2]
    assert rendered[4] not in (rendered[2], rendered[3])


def test_a_keyed_text_escapes_a_plain_string_and_keeps_a_safe_one():
    template = Template(
        LOAD + "{% keyedtext who=who %}{% blocktranslate %}Last move: {{ who }}, passed."
        "{% endblocktranslate %}{% endkeyedtext %}"
    )
    plain = template.render(Context({"who": "<b>You</b>"}))
    safe = template.render(Context({"who": mark_safe("<b>You</b>")}))
    assert plain == "Last move: &lt;b&gt;You&lt;/b&gt;, passed."
    assert safe == "Last move: <b>You</b>, passed."


@pytest.mark.parametrize(
    "inside",
    [
        "{{ seat }}",
        "{{ tiles }}",
        "{% blocktranslate %}{{ seat }} tiles{% endblocktranslate %}",
        "{% blocktranslate count counter=seat %}a{% plural %}b{% endblocktranslate %}",
        "{% blocktranslate with n=tiles|add:1 %}{{ n }}{% endblocktranslate %}",
        "{% blocktranslate asvar text %}{{ tiles }}{% endblocktranslate %}",
        "{% if tiles %}x{% endif %}",
    ],
)
def test_a_keyed_text_refuses_what_reads_more_than_its_own_names(inside):
    with pytest.raises(TemplateSyntaxError):
        Template(LOAD + "{% keyedtext tiles=count %}" + inside + "{% endkeyedtext %}")
