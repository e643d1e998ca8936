import { POINT_MESSAGES, pointStatus, type CommandName, type CommandResult } from '@vitrine/core';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import type { PointServiceDeps } from './point.service.js';

/** Commands to screens: sent now to those online, kept for the others until they come back. */
export class PointCommands {
  constructor(
    private readonly deps: PointServiceDeps,
    private readonly clock: () => Date,
  ) {}

  /** Sends a command to screens of the caller's cabinet; offline ones get it when they come back. */
  async command(
    caller: Caller,
    ids: number[],
    name: CommandName,
    args: Record<string, unknown> = {},
  ): Promise<CommandResult> {
    const found = await this.deps.repos.points.presenceOf(caller.cabinetId, ids);
    if (found.length !== new Set(ids).size || found.length === 0) throw notFound();
    await this.deps.fleet.send(
      caller.cabinetId,
      found.map((p) => p.id),
      name,
      args,
      caller.userId,
    );
    // Online by the same rule the status shows (flakiness does not matter for delivery).
    const now = this.clock();
    const online = found.filter((p) =>
      ['ONLINE', 'UNSTABLE'].includes(
        pointStatus(
          {
            lastSeenAt: p.lastSeenAt,
            goneOfflineAt: p.goneOfflineAt,
            connected: this.deps.fleet.connected(p.id),
            recentDisconnections: 0,
          },
          now,
        ),
      ),
    );
    const delivered = new Set(online.map((p) => p.id));
    return {
      ok: true,
      message: POINT_MESSAGES.changeStatusSent,
      delivered: [...delivered],
      queued: found.filter((p) => !delivered.has(p.id)).map((p) => p.id),
    };
  }

  /** Broadcast stop or start (spec §4): the points are marked, and told. */
  async broadcasting(caller: Caller, ids: number[], stop: boolean): Promise<CommandResult> {
    const found = await this.deps.repos.points.pointsByIds(caller.cabinetId, ids);
    if (found.length !== new Set(ids).size) throw notFound();
    await this.deps.repos.points.update(caller.cabinetId, ids, { isStopped: stop });
    const result = await this.command(caller, ids, stop ? 'broadcast-stop' : 'broadcast-start');
    // The state is part of the screens' content: the command makes the players fetch it as well.
    await this.deps.sync.changed(
      caller.cabinetId,
      { immediate: ids, passive: [], reason: { kind: 'settings', name: null } },
      null,
    );
    return result;
  }
}
