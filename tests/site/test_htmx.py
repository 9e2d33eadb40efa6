"""htmx (static/vendor/htmx) is loaded by the play page only, set up for the site's CSP."""

import json
import re

import pytest

pytestmark = pytest.mark.django_db

HTMX = "/static/vendor/htmx/htmx.min.js"


@pytest.mark.parametrize("path", ["/", "/tiles/rules/", "/tiles/friend/", "/no-such-page/"])
def test_pages_without_hx_elements_do_not_load_htmx(client, path):
    html = client.get(path).content.decode()

    assert "hx-" not in html.replace("hx-headers", "")
    assert HTMX not in html


@pytest.mark.parametrize("mode", ["local", "computer"])
def test_the_play_page_loads_htmx_without_eval_inline_styles_or_answer_scripts(client, mode):
    html = client.get(f"/tiles/{mode}/").content.decode()

    assert HTMX in html
    config = json.loads(re.search(r"name=\"htmx-config\" content='([^']+)'", html).group(1))
    assert config["allowEval"] is False
    assert config["allowScriptTags"] is False
    assert config["includeIndicatorStyles"] is False
    assert config["historyCacheSize"] == 0
