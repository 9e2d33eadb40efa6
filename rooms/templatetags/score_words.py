"""`{% load score_words %}`: a round's points and a match's totals in sentences
(rooms/score_words.py), for the result's spoken reason."""

from __future__ import annotations

from django import template

from rooms import score_words

register = template.Library()
register.simple_tag(score_words.round_points, name="round_points")
register.simple_tag(score_words.match_points, name="match_points")
