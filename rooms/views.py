from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import select_template
from django.utils.translation import get_language

from rooms import registry


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"games": registry.all_games()})


def _game_or_404(slug: str) -> registry.Game:
    game = registry.get(slug)
    if game is None:
        raise Http404
    return game


def game_page(request: HttpRequest, slug: str, mode: str) -> HttpResponse:
    """One of the three ways to play a game; "coming soon" until the game has landed."""
    game = _game_or_404(slug)
    if mode not in registry.MODES:
        raise Http404
    return render(request, "coming_soon.html", {"game": game, "mode": mode})


def rules(request: HttpRequest, slug: str) -> HttpResponse:
    """The rules page in the reader's language (each game writes one per language)."""
    game = _game_or_404(slug)
    language = (get_language() or "en").split("-")[0]
    try:
        template = select_template([f"{slug}/rules/{language}.html", f"{slug}/rules/en.html"])
    except TemplateDoesNotExist:
        return render(request, "coming_soon.html", {"game": game, "mode": "rules"})
    return HttpResponse(template.render({"game": game}, request))
