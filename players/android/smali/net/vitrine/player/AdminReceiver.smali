.class public Lnet/vitrine/player/AdminReceiver;
.super Landroid/app/admin/DeviceAdminReceiver;
.source "AdminReceiver.smali"

# The device administrator the player is when made device owner (docs/players.md): it may reboot the device
# and lock its screen (display off by schedule).

.method public constructor <init>()V
    .locals 0
    invoke-direct {p0}, Landroid/app/admin/DeviceAdminReceiver;-><init>()V
    return-void
.end method
