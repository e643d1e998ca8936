import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_WINDOWS } from '@vitrine/core';
import type { CabinetId } from '../../db/cabinet-id.js';
import { nets, netPoints, points } from '../../db/schema.js';

/**
 * A screen's answer (core `Point`) built by the database as JSON text, for a page of a thousand screens: no
 * row is parsed, presented, zod-encoded and stringified on the event loop (that took most of a page's
 * 250 ms). It is what `toPoint` answers for the row, field by field (point-json.test.ts holds the two
 * equal for rows with every optional field set and unset), but for the three fields the server works out
 * itself and splices in: `photoUrl` (signed), `status` (this process's sockets) and `displayOff` (core
 * `displayOffBySchedule`). Objects stored as JSON (windows, audience, the player's report, the change
 * reason) are rebuilt key by key, so a stored key the contract does not name is left out as zod would.
 */

/** An instant as `Date.prototype.toISOString` writes it (milliseconds, truncated as the drivers do). */
export const isoOf = (column: AnyColumn | SQL): SQL =>
  sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A stored JSON object's keys, in the contract's order; a key absent from it stays absent. */
const pick = (value: SQL, required: string[], optional: SQL[] = []): SQL => {
  const pairs = required.map((key) => sql`${sql.raw(`'${key}'`)}, ${value}->${sql.raw(`'${key}'`)}`);
  const base = sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
  return optional.reduce((object, extra) => sql`${object} || ${extra}`, base);
};

/** An optional key of the player's report: null stays null, an object is rebuilt, absent stays absent. */
const optionalKey = (report: SQL, key: string, fields: string[]): SQL => {
  const value = sql`${report}->${sql.raw(`'${key}'`)}`;
  return sql`(case when not (${report} ? ${sql.raw(`'${key}'`)}) then '{}'::jsonb
    else jsonb_build_object(${sql.raw(`'${key}'`)}, case when jsonb_typeof(${value}) = 'object'
      then ${pick(value, fields)} else ${value} end) end)`;
};

/** The player's last report (core `PlayerReport`). */
function reportJson(): SQL {
  const report = sql`${points.report}`;
  const required = [
    'version',
    'resolution',
    'freeStorage',
    'currentItem',
    'uptime',
    'contentVersion',
    'native',
  ];
  const wall = ['wallId', 'synchronized', 'p50', 'p95', 'max', 'samples', 'clockUncertainty'];
  return sql`case when jsonb_typeof(${report}) = 'object' then ${pick(report, required, [
    optionalKey(report, 'wall', wall),
    optionalKey(report, 'display', ['power', 'method']),
    optionalKey(report, 'shell', ['platform', 'version']),
  ])} end`;
}

/** `syncState` of the presenter: synchronised, or since when its content waits, why and until when. */
function syncJson(): SQL {
  // Never null: a report without a content version is not synchronised (null would drop both branches).
  const synchronized = sql`coalesce(${points.report}->>'contentVersion' = ${points.currentVersion}, false)`;
  const since = sql`date_trunc('milliseconds', coalesce(${points.contentChangedAt}, ${points.createdAt}))`;
  const next = sql`date_trunc('milliseconds', ${points.servedAt}) + ${points.syncInterval} * interval '1 minute'`;
  const change = sql`${points.contentChange}::jsonb`;
  return sql`'syncStatus', case when ${synchronized} then 'SYNCHRONIZED' else 'NOT_SYNCHRONIZED' end,
    'sync_time', case when ${synchronized} then ${isoOf(points.syncedAt)} end,
    'syncPending', case when not ${synchronized} then json_build_object(
      'since', ${isoOf(since)},
      'change', case when ${points.contentChange} is not null then ${pick(change, ['kind', 'name'])} end,
      'expectedBy', case when ${next} > ${since} then ${isoOf(next)} end) end`;
}

/** The networks a screen is in, by name (as `netsOf` orders them). */
const netsJson = (cabinetId: CabinetId): SQL => sql`coalesce((
  select json_agg(json_build_object('id', ${nets.id}, 'name', ${nets.name}, 'color', ${nets.color}) order by ${nets.name})
  from ${netPoints} join ${nets} on ${nets.id} = ${netPoints.netId}
  where ${netPoints.pointId} = ${points.id} and ${nets.cabinetId} = ${cabinetId}), '[]'::json)`;

/**
 * A screen's answer but `photoUrl`, `status` and `displayOff`, as JSON text; `hasContent` is the caller's
 * condition (the list's own reach test). At most 50 keys a json_build_object (its 100 arguments).
 */
export function pointJson(cabinetId: CabinetId, hasContent: SQL): SQL<string> {
  const location = sql`case when ${points.latitude} is not null and ${points.longitude} is not null
    then json_build_object('lat', ${points.latitude}, 'lng', ${points.longitude}) end`;
  const windows = sql`${points.windows}`;
  const audience = sql`${points.audience}`;
  return sql<string>`json_build_object(
    'name', ${points.name}, 'address', ${points.address}, 'location', ${location},
    'timezone', ${points.timezone}, 'rotation', ${points.rotation}, 'autostart', ${points.autostart},
    'transitionMs', ${points.transitionMs}, 'relaunchInterval', ${points.relaunchInterval},
    'workFrom', left(${points.workFrom}::text, 8), 'workTo', left(${points.workTo}::text, 8),
    'commercialCycle', ${points.commercialCycle},
    'windows', case when jsonb_typeof(${windows}) = 'object' then ${pick(windows, ['fullscreen', 'mirror', 'volume'])}
      else ${JSON.stringify(DEFAULT_WINDOWS)}::jsonb end,
    'config', ${points.config},
    'audience', case when jsonb_typeof(${audience}) = 'object' then ${pick(audience, ['viewers', 'perHour'])} end,
    'playbackCost', trim_scale(${points.playbackCost})::text,
    'syncInterval', ${points.syncInterval}, 'cameraStreamUrl', ${points.cameraStreamUrl},
    'id', ${points.id}, 'net', ${netsJson(cabinetId)}, 'uid', ${points.uid},
    'isStoped', ${points.isStopped}, 'hasContent', ${hasContent},
    ${syncJson()},
    'update_time', ${isoOf(points.updatedAt)}, 'dt_gone_offline', ${isoOf(points.goneOfflineAt)},
    'lastSeen', ${isoOf(points.lastSeenAt)}, 'disconnections', ${points.disconnections},
    'player', ${reportJson()},
    'createdDate', ${isoOf(points.createdAt)})::text`;
}
