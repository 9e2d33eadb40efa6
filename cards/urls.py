from django.urls import path

from cards import views

app_name = "cards"

urlpatterns = [
    path("hint/", views.hint, name="hint"),
]
