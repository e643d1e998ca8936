.class public Lnet/vitrine/player/Client;
.super Landroid/webkit/WebViewClient;
.source "Client.smali"

# The WebView's events: a loaded page gets the bridge (inject); a failed page is opened again after
# 15 s (the network may come after the power); a dead renderer restarts the app.

.field public owner:Lnet/vitrine/player/MainActivity;


.method public constructor <init>(Lnet/vitrine/player/MainActivity;)V
    .locals 0
    invoke-direct {p0}, Landroid/webkit/WebViewClient;-><init>()V
    iput-object p1, p0, Lnet/vitrine/player/Client;->owner:Lnet/vitrine/player/MainActivity;
    return-void
.end method


.method public onPageFinished(Landroid/webkit/WebView;Ljava/lang/String;)V
    .locals 0
    invoke-virtual {p0, p1, p2}, Lnet/vitrine/player/Client;->inject(Landroid/webkit/WebView;Ljava/lang/String;)V
    return-void
.end method


# On the main thread when a page has loaded: the first-start page gets window.vitrineSetup, the server's
# player page window.vitrineNative, each holding this run's token; any other page gets nothing.
.method public inject(Landroid/webkit/WebView;Ljava/lang/String;)V
    .locals 4
    if-eqz p2, :done
    const-string v0, "file:///android_asset/"
    invoke-virtual {p2, v0}, Ljava/lang/String;->startsWith(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :player
    const-string v1, "(function(t){var a=window.VitrineAndroid;if(!a)return;window.vitrineSetup={save:function(u){return a.setServer(t,String(u))}};if(typeof window.vitrineSetupReady==='function')window.vitrineSetupReady();})(\""
    goto :evaluate
    :player
    iget-object v0, p0, Lnet/vitrine/player/Client;->owner:Lnet/vitrine/player/MainActivity;
    invoke-virtual {v0}, Lnet/vitrine/player/MainActivity;->server()Ljava/lang/String;
    move-result-object v0
    if-eqz v0, :done
    new-instance v1, Ljava/lang/StringBuilder;
    invoke-direct {v1}, Ljava/lang/StringBuilder;-><init>()V
    invoke-virtual {v1, v0}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    const-string v0, "/"
    invoke-virtual {v1, v0}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v1}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v0
    invoke-virtual {p2, v0}, Ljava/lang/String;->startsWith(Ljava/lang/String;)Z
    move-result v0
    if-eqz v0, :done
    const-string v1, "(function(t){var a=window.VitrineAndroid;if(!a)return;window.vitrineNative={shell:function(){return a.shell(t)},reboot:function(){return a.reboot(t)},terminal:function(){return a.terminal(t)},screenshot:function(){return a.screenshot(t)},displayPower:function(on){return a.displayPower(t,on===true)},position:function(){return a.position(t)},relaunch:function(){return a.relaunch(t)},autostart:function(on){return a.autostart(t,on===true)},report:function(){return a.report(t)}};})(\""
    :evaluate
    new-instance v2, Ljava/lang/StringBuilder;
    invoke-direct {v2}, Ljava/lang/StringBuilder;-><init>()V
    invoke-virtual {v2, v1}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    iget-object v3, p0, Lnet/vitrine/player/Client;->owner:Lnet/vitrine/player/MainActivity;
    iget-object v3, v3, Lnet/vitrine/player/MainActivity;->bridge:Lnet/vitrine/player/Bridge;
    iget-object v3, v3, Lnet/vitrine/player/Bridge;->token:Ljava/lang/String;
    invoke-virtual {v2, v3}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    const-string v3, "\");"
    invoke-virtual {v2, v3}, Ljava/lang/StringBuilder;->append(Ljava/lang/String;)Ljava/lang/StringBuilder;
    invoke-virtual {v2}, Ljava/lang/StringBuilder;->toString()Ljava/lang/String;
    move-result-object v2
    const/4 v3, 0x0
    invoke-virtual {p1, v2, v3}, Landroid/webkit/WebView;->evaluateJavascript(Ljava/lang/String;Landroid/webkit/ValueCallback;)V
    :done
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
