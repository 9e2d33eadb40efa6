from django.urls import path

from tiles import views

app_name = "tiles"

urlpatterns = [
    path("draft/", views.draft, name="draft"),
]
