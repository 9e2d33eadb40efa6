from django.urls import path

from rooms import replay_views, review_views, views
from rooms.local import hints
from rooms.local import views as local_views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/yours", views.your_games, name="your_games"),
    path("games/forget", views.forget_game, name="forget_game"),
    path("play/<slug:slug>/<str:mode>/new", local_views.play_new, name="play_new"),
    path("play/<slug:slug>/<str:mode>/act", local_views.play_act, name="play_act"),
    path("play/<slug:slug>/<str:mode>/show", local_views.play_show, name="play_show"),
    path("play/<slug:slug>/computer/level", local_views.play_level, name="play_level"),
    path("play/<slug:slug>/replay", replay_views.local_replay, name="replay_local"),
    path("replays/<str:code>/", replay_views.replay_page, name="replay"),
    path("replays/<str:code>/<int:step>/", replay_views.replay_step, name="replay_step"),
    path("reviews/<str:code>/", review_views.review_panel, name="review"),
    path("r/<str:code>/replay/", replay_views.room_replay, name="room_replay_last"),
    path("r/<str:code>/replay/<int:number>/", replay_views.room_replay, name="room_replay"),
    path("r/<str:code>/", views.room_page, name="room"),
    path("r/<str:code>/claim", views.claim_seat, name="room_claim"),
    path("r/<str:code>/full/", views.room_full, name="room_full"),
    path("r/<str:code>/watch/", views.watch_room, name="room_watch"),
    path("r/<str:code>/move", views.start_move, name="room_move_start"),
    path("r/<str:code>/move/<str:token>/", views.take_move, name="room_move"),
    path("<slug:slug>/rules/", views.rules, name="rules"),
    path("<slug:slug>/hint/", hints.hint, name="hint"),
    path("<slug:slug>/<slug:mode>/", views.game_page, name="game_page"),
]
