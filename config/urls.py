from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("tiles/", include("tiles.urls")),
    path("", include("rooms.urls")),
]
