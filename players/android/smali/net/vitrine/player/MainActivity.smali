.class public Lnet/vitrine/player/MainActivity;
.super Landroid/app/Activity;
.source "MainActivity.smali"

# The player's one screen (docs/players.md, "Android"): a full-screen, immersive WebView of the server's
# /player/ (or the first-start page), the screen kept on, media that plays without a gesture, the bridge
# as the JavaScript interface "VitrineAndroid", a watchdog that opens the page again when it stops reporting.

.field public bridge:Lnet/vitrine/player/Bridge;
.field public handler:Landroid/os/Handler;
.field public loadedAt:J
.field public webView:Landroid/webkit/WebView;


.method public constructor <init>()V
    .locals 0
    invoke-direct {p0}, Landroid/app/Activity;-><init>()V
    return-void
.end method


.method protected onCreate(Landroid/os/Bundle;)V
    .locals 4

    invoke-super {p0, p1}, Landroid/app/Activity;->onCreate(Landroid/os/Bundle;)V

    # A crash brings the player back (CrashHandler).
    new-instance v0, Lnet/vitrine/player/CrashHandler;
    invoke-direct {v0, p0}, Lnet/vitrine/player/CrashHandler;-><init>(Landroid/content/Context;)V
    invoke-static {v0}, Ljava/lang/Thread;->setDefaultUncaughtExceptionHandler(Ljava/lang/Thread$UncaughtExceptionHandler;)V

    # Keep the screen on, show over the lock screen, full screen.
    invoke-virtual {p0}, Lnet/vitrine/player/MainActivity;->getWindow()Landroid/view/Window;
    move-result-object v0
    const v1, 0x680480
    invoke-virtual {v0, v1}, Landroid/view/Window;->addFlags(I)V

    new-instance v0, Landroid/os/Handler;
    invoke-direct {v0}, Landroid/os/Handler;-><init>()V
    iput-object v0, p0, Lnet/vitrine/player/MainActivity;->handler:Landroid/os/Handler;

    new-instance v0, Landroid/webkit/WebView;
    invoke-direct {v0, p0}, Landroid/webkit/WebView;-><init>(Landroid/content/Context;)V
    iput-object v0, p0, Lnet/vitrine/player/MainActivity;->webView:Landroid/webkit/WebView;

    invoke-virtual {v0}, Landroid/webkit/WebView;->getSettings()Landroid/webkit/WebSettings;
    move-result-object v1
    const/4 v2, 0x1
    invoke-virtual {v1, v2}, Landroid/webkit/WebSettings;->setJavaScriptEnabled(Z)V
    invoke-virtual {v1, v2}, Landroid/webkit/WebSettings;->setDomStorageEnabled(Z)V
    invoke-virtual {v1, v2}, Landroid/webkit/WebSettings;->setDatabaseEnabled(Z)V
    const/4 v2, 0x0
    invoke-virtual {v1, v2}, Landroid/webkit/WebSettings;->setMediaPlaybackRequiresUserGesture(Z)V
    # MIXED_CONTENT_COMPATIBILITY_MODE: an https server may still name http media.
    const/4 v2, 0x2
    invoke-virtual {v1, v2}, Landroid/webkit/WebSettings;->setMixedContentMode(I)V

    new-instance v1, Lnet/vitrine/player/Client;
    invoke-direct {v1, p0}, Lnet/vitrine/player/Client;-><init>(Lnet/vitrine/player/MainActivity;)V
    invoke-virtual {v0, v1}, Landroid/webkit/WebView;->setWebViewClient(Landroid/webkit/WebViewClient;)V
    new-instance v1, Landroid/webkit/WebChromeClient;
    invoke-direct {v1}, Landroid/webkit/WebChromeClient;-><init>()V
    invoke-virtual {v0, v1}, Landroid/webkit/WebView;->setWebChromeClient(Landroid/webkit/WebChromeClient;)V

    new-instance v1, Lnet/vitrine/player/Bridge;
    invoke-direct {v1, p0}, Lnet/vitrine/player/Bridge;-><init>(Lnet/vitrine/player/MainActivity;)V
    iput-object v1, p0, Lnet/vitrine/player/MainActivity;->bridge:Lnet/vitrine/player/Bridge;
    const-string v2, "VitrineAndroid"
    invoke-virtual {v0, v1, v2}, Landroid/webkit/WebView;->addJavascriptInterface(Ljava/lang/Object;Ljava/lang/String;)V

    invoke-virtual {p0, v0}, Lnet/vitrine/player/MainActivity;->setContentView(Landroid/view/View;)V
    invoke-virtual {p0}, Lnet/vitrine/player/MainActivity;->immersive()V
    invoke-virtual {p0}, Lnet/vitrine/player/MainActivity;->askLocation()V
    invoke-virtual {p0}, Lnet/vitrine/player/MainActivity;->open()V

    # The watchdog's first look in 30 s.
    iget-object v0, p0, Lnet/vitrine/player/MainActivity;->handler:Landroid/os/Handler;
    new-instance v1, Lnet/vitrine/player/Task;
    const/4 v2, 0x6
    const/4 v3, 0x0
    invoke-direct {v1, p0, v2, v3}, Lnet/vitrine/player/Task;-><init>(Lnet/vitrine/player/MainActivity;ILjava/lang/Object;)V
    const-wide/16 v2, 0x7530
    invoke-virtual {v0, v1, v2, v3}, Landroid/os/Handler;->postDelayed(Ljava/lang/Runnable;J)Z
    return-void
