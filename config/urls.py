from django.contrib import admin
from django.urls import include, path

from rooms import registry

# Each game's own endpoints under /<slug>/ (Game.urls), before the rooms app's pages.
urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    *(path(f"{game.slug}/", include(game.urls)) for game in registry.all_games() if game.urls),
    path("", include("rooms.urls")),
]

# The site's error pages (templates/404.html, 400.html, 403.html, 500.html).
handler404 = "rooms.views.not_found"
# A database error outside a view: the 503 page, not a 500 (config/unavailable.py).
handler500 = "config.unavailable.server_error"
