.class public Lnet/vitrine/player/Bridge;
.super Ljava/lang/Object;
.source "Bridge.smali"

# The bridge of docs/players.md as the JavaScript interface "VitrineAndroid". Android puts that object in
# every frame of the page, so each method takes a token only the top frame of the server's own page (or of
# the first-start page) is given (inject): a plugin's frame or another site cannot reboot the device.
# Methods answer strings (JSON where structured); the page's window.vitrineNative wraps them (Client.inject).

.field public latch:Ljava/util/concurrent/CountDownLatch;
.field public volatile lastReport:J
.field public offLock:Landroid/os/PowerManager$WakeLock;
.field public owner:Lnet/vitrine/player/MainActivity;
.field public volatile shot:Ljava/lang/String;
.field public token:Ljava/lang/String;


.method public constructor <init>(Lnet/vitrine/player/MainActivity;)V
    .locals 1
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    iput-object p1, p0, Lnet/vitrine/player/Bridge;->owner:Lnet/vitrine/player/MainActivity;
    invoke-static {}, Ljava/util/UUID;->randomUUID()Ljava/util/UUID;
    move-result-object v0
    invoke-virtual {v0}, Ljava/util/UUID;->toString()Ljava/lang/String;
    move-result-object v0
    iput-object v0, p0, Lnet/vitrine/player/Bridge;->token:Ljava/lang/String;
    return-void
.end method


.method public allowed(Ljava/lang/String;)Z
    .locals 1
    iget-object v0, p0, Lnet/vitrine/player/Bridge;->token:Ljava/lang/String;
    invoke-virtual {v0, p1}, Ljava/lang/String;->equals(Ljava/lang/Object;)Z
    move-result v0
    return v0
.end method