.end method


.method protected onResume()V
    .locals 0
    invoke-super {p0}, Landroid/app/Activity;->onResume()V
    invoke-virtual {p0}, Lnet/vitrine/player/MainActivity;->immersive()V
    return-void
.end method


.method public onWindowFocusChanged(Z)V
    .locals 0
    invoke-super {p0, p1}, Landroid/app/Activity;->onWindowFocusChanged(Z)V
    if-eqz p1, :done
    invoke-virtual {p0}, Lnet/vitrine/player/MainActivity;->immersive()V
    :done
    return-void
.end method


# A kiosk: Back does nothing.
.method public onBackPressed()V
    .locals 0
    return-void
.end method


# Immersive sticky: no status or navigation bar (IMMERSIVE_STICKY | FULLSCREEN | HIDE_NAVIGATION | LAYOUT_*).
.method public immersive()V
    .locals 2
    invoke-virtual {p0}, Lnet/vitrine/player/MainActivity;->getWindow()Landroid/view/Window;
    move-result-object v0
    invoke-virtual {v0}, Landroid/view/Window;->getDecorView()Landroid/view/View;
    move-result-object v0
    const/16 v1, 0x1706
    invoke-virtual {v0, v1}, Landroid/view/View;->setSystemUiVisibility(I)V
    return-void
.end method


