"""`{% fixedtext %}…{% endfixedtext %}`: a run of text and literal `{% translate %}`
tags, rendered once per language and then reused.

A board is rendered on every push to every seat (issue 12), and each of its
`{% translate %}` tags looked up the active translation anew (a tenth of a millisecond
each, a third of the tile board's render). The block accepts nothing that could differ
between two renders of one language: text, comments and `{% translate "literal" %}`
without filters, context or `as`; anything else inside is a TemplateSyntaxError.

`{% keyedtext name=value … %}…{% endkeyedtext %}` does the same for blocktranslates
of a few values (a count, a player's name): rendered once per language and set of
values, as long as they read nothing but the names the tag binds.
"""

from __future__ import annotations

from django import template
from django.template.base import (
    FilterExpression,
    Node,
    NodeList,
    Parser,
    TextNode,
    Token,
    TokenType,
    Variable,
    token_kwargs,
)
from django.template.defaulttags import CommentNode
from django.templatetags.i18n import BlockTranslateNode, TranslateNode
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


# --- {% keyedtext name=value … %} -------------------------------------------------------


def _plain_name(expression: FilterExpression) -> str | None:
    """The name a plain variable reads, else None (filters, lookups, literals)."""
    var = expression.var
    plain = isinstance(var, Variable) and not expression.filters
    if plain and var.lookups is not None and len(var.lookups) == 1:
        return var.lookups[0]
    return None


def _keyed(node: Node, names: set[str]) -> bool:
    """Whether `node` renders from `names` and the language alone."""
    if _fixed(node):
        return True
    if not isinstance(node, BlockTranslateNode):
        return False
    if node.message_context is not None or node.asvar is not None:
        return False
    local = set(node.extra_context)
    if any(_plain_name(value) not in names for value in node.extra_context.values()):
        return False
    if node.counter is not None:
        if _plain_name(node.counter) not in names:
            return False
        local.add(node.countervar)
    tokens = [*node.singular, *(node.plural or ())]
    return all(
        token.token_type != TokenType.VAR or token.contents in names | local for token in tokens
    )


class KeyedTextNode(Node):
    KEPT = 512

    def __init__(self, bindings: dict[str, FilterExpression], nodelist: NodeList) -> None:
        self.bindings = bindings
        self.nodelist = nodelist
        self.rendered: dict[tuple, SafeString] = {}

    def render(self, context: template.Context) -> SafeString:
        values = {name: value.resolve(context) for name, value in self.bindings.items()}
        # The type too: a SafeString and a str of the same text render differently.
        key = (
            get_language(),
            context.autoescape,
            *((type(value), value) for value in values.values()),
        )
        try:
            text = self.rendered.get(key)
        except TypeError:  # an unhashable value: rendered every time
            key, text = None, None
        if text is None:
            with context.push(values):
                text = mark_safe(self.nodelist.render(context))
            if key is not None:
                if len(self.rendered) >= self.KEPT:
                    self.rendered.clear()
                self.rendered[key] = text
        return text


@register.tag
def keyedtext(parser: Parser, token: Token) -> KeyedTextNode:
    """`{% keyedtext name=value … %}…{% endkeyedtext %}`: text, literal translations and
    `{% blocktranslate %}` tags that read only the names bound here, rendered once per
    language and set of values, then reused (a blocktranslate with a plural cost a
    twentieth of a millisecond on every render of a board)."""
    bits = token.split_contents()[1:]
    bindings = token_kwargs(bits, parser)
    if not bindings or bits:
        raise template.TemplateSyntaxError("{% keyedtext %} takes name=value pairs only")
    nodelist = parser.parse(("endkeyedtext",))
    parser.delete_first_token()
    for node in nodelist:
        if not _keyed(node, set(bindings)):
            raise template.TemplateSyntaxError(
                f"{{% keyedtext %}} holds only text, literal translations and"
                f" blocktranslates of its own names, not {node!r}"
            )
    return KeyedTextNode(bindings, nodelist)
