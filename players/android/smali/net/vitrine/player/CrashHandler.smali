.class public Lnet/vitrine/player/CrashHandler;
.super Ljava/lang/Object;
.source "CrashHandler.smali"
.implements Ljava/lang/Thread$UncaughtExceptionHandler;

# An uncaught exception (or a dead renderer, Client) ends the process and an alarm starts the player again
# in 2 s.

.field public context:Landroid/content/Context;


.method public constructor <init>(Landroid/content/Context;)V
    .locals 0
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    iput-object p1, p0, Lnet/vitrine/player/CrashHandler;->context:Landroid/content/Context;
    return-void
.end method


.method public uncaughtException(Ljava/lang/Thread;Ljava/lang/Throwable;)V
    .locals 1
    iget-object v0, p0, Lnet/vitrine/player/CrashHandler;->context:Landroid/content/Context;
    invoke-static {v0}, Lnet/vitrine/player/CrashHandler;->restart(Landroid/content/Context;)V
    return-void
.end method


.method public static restart(Landroid/content/Context;)V
    .locals 6
    new-instance v0, Landroid/content/Intent;
    const-class v1, Lnet/vitrine/player/MainActivity;
    invoke-direct {v0, p0, v1}, Landroid/content/Intent;-><init>(Landroid/content/Context;Ljava/lang/Class;)V
    # FLAG_ACTIVITY_NEW_TASK | FLAG_ACTIVITY_CLEAR_TASK
    const v1, 0x10008000
    invoke-virtual {v0, v1}, Landroid/content/Intent;->addFlags(I)Landroid/content/Intent;
    # FLAG_CANCEL_CURRENT | FLAG_IMMUTABLE
    const/4 v1, 0x0
    const v2, 0x14000000
    invoke-static {p0, v1, v0, v2}, Landroid/app/PendingIntent;->getActivity(Landroid/content/Context;ILandroid/content/Intent;I)Landroid/app/PendingIntent;
    move-result-object v0
    const-string v1, "alarm"
    invoke-virtual {p0, v1}, Landroid/content/Context;->getSystemService(Ljava/lang/String;)Ljava/lang/Object;
    move-result-object v1
    check-cast v1, Landroid/app/AlarmManager;
    invoke-static {}, Ljava/lang/System;->currentTimeMillis()J
    move-result-wide v2
    const-wide/16 v4, 0x7d0
    add-long/2addr v2, v4
    const/4 v4, 0x1
    invoke-virtual {v1, v4, v2, v3, v0}, Landroid/app/AlarmManager;->set(IJLandroid/app/PendingIntent;)V
    invoke-static {}, Landroid/os/Process;->myPid()I
    move-result v0
    invoke-static {v0}, Landroid/os/Process;->killProcess(I)V
    const/16 v0, 0xa
    invoke-static {v0}, Ljava/lang/System;->exit(I)V
    return-void
.end method
