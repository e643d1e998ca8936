import type { Net } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { NetRow } from '../../db/schema.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import type { ContentSync } from './content-sync.js';
import { toNet } from './point.presenter.js';

export interface NetServiceDeps {
  repos: Repositories;
  transact: Transact;
  /** A network's screens changed: playlists that target it reach others, at their next sync. */
  sync: Pick<ContentSync, 'changed'>;
}

/** Networks (spec §7 Net calls): named groups of one cabinet's screens, listed with their screens. */
export class NetService {
  constructor(private readonly deps: NetServiceDeps) {}

  private async present(cabinetId: CabinetId, rows: NetRow[]): Promise<Net[]> {
    const members = await this.deps.repos.nets.membersOf(
      cabinetId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toNet(r, members.get(r.id) ?? []));
  }

  async list(caller: Caller, query: { page: number; limit: number; search?: string | undefined }) {
    const { rows, total } = await this.deps.repos.nets.list(caller.cabinetId, query);
    return { nets: await this.present(caller.cabinetId, rows), total };
  }

  private async checkPoints(cabinetId: CabinetId, ids: number[]): Promise<void> {
    const found = await this.deps.repos.points.pointsByIds(cabinetId, ids);
    if (found.length !== new Set(ids).size) throw notFound();
  }

  async create(caller: Caller, body: { name: string; color: string | null; points: number[] }): Promise<Net> {
    await this.checkPoints(caller.cabinetId, body.points);
    const row = await this.deps.transact(async (repos) => {
      const net = await repos.nets.insert(caller.cabinetId, { name: body.name, color: body.color });
      await repos.nets.setMembers(caller.cabinetId, net.id, [...new Set(body.points)]);
      return net;
    });
    return (await this.present(caller.cabinetId, [row]))[0]!;
  }

  async patch(
    caller: Caller,
    id: number,
    body: { name?: string | undefined; color?: string | null | undefined; points?: number[] | undefined },
  ): Promise<Net> {
    const net = await this.deps.repos.nets.net(caller.cabinetId, id);
    if (!net) throw notFound();
    if (body.points) await this.checkPoints(caller.cabinetId, body.points);
    const before = body.points ? await this.memberIds(caller.cabinetId, id) : [];
    await this.deps.transact(async (repos) => {
      await repos.nets.update(caller.cabinetId, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.color !== undefined ? { color: body.color } : {}),
      });
      if (body.points) await repos.nets.setMembers(caller.cabinetId, id, [...new Set(body.points)]);
    });
    // Playlists that target the network now reach other screens: theirs fetch it at their next sync.
    if (body.points) await this.changed(caller.cabinetId, body.name ?? net.name, [...before, ...body.points]);
    return (
      await this.present(caller.cabinetId, [(await this.deps.repos.nets.net(caller.cabinetId, id))!])
    )[0]!;
  }

  async remove(caller: Caller, id: number): Promise<void> {
    const net = await this.deps.repos.nets.net(caller.cabinetId, id);
    if (!net) throw notFound();
    const members = await this.memberIds(caller.cabinetId, id);
    await this.deps.repos.nets.remove(caller.cabinetId, id);
    await this.changed(caller.cabinetId, net.name, members);
  }

  private async memberIds(cabinetId: CabinetId, netId: number): Promise<number[]> {
    return ((await this.deps.repos.nets.membersOf(cabinetId, [netId])).get(netId) ?? []).map((p) => p.id);
  }

  private async changed(cabinetId: CabinetId, name: string, pointIds: number[]): Promise<void> {
    await this.deps.sync.changed(cabinetId, {
      immediate: [],
      passive: pointIds,
      reason: { kind: 'network', name },
    });
  }
}
