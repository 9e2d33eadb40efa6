from django.urls import path

from tarot import views

app_name = "tarot"

urlpatterns = [
    path("hint/", views.hint, name="hint"),
]
