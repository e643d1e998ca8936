.class public Lnet/vitrine/player/Client;
.super Landroid/webkit/WebViewClient;
.source "Client.smali"

# The WebView's events: a loaded page gets the bridge (Bridge.inject); a failed page is opened again after
# 15 s (the network may come after the power); a dead renderer restarts the app.

.field public owner:Lnet/vitrine/player/MainActivity;


.method public constructor <init>(Lnet/vitrine/player/MainActivity;)V
    .locals 0
    invoke-direct {p0}, Landroid/webkit/WebViewClient;-><init>()V
    iput-object p1, p0, Lnet/vitrine/player/Client;->owner:Lnet/vitrine/player/MainActivity;
    return-void
.end method


.method public onPageFinished(Landroid/webkit/WebView;Ljava/lang/String;)V
    .locals 1
    iget-object v0, p0, Lnet/vitrine/player/Client;->owner:Lnet/vitrine/player/MainActivity;
    iget-object v0, v0, Lnet/vitrine/player/MainActivity;->bridge:Lnet/vitrine/player/Bridge;
    invoke-virtual {v0, p1, p2}, Lnet/vitrine/player/Bridge;->inject(Landroid/webkit/WebView;Ljava/lang/String;)V
    return-void
.end method


# Called for the main frame's failures on every version (the newer callback defaults to this one).
.method public onReceivedError(Landroid/webkit/WebView;ILjava/lang/String;Ljava/lang/String;)V
    .locals 5
    iget-object v0, p0, Lnet/vitrine/player/Client;->owner:Lnet/vitrine/player/MainActivity;
    iget-object v1, v0, Lnet/vitrine/player/MainActivity;->handler:Landroid/os/Handler;
    new-instance v2, Lnet/vitrine/player/Task;
    const/4 v3, 0x3
    const/4 v4, 0x0
    invoke-direct {v2, v0, v3, v4}, Lnet/vitrine/player/Task;-><init>(Lnet/vitrine/player/MainActivity;ILjava/lang/Object;)V
    const-wide/16 v3, 0x3a98
    invoke-virtual {v1, v2, v3, v4}, Landroid/os/Handler;->postDelayed(Ljava/lang/Runnable;J)Z
    return-void
.end method


# The page's renderer died (Android 8+): the whole app starts again in 2 s.
.method public onRenderProcessGone(Landroid/webkit/WebView;Landroid/webkit/RenderProcessGoneDetail;)Z
    .locals 1
    iget-object v0, p0, Lnet/vitrine/player/Client;->owner:Lnet/vitrine/player/MainActivity;
    invoke-static {v0}, Lnet/vitrine/player/CrashHandler;->restart(Landroid/content/Context;)V
    const/4 v0, 0x1
    return v0
.end method
