"""Django's makemessages, also extracting `ngettext_noop(singular, plural)`: the pure
review modules (gamekit/review.py) mark their counted messages with it, since they
cannot import Django's ngettext."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=ngettext_noop:1,2"]
