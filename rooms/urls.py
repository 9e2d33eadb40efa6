from django.urls import path

from rooms import views

urlpatterns = [
    path("", views.home, name="home"),
    path("<slug:slug>/rules/", views.rules, name="rules"),
    path("<slug:slug>/<slug:mode>/", views.game_page, name="game_page"),
]
