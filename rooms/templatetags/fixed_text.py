"""`{% fixedtext %}…{% endfixedtext %}`: a run of text and literal `{% translate %}`
tags, rendered once per language and then reused.

A board is rendered on every push to every seat (issue 12), and each of its
`{% translate %}` tags looked up the active translation anew (a tenth of a millisecond
each, a third of the tile board's render). The block accepts nothing that could differ
between two renders of one language: text, comments and `{% translate "literal" %}`
without filters, context or `as`; anything else inside is a TemplateSyntaxError.
"""

from __future__ import annotations

from django import template
from django.template.base import Node, NodeList, Parser, TextNode, Token, Variable
from django.template.defaulttags import CommentNode
from django.templatetags.i18n import TranslateNode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

register = template.Library()


def _fixed(node: Node) -> bool:
    if isinstance(node, TextNode | CommentNode):
        return True
    if isinstance(node, TranslateNode):
        expression = node.filter_expression
        return (
            isinstance(expression.var, Variable)
            and expression.var.lookups is None  # a literal, not a context variable
            and not expression.filters
            and node.message_context is None
            and node.asvar is None
        )
    return False


class FixedTextNode(Node):
    def __init__(self, nodelist: NodeList) -> None:
        self.nodelist = nodelist
        self.rendered: dict[tuple[str | None, bool], SafeString] = {}

    def render(self, context: template.Context) -> SafeString:
        key = (get_language(), context.autoescape)
        text = self.rendered.get(key)
        if text is None:
            text = self.rendered[key] = mark_safe(self.nodelist.render(context))
        return text


@register.tag
def fixedtext(parser: Parser, token: Token) -> FixedTextNode:
    nodelist = parser.parse(("endfixedtext",))
    parser.delete_first_token()
    for node in nodelist:
        if not _fixed(node):
            raise template.TemplateSyntaxError(
                f"{{% fixedtext %}} holds only text and literal {{% translate %}}, not {node!r}"
            )
    return FixedTextNode(nodelist)
