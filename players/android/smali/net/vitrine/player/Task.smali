.class public Lnet/vitrine/player/Task;
.super Ljava/lang/Object;
.source "Task.smali"
.implements Ljava/lang/Runnable;

# The app's deferred work, on the main thread: 1 reboot as device owner, 2 reboot as root, 3 open the page,
# 4 relaunch (the screen's relaunch interval), 5 capture a screenshot, 6 the watchdog's look. A failure is
# swallowed: the command's answer has already gone.

.field public arg:Ljava/lang/Object;
.field public kind:I
.field public owner:Lnet/vitrine/player/MainActivity;


.method public constructor <init>(Lnet/vitrine/player/MainActivity;ILjava/lang/Object;)V
    .locals 0
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    iput-object p1, p0, Lnet/vitrine/player/Task;->owner:Lnet/vitrine/player/MainActivity;
    iput p2, p0, Lnet/vitrine/player/Task;->kind:I
    iput-object p3, p0, Lnet/vitrine/player/Task;->arg:Ljava/lang/Object;
    return-void
.end method


.method public run()V
    .locals 5
    iget-object v0, p0, Lnet/vitrine/player/Task;->owner:Lnet/vitrine/player/MainActivity;
    iget v1, p0, Lnet/vitrine/player/Task;->kind:I
    :try_start
    const/4 v2, 0x1
    if-ne v1, v2, :kind_2
    const-string v2, "device_policy"
    invoke-virtual {v0, v2}, Lnet/vitrine/player/MainActivity;->getSystemService(Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v2
    check-cast v2, Landroid/app/admin/DevicePolicyManager;
    new-instance v3, Landroid/content/ComponentName;
    const-class v4, Lnet/vitrine/player/AdminReceiver;
    invoke-direct {v3, v0, v4}, Landroid/content/ComponentName;-><init>(Landroid/content/Context;Ljava/lang/Class;)V
    invoke-virtual {v2, v3}, Landroid/app/admin/DevicePolicyManager;->reboot(Landroid/content/ComponentName;)V
    goto :done

    :kind_2
    const/4 v2, 0x2
    if-ne v1, v2, :kind_3
    invoke-static {}, Ljava/lang/Runtime;->getRuntime()Ljava/lang/Runtime;
    move-result-object v2
    const/4 v3, 0x3
    new-array v3, v3, [Ljava/lang/String;
    const/4 v4, 0x0
    const-string v1, "su"
    aput-object v1, v3, v4
    const/4 v4, 0x1
    const-string v1, "-c"
    aput-object v1, v3, v4
    const/4 v4, 0x2
    const-string v1, "reboot"
    aput-object v1, v3, v4
    invoke-virtual {v2, v3}, Ljava/lang/Runtime;->exec([Ljava/lang/String;)Ljava/lang/Process;
    goto :done

    :kind_3
    const/4 v2, 0x3
    if-ne v1, v2, :kind_4
    invoke-virtual {v0}, Lnet/vitrine/player/MainActivity;->open()V
    goto :done

    :kind_4
    const/4 v2, 0x4
    if-ne v1, v2, :kind_5
    invoke-virtual {v0}, Lnet/vitrine/player/MainActivity;->recreate()V
    goto :done

    :kind_5
    const/4 v2, 0x5
    if-ne v1, v2, :kind_6
    iget-object v2, v0, Lnet/vitrine/player/MainActivity;->bridge:Lnet/vitrine/player/Bridge;
    invoke-virtual {v2}, Lnet/vitrine/player/Bridge;->capture()V
    goto :done

    :kind_6
    const/4 v2, 0x6
    if-ne v1, v2, :done
    invoke-virtual {v0}, Lnet/vitrine/player/MainActivity;->watch()V
    :try_end
    .catch Ljava/lang/Throwable; {:try_start .. :try_end} :failed
    :done
    return-void
    :failed
    move-exception v2
    return-void
.end method