.method public shell(Ljava/lang/String;)Ljava/lang/String;
    .locals 1
    .annotation runtime Landroid/webkit/JavascriptInterface;
    .end annotation
    invoke-virtual {p0, p1}, Lnet/vitrine/player/Bridge;->allowed(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :refused
    const-string v0, "{\"platform\":\"android\",\"version\":\"@VERSION@\"}"
    return-object v0
    :refused
    const/4 v0, 0x0
    return-object v0
.end method


# A device owner reboots through the device policy, a rooted device through su, 3 s after the answer (the
# command's ack leaves first); any other device says so.
.method public reboot(Ljava/lang/String;)Ljava/lang/String;
    .locals 6
    .annotation runtime Landroid/webkit/JavascriptInterface;
    .end annotation
    invoke-virtual {p0, p1}, Lnet/vitrine/player/Bridge;->allowed(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :refused
    iget-object v0, p0, Lnet/vitrine/player/Bridge;->owner:Lnet/vitrine/player/MainActivity;
    invoke-static {v0}, Lnet/vitrine/player/Device;->canReboot(Landroid/content/Context;)I
    move-result v1
    if-eqz v1, :cannot
    iget-object v2, v0, Lnet/vitrine/player/MainActivity;->handler:Landroid/os/Handler;
    new-instance v3, Lnet/vitrine/player/Task;
    const/4 v4, 0x0
    invoke-direct {v3, v0, v1, v4}, Lnet/vitrine/player/Task;-><init>(Lnet/vitrine/player/MainActivity;ILjava/lang/Object;)V
    const-wide/16 v4, 0xbb8
    invoke-virtual {v2, v3, v4, v5}, Landroid/os/Handler;->postDelayed(Ljava/lang/Runnable;J)Z
    const-string v0, "{\"ok\":true}"
    return-object v0
    :cannot
    const-string v0, "{\"ok\":false,\"message\":\"This device does not let the player reboot it: make the app its device owner, or root it\"}"
    return-object v0
    :refused
    const-string v0, "{\"ok\":false,\"message\":\"refused\"}"
    return-object v0
.end method


.method public terminal(Ljava/lang/String;)Ljava/lang/String;
    .locals 1
    .annotation runtime Landroid/webkit/JavascriptInterface;
    .end annotation
    invoke-virtual {p0, p1}, Lnet/vitrine/player/Bridge;->allowed(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :refused
    invoke-static {}, Lnet/vitrine/player/Device;->diagnostic()Ljava/lang/String;
    move-result-object v0
    return-object v0
    :refused
    const/4 v0, 0x0
    return-object v0
.end method


# The view as drawn (capture, on the main thread), within 10 s; null when it could not be drawn.
.method public screenshot(Ljava/lang/String;)Ljava/lang/String;
    .locals 7
    .annotation runtime Landroid/webkit/JavascriptInterface;
    .end annotation
    invoke-virtual {p0, p1}, Lnet/vitrine/player/Bridge;->allowed(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :none
    new-instance v0, Ljava/util/concurrent/CountDownLatch;
    const/4 v1, 0x1
    invoke-direct {v0, v1}, Ljava/util/concurrent/CountDownLatch;-><init>(I)V
    iput-object v0, p0, Lnet/vitrine/player/Bridge;->latch:Ljava/util/concurrent/CountDownLatch;
    const/4 v1, 0x0
    iput-object v1, p0, Lnet/vitrine/player/Bridge;->shot:Ljava/lang/String;
    iget-object v1, p0, Lnet/vitrine/player/Bridge;->owner:Lnet/vitrine/player/MainActivity;
    iget-object v2, v1, Lnet/vitrine/player/MainActivity;->handler:Landroid/os/Handler;
    new-instance v3, Lnet/vitrine/player/Task;
    const/4 v4, 0x5
    const/4 v5, 0x0
    invoke-direct {v3, v1, v4, v5}, Lnet/vitrine/player/Task;-><init>(Lnet/vitrine/player/MainActivity;ILjava/lang/Object;)V
    invoke-virtual {v2, v3}, Landroid/os/Handler;->post(Ljava/lang/Runnable;)Z
    :try_start
    const-wide/16 v4, 0xa
    sget-object v6, Ljava/util/concurrent/TimeUnit;->SECONDS:Ljava/util/concurrent/TimeUnit;
    invoke-virtual {v0, v4, v5, v6}, Ljava/util/concurrent/CountDownLatch;->await(JLjava/util/concurrent/TimeUnit;)Z
    :try_end
    .catch Ljava/lang/InterruptedException; {:try_start .. :try_end} :interrupted
    iget-object v0, p0, Lnet/vitrine/player/Bridge;->shot:Ljava/lang/String;
    return-object v0
    :interrupted
    move-exception v0
    :none
    const/4 v0, 0x0
    return-object v0
.end method


# On the main thread: the WebView drawn into a bitmap, at most 1280 px wide, as a JPEG data address.
.method public capture()V
    .locals 7
    :try_start
    iget-object v0, p0, Lnet/vitrine/player/Bridge;->owner:Lnet/vitrine/player/MainActivity;
    iget-object v0, v0, Lnet/vitrine/player/MainActivity;->webView:Landroid/webkit/WebView;
    invoke-virtual {v0}, Landroid/webkit/WebView;->getWidth()I
    move-result v1
    invoke-virtual {v0}, Landroid/webkit/WebView;->getHeight()I
    move-result v2
    if-lez v1, :finish
    if-lez v2, :finish
    sget-object v3, Landroid/graphics/Bitmap$Config;->ARGB_8888:Landroid/graphics/Bitmap$Config;
    invoke-static {v1, v2, v3}, Landroid/graphics/Bitmap;->createBitmap(IILandroid/graphics/Bitmap$Config;)Landroid/graphics/Bitmap;
    move-result-object v3
    new-instance v4, Landroid/graphics/Canvas;
    invoke-direct {v4, v3}, Landroid/graphics/Canvas;-><init>(Landroid/graphics/Bitmap;)V
    invoke-virtual {v0, v4}, Landroid/webkit/WebView;->draw(Landroid/graphics/Canvas;)V
    const/16 v4, 0x500
    if-le v1, v4, :encode
    mul-int/2addr v2, v4
    div-int/2addr v2, v1
    const/4 v5, 0x1
    invoke-static {v3, v4, v2, v5}, Landroid/graphics/Bitmap;->createScaledBitmap(Landroid/graphics/Bitmap;IIZ)Landroid/graphics/Bitmap;
    move-result-object v3
    :encode
    new-instance v4, Ljava/io/ByteArrayOutputStream;
    invoke-direct {v4}, Ljava/io/ByteArrayOutputStream;-><init>()V
    sget-object v5, Landroid/graphics/Bitmap$CompressFormat;->JPEG:Landroid/graphics/Bitmap$CompressFormat;
    const/16 v6, 0x55
    invoke-virtual {v3, v5, v6, v4}, Landroid/graphics/Bitmap;->compress(Landroid/graphics/Bitmap$CompressFormat;ILjava/io/OutputStream;)Z
    invoke-virtual {v4}, Ljava/io/ByteArrayOutputStream;->toByteArray()[B
    move-result-object v4
    const/4 v5, 0x2
    invoke-static {v4, v5}, Landroid/util/Base64;->encodeToString([BI)Ljava/lang/String;
    move-result-object v4
    new-instance v5, Ljava/lang/StringBuilder;
    invoke-direct {v5}, Ljava/lang/StringBuilder;-><init>()V
    const-string v6, "data:image/jpeg;base64,"
    invoke-virtual {v5, v6}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v5, v4}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v5}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v5
    iput-object v5, p0, Lnet/vitrine/player/Bridge;->shot:Ljava/lang/String;
    :try_end
    .catch Ljava/lang/Throwable; {:try_start .. :try_end} :failed
    :finish
    iget-object v0, p0, Lnet/vitrine/player/Bridge;->latch:Ljava/util/concurrent/CountDownLatch;
    if-eqz v0, :done
    invoke-virtual {v0}, Ljava/util/concurrent/CountDownLatch;->countDown()V
    :done
    return-void
    :failed
    move-exception v0
    goto :finish
.end method


# Out of working hours: a device administrator locks the screen (a partial wake lock keeps the page's
# timers running to turn it on again); back in hours the screen is woken. Null where the app is no device
# administrator: the page then only goes black.
.method public displayPower(Ljava/lang/String;Z)Ljava/lang/String;
    .locals 8
    .annotation runtime Landroid/webkit/JavascriptInterface;
    .end annotation
    invoke-virtual {p0, p1}, Lnet/vitrine/player/Bridge;->allowed(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :none
    :try_start
    iget-object v0, p0, Lnet/vitrine/player/Bridge;->owner:Lnet/vitrine/player/MainActivity;
    const-string v1, "device_policy"
    invoke-virtual {v0, v1}, Lnet/vitrine/player/MainActivity;->getSystemService(Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v1
    check-cast v1, Landroid/app/admin/DevicePolicyManager;
    new-instance v2, Landroid/content/ComponentName;
    const-class v3, Lnet/vitrine/player/AdminReceiver;
    invoke-direct {v2, v0, v3}, Landroid/content/ComponentName;-><init>(Landroid/content/Context;Ljava/lang/Class;)V
    invoke-virtual {v1, v2}, Landroid/app/admin/DevicePolicyManager;->isAdminActive(Landroid/content/ComponentName;)Z
    move-result v3
    if-eqz v3, :none
    const-string v3, "power"
    invoke-virtual {v0, v3}, Lnet/vitrine/player/MainActivity;->getSystemService(Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v3
    check-cast v3, Landroid/os/PowerManager;
    iget-object v4, p0, Lnet/vitrine/player/Bridge;->offLock:Landroid/os/PowerManager$WakeLock;
    if-eqz p2, :off
    # ACQUIRE_CAUSES_WAKEUP | SCREEN_BRIGHT_WAKE_LOCK, for 10 s: the screen comes on and stays (keep-screen-on).
    const v5, 0x1000000a
    const-string v6, "vitrine:display-on"
    invoke-virtual {v3, v5, v6}, Landroid/os/PowerManager;->newWakeLock(ILjava/lang/String;)Landroid/os/PowerManager$WakeLock;
    move-result-object v5
    const-wide/16 v6, 0x2710
    invoke-virtual {v5, v6, v7}, Landroid/os/PowerManager$WakeLock;->acquire(J)V
    if-eqz v4, :answer
    invoke-virtual {v4}, Landroid/os/PowerManager$WakeLock;->isHeld()Z
    move-result v5
    if-eqz v5, :forget
    invoke-virtual {v4}, Landroid/os/PowerManager$WakeLock;->release()V
    :forget
    const/4 v4, 0x0
    iput-object v4, p0, Lnet/vitrine/player/Bridge;->offLock:Landroid/os/PowerManager$WakeLock;
    goto :answer
    :off
    if-nez v4, :lock
    const/4 v5, 0x1
    const-string v6, "vitrine:display-off"
    invoke-virtual {v3, v5, v6}, Landroid/os/PowerManager;->newWakeLock(ILjava/lang/String;)Landroid/os/PowerManager$WakeLock;
    move-result-object v4
    invoke-virtual {v4}, Landroid/os/PowerManager$WakeLock;->acquire()V
    iput-object v4, p0, Lnet/vitrine/player/Bridge;->offLock:Landroid/os/PowerManager$WakeLock;
    :lock
    invoke-virtual {v1}, Landroid/app/admin/DevicePolicyManager;->lockNow()V
    :answer
    const-string v0, "android"
    return-object v0
    :try_end
    .catch Ljava/lang/Exception; {:try_start .. :try_end} :failed
    :failed
    move-exception v0
    :none
    const/4 v0, 0x0
    return-object v0
.end method


.method public position(Ljava/lang/String;)Ljava/lang/String;
    .locals 1
    .annotation runtime Landroid/webkit/JavascriptInterface;
    .end annotation
    invoke-virtual {p0, p1}, Lnet/vitrine/player/Bridge;->allowed(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :none
    iget-object v0, p0, Lnet/vitrine/player/Bridge;->owner:Lnet/vitrine/player/MainActivity;
    invoke-static {v0}, Lnet/vitrine/player/Device;->position(Landroid/content/Context;)Ljava/lang/String;
    move-result-object v0
    return-object v0
    :none
    const-string v0, "null"
    return-object v0
.end method


.method public relaunch(Ljava/lang/String;)Ljava/lang/String;
    .locals 4
    .annotation runtime Landroid/webkit/JavascriptInterface;
    .end annotation
    invoke-virtual {p0, p1}, Lnet/vitrine/player/Bridge;->allowed(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :done
    iget-object v0, p0, Lnet/vitrine/player/Bridge;->owner:Lnet/vitrine/player/MainActivity;
    iget-object v1, v0, Lnet/vitrine/player/MainActivity;->handler:Landroid/os/Handler;
    new-instance v2, Lnet/vitrine/player/Task;
    const/4 v3, 0x4
    const/4 p1, 0x0
    invoke-direct {v2, v0, v3, p1}, Lnet/vitrine/player/Task;-><init>(Lnet/vitrine/player/MainActivity;ILjava/lang/Object;)V
    invoke-virtual {v1, v2}, Landroid/os/Handler;->post(Ljava/lang/Runnable;)Z
    :done
    const-string v0, ""
    return-object v0
.end method


# The screen's autostart setting, for the boot receiver.
.method public autostart(Ljava/lang/String;Z)Ljava/lang/String;
    .locals 2
    .annotation runtime Landroid/webkit/JavascriptInterface;
    .end annotation
    invoke-virtual {p0, p1}, Lnet/vitrine/player/Bridge;->allowed(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :done
    iget-object v0, p0, Lnet/vitrine/player/Bridge;->owner:Lnet/vitrine/player/MainActivity;
    invoke-virtual {v0}, Lnet/vitrine/player/MainActivity;->prefs()Landroid/content/SharedPreferences;
    move-result-object v0
    invoke-interface {v0}, Landroid/content/SharedPreferences;->edit()Landroid/content/SharedPreferences$Editor;
    move-result-object v0
    const-string v1, "autostart"
    invoke-interface {v0, v1, p2}, Landroid/content/SharedPreferences$Editor;->putBoolean(Ljava/lang/String;Z)Landroid/content/SharedPreferences$Editor;
    move-result-object v0
    invoke-interface {v0}, Landroid/content/SharedPreferences$Editor;->apply()V
    :done
    const-string v0, ""
    return-object v0
.end method


# The page's heartbeat (every 30 s), for the watchdog (MainActivity.watch).
.method public report(Ljava/lang/String;)Ljava/lang/String;
    .locals 2
    .annotation runtime Landroid/webkit/JavascriptInterface;
    .end annotation
    invoke-virtual {p0, p1}, Lnet/vitrine/player/Bridge;->allowed(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :done
    invoke-static {}, Landroid/os/SystemClock;->elapsedRealtime()J
    move-result-wide v0
    iput-wide v0, p0, Lnet/vitrine/player/Bridge;->lastReport:J
    :done
    const-string v0, ""
    return-object v0
.end method


# The first-start page's address: checked (a Vitrine server answers its health check), kept, opened.
.method public setServer(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;
    .locals 4
    .annotation runtime Landroid/webkit/JavascriptInterface;
    .end annotation
    invoke-virtual {p0, p1}, Lnet/vitrine/player/Bridge;->allowed(Ljava/lang/String;)Z
    move-result v0
    if-nez v0, :allowed
    const-string v0, "{\"ok\":false,\"message\":\"refused\"}"
    return-object v0
    :allowed
    invoke-static {p2}, Lnet/vitrine/player/Device;->origin(Ljava/lang/String;)Ljava/lang/String;
    move-result-object v0
    if-nez v0, :check
    const-string v0, "{\"ok\":false,\"message\":\"invalid\"}"
    return-object v0
    :check
    invoke-static {v0}, Lnet/vitrine/player/Device;->isVitrine(Ljava/lang/String;)Z
    move-result v1
    if-nez v1, :save
    const-string v0, "{\"ok\":false,\"message\":\"unreachable\"}"
    return-object v0
    :save
    iget-object v1, p0, Lnet/vitrine/player/Bridge;->owner:Lnet/vitrine/player/MainActivity;
    invoke-virtual {v1}, Lnet/vitrine/player/MainActivity;->prefs()Landroid/content/SharedPreferences;
    move-result-object v2
    invoke-interface {v2}, Landroid/content/SharedPreferences;->edit()Landroid/content/SharedPreferences$Editor;
    move-result-object v2
    const-string v3, "server"
    invoke-interface {v2, v3, v0}, Landroid/content/SharedPreferences$Editor;->putString(Ljava/lang/String;Ljava/lang/String;)Landroid/content/SharedPreferences$Editor;
    move-result-object v2
    invoke-interface {v2}, Landroid/content/SharedPreferences$Editor;->commit()Z
    iget-object v2, v1, Lnet/vitrine/player/MainActivity;->handler:Landroid/os/Handler;
    new-instance v0, Lnet/vitrine/player/Task;
    const/4 v3, 0x3
    const/4 p2, 0x0
    invoke-direct {v0, v1, v3, p2}, Lnet/vitrine/player/Task;-><init>(Lnet/vitrine/player/MainActivity;ILjava/lang/Object;)V
    invoke-virtual {v2, v0}, Landroid/os/Handler;->post(Ljava/lang/Runnable;)Z
    const-string v0, "{\"ok\":true}"
    return-object v0
.end method