# Once, on Android 6 and later: the location service may give the bridge the screen's position.
.method public askLocation()V
    .locals 5
    sget v0, Landroid/os/Build$VERSION;->SDK_INT:I
    const/16 v1, 0x17
    if-lt v0, v1, :done
    invoke-virtual {p0}, Lnet/vitrine/player/MainActivity;->prefs()Landroid/content/SharedPreferences;
    move-result-object v0
    const-string v1, "askedLocation"
    const/4 v2, 0x0
    invoke-interface {v0, v1, v2}, Landroid/content/SharedPreferences;->getBoolean(Ljava/lang/String;Z)Z
    move-result v3
    if-nez v3, :done
    invoke-interface {v0}, Landroid/content/SharedPreferences;->edit()Landroid/content/SharedPreferences$Editor;
    move-result-object v0
    const/4 v2, 0x1
    invoke-interface {v0, v1, v2}, Landroid/content/SharedPreferences$Editor;->putBoolean(Ljava/lang/String;Z)Landroid/content/SharedPreferences$Editor;
    move-result-object v0
    invoke-interface {v0}, Landroid/content/SharedPreferences$Editor;->apply()V
    const/4 v0, 0x2
    new-array v0, v0, [Ljava/lang/String;
    const/4 v1, 0x0
    const-string v2, "android.permission.ACCESS_FINE_LOCATION"
    aput-object v2, v0, v1
    const/4 v1, 0x1
    const-string v2, "android.permission.ACCESS_COARSE_LOCATION"
    aput-object v2, v0, v1
    const/4 v1, 0x1
    invoke-virtual {p0, v0, v1}, Lnet/vitrine/player/MainActivity;->requestPermissions([Ljava/lang/String;I)V
    :done
    return-void
.end method


.method public prefs()Landroid/content/SharedPreferences;
    .locals 2
    const-string v0, "vitrine"
    const/4 v1, 0x0
    invoke-virtual {p0, v0, v1}, Lnet/vitrine/player/MainActivity;->getSharedPreferences(Ljava/lang/String;I)Landroid/content/SharedPreferences;
    move-result-object v0
    return-object v0
.end method


# The server's origin, or null before the first start's page saved it.
.method public server()Ljava/lang/String;
    .locals 3
    invoke-virtual {p0}, Lnet/vitrine/player/MainActivity;->prefs()Landroid/content/SharedPreferences;
    move-result-object v0
    const-string v1, "server"
    const/4 v2, 0x0
    invoke-interface {v0, v1, v2}, Landroid/content/SharedPreferences;->getString(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    return-object v0
.end method


# The player, or the first-start page while no server is saved.
.method public open()V
    .locals 3
    invoke-static {}, Landroid/os/SystemClock;->elapsedRealtime()J
    move-result-wide v0
    iput-wide v0, p0, Lnet/vitrine/player/MainActivity;->loadedAt:J
    invoke-virtual {p0}, Lnet/vitrine/player/MainActivity;->server()Ljava/lang/String;
    move-result-object v0
    iget-object v1, p0, Lnet/vitrine/player/MainActivity;->webView:Landroid/webkit/WebView;
    if-nez v0, :player
    const-string v0, "file:///android_asset/setup.html"
    invoke-virtual {v1, v0}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    return-void
    :player
    new-instance v2, Ljava/lang/StringBuilder;
    invoke-direct {v2}, Ljava/lang/StringBuilder;-><init>()V
    invoke-virtual {v2, v0}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    const-string v0, "/player/"
    invoke-virtual {v2, v0}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v2}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v0
    invoke-virtual {v1, v0}, Landroid/webkit/WebView;->loadUrl(Ljava/lang/String;)V
    return-void
.end method


# Every 30 s: a player page silent for 95 s (no report since it opened) is opened again.
.method public watch()V
    .locals 8
    iget-object v0, p0, Lnet/vitrine/player/MainActivity;->handler:Landroid/os/Handler;
    new-instance v1, Lnet/vitrine/player/Task;
    const/4 v2, 0x6
    const/4 v3, 0x0
    invoke-direct {v1, p0, v2, v3}, Lnet/vitrine/player/Task;-><init>(Lnet/vitrine/player/MainActivity;ILjava/lang/Object;)V
    const-wide/16 v2, 0x7530
    invoke-virtual {v0, v1, v2, v3}, Landroid/os/Handler;->postDelayed(Ljava/lang/Runnable;J)Z

    invoke-virtual {p0}, Lnet/vitrine/player/MainActivity;->server()Ljava/lang/String;
    move-result-object v0
    if-eqz v0, :done
    invoke-static {}, Landroid/os/SystemClock;->elapsedRealtime()J
    move-result-wide v2
    iget-wide v4, p0, Lnet/vitrine/player/MainActivity;->loadedAt:J
    iget-object v0, p0, Lnet/vitrine/player/MainActivity;->bridge:Lnet/vitrine/player/Bridge;
    iget-wide v6, v0, Lnet/vitrine/player/Bridge;->lastReport:J
    cmp-long v0, v6, v4
    if-lez v0, :compare
    move-wide v4, v6
    :compare
    sub-long/2addr v2, v4
    const-wide/32 v4, 0x17318
    cmp-long v0, v2, v4
    if-lez v0, :reopen
    :done
    return-void
    :reopen
    invoke-virtual {p0}, Lnet/vitrine/player/MainActivity;->open()V
    return-void
.end method
