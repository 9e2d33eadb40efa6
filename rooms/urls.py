from django.urls import path, re_path, register_converter

from rooms import codes, replay_views, review_views, views
from rooms.local import hints
from rooms.local import views as local_views

# Codes and tokens only in their shape: anything else is a 404 before any query.
register_converter(codes.Code, "code")
register_converter(codes.Token, "token")

urlpatterns = [
    path("", views.home, name="home"),
    path("games/yours", views.your_games, name="your_games"),
    path("games/forget", views.forget_game, name="forget_game"),
    path("play/<slug:slug>/<str:mode>/new", local_views.play_new, name="play_new"),
    path("play/<slug:slug>/<str:mode>/act", local_views.play_act, name="play_act"),
    path("play/<slug:slug>/<str:mode>/show", local_views.play_show, name="play_show"),
    path("play/<slug:slug>/computer/level", local_views.play_level, name="play_level"),
    path("play/<slug:slug>/replay", replay_views.local_replay, name="replay_local"),
    path("replays/<code:code>/", replay_views.replay_page, name="replay"),
    path("replays/<code:code>/<int:step>/", replay_views.replay_step, name="replay_step"),
    path("reviews/<code:code>/", review_views.review_panel, name="review"),
    path("r/<code:code>/replay/", replay_views.room_replay, name="room_replay_last"),
    path("r/<code:code>/replay/<int:number>/", replay_views.room_replay, name="room_replay"),
    path("r/<code:code>/", views.room_page, name="room"),
    path("r/<code:code>/claim", views.claim_seat, name="room_claim"),
    path("r/<code:code>/full/", views.room_full, name="room_full"),
    path("r/<code:code>/watch/", views.watch_room, name="room_watch"),
    path("r/<code:code>/move", views.start_move, name="room_move_start"),
    path("r/<code:code>/move/<token:token>/", views.take_move, name="room_move"),
    # Any other link under it names no move: the move page says the link is wrong.
    re_path(rf"^r/(?P<code>{codes.Code.regex})/move/(?P<rest>.+)/$", views.bad_move_link),
    path("<slug:slug>/rules/", views.rules, name="rules"),
    path("<slug:slug>/learn/", views.learn, name="learn"),
    path("<slug:slug>/try/<code:code>/<int:step>/", views.try_from, name="try_from"),
    path("<slug:slug>/hint/", hints.hint, name="hint"),
    path("<slug:slug>/<slug:mode>/", views.game_page, name="game_page"),
]
