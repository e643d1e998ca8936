-- PointRepository.point
select "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = $2);

-- PointRepository.pointsByIds
select "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]));

-- PointRepository.platformPointById
select "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at" from "points" where "points"."id" = $1;

-- PointRepository.platformPointByDeviceToken
select "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at" from "points" where "points"."device_token_hash" = $1;

-- PointRepository.insert
insert into "points" ("id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at") values (default, $1, $2, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default) returning "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at";

-- PointRepository.update
update "points" set "name" = $1 where ("points"."cabinet_id" = $2 and "points"."id" = any($3::int[]));

-- PointRepository.platformSetDeviceToken
update "points" set "device_token_hash" = $1 where "points"."id" = $2;

-- PointRepository.remove
delete from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]));

-- PointRepository.list
select "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at" from "points" where "points"."cabinet_id" = $1 order by "points"."id" desc limit $2;
select count(*) from "points" where "points"."cabinet_id" = $1;

-- PointRepository.listJson (page 2 by name)
select json_build_object(
'name', "points"."name", 'address', "points"."address", 'location', case when "points"."latitude" is not null and "points"."longitude" is not null
then json_build_object('lat', "points"."latitude", 'lng', "points"."longitude") end,
'timezone', "points"."timezone", 'rotation', "points"."rotation", 'autostart', "points"."autostart",
'transitionMs', "points"."transition_ms", 'relaunchInterval', "points"."relaunch_interval",
'workFrom', left("points"."work_from"::text, 8), 'workTo', left("points"."work_to"::text, 8),
'commercialCycle', "points"."commercial_cycle",
'windows', case when jsonb_typeof("points"."windows") = 'object' then jsonb_build_object('fullscreen', "points"."windows"->'fullscreen', 'mirror', "points"."windows"->'mirror', 'volume', "points"."windows"->'volume')
else $1::jsonb end,
'config', "points"."config",
'audience', case when jsonb_typeof("points"."audience") = 'object' then jsonb_build_object('viewers', "points"."audience"->'viewers', 'perHour', "points"."audience"->'perHour') end,
'playbackCost', trim_scale("points"."playback_cost")::text,
'syncInterval', "points"."sync_interval", 'cameraStreamUrl', "points"."camera_stream_url",
'id', "points"."id", 'net', coalesce((
select json_agg(json_build_object('id', "nets"."id", 'name', "nets"."name", 'color', "nets"."color") order by "nets"."name")
from "net_points" join "nets" on "nets"."id" = "net_points"."net_id"
where "net_points"."point_id" = "points"."id" and "nets"."cabinet_id" = $2), '[]'::json), 'uid', "points"."uid",
'isStoped', "points"."is_stopped", 'hasContent', (exists (select 1 from "playlist_targets" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("playlist_targets"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $3 and "playlists"."approved" = $4))) or exists (select 1 from "net_points" inner join "playlist_targets" on "playlist_targets"."net_id" = "net_points"."net_id" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("net_points"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $5 and "playlists"."approved" = $6))) or exists (select 1 from "wall_screens" inner join "playlist_targets" on "playlist_targets"."wall_id" = "wall_screens"."wall_id" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("wall_screens"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $7 and "playlists"."approved" = $8)))),
'syncStatus', case when coalesce("points"."report"->>'contentVersion' = "points"."current_version", false) then 'SYNCHRONIZED' else 'NOT_SYNCHRONIZED' end,
'sync_time', case when coalesce("points"."report"->>'contentVersion' = "points"."current_version", false) then to_char(("points"."synced_at") at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
'syncPending', case when not coalesce("points"."report"->>'contentVersion' = "points"."current_version", false) then json_build_object(
'since', to_char((date_trunc('milliseconds', coalesce("points"."content_changed_at", "points"."created_at"))) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
'change', case when "points"."content_change" is not null then jsonb_build_object('kind', "points"."content_change"::jsonb->'kind', 'name', "points"."content_change"::jsonb->'name') end,
'expectedBy', case when date_trunc('milliseconds', "points"."served_at") + "points"."sync_interval" * interval '1 minute' > date_trunc('milliseconds', coalesce("points"."content_changed_at", "points"."created_at")) then to_char((date_trunc('milliseconds', "points"."served_at") + "points"."sync_interval" * interval '1 minute') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end) end,
'update_time', to_char(("points"."updated_at") at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'dt_gone_offline', to_char(("points"."gone_offline_at") at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
'lastSeen', to_char(("points"."last_seen_at") at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'disconnections', "points"."disconnections",
'player', case when jsonb_typeof("points"."report") = 'object' then jsonb_build_object('version', "points"."report"->'version', 'resolution', "points"."report"->'resolution', 'freeStorage', "points"."report"->'freeStorage', 'currentItem', "points"."report"->'currentItem', 'uptime', "points"."report"->'uptime', 'contentVersion', "points"."report"->'contentVersion', 'native', "points"."report"->'native') || (case when not ("points"."report" ? 'wall') then '{}'::jsonb
else jsonb_build_object('wall', case when jsonb_typeof("points"."report"->'wall') = 'object'
then jsonb_build_object('wallId', "points"."report"->'wall'->'wallId', 'synchronized', "points"."report"->'wall'->'synchronized', 'p50', "points"."report"->'wall'->'p50', 'p95', "points"."report"->'wall'->'p95', 'max', "points"."report"->'wall'->'max', 'samples', "points"."report"->'wall'->'samples', 'clockUncertainty', "points"."report"->'wall'->'clockUncertainty') else "points"."report"->'wall' end) end) || (case when not ("points"."report" ? 'display') then '{}'::jsonb
else jsonb_build_object('display', case when jsonb_typeof("points"."report"->'display') = 'object'
then jsonb_build_object('power', "points"."report"->'display'->'power', 'method', "points"."report"->'display'->'method') else "points"."report"->'display' end) end) || (case when not ("points"."report" ? 'shell') then '{}'::jsonb
else jsonb_build_object('shell', case when jsonb_typeof("points"."report"->'shell') = 'object'
then jsonb_build_object('platform', "points"."report"->'shell'->'platform', 'version', "points"."report"->'shell'->'version') else "points"."report"->'shell' end) end) end,
'createdDate', to_char(("points"."created_at") at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text, "points"."id", "points"."last_seen_at", "points"."gone_offline_at", "points"."updated_at", "points"."photo_key" is not null, "points"."current_version" is null, coalesce("points"."report"->'display'->>'power' = 'off', false), "points"."work_from", "points"."work_to", "points"."timezone", (select coalesce(sum(h.disconnections), 0)::int
from "point_connection_hours" h
where h.point_id = "points"."id" and h.hour >= $9) from (select "id" from "points" where "points"."cabinet_id" = $10 order by lower("points"."name") desc nulls last, "points"."id" desc limit $11 offset $12) "page" inner join "points" on "points"."id" = "page"."id" order by lower("points"."name") desc nulls last, "points"."id" desc;
select count(*) from "points" where "points"."cabinet_id" = $1;

-- PointRepository.list (every filter)
select "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at" from "points" where ("points"."cabinet_id" = $1 and ("points"."name" ilike $2 or "points"."address" ilike $3 or "points"."uid" ilike $4) and "points"."id" in (select "point_id" from "net_points" where "net_points"."net_id" = $5) and (("points"."last_seen_at" > $6 and ("points"."gone_offline_at" is null or "points"."gone_offline_at" < "points"."last_seen_at")) and not "points"."id" in (select "point_id" from "point_connection_hours" where "point_connection_hours"."hour" >= $7 group by "point_connection_hours"."point_id" having sum("point_connection_hours"."disconnections") >= $8)) and not (exists (select 1 from "playlist_targets" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("playlist_targets"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $9 and "playlists"."approved" = $10))) or exists (select 1 from "net_points" inner join "playlist_targets" on "playlist_targets"."net_id" = "net_points"."net_id" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("net_points"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $11 and "playlists"."approved" = $12))) or exists (select 1 from "wall_screens" inner join "playlist_targets" on "playlist_targets"."wall_id" = "wall_screens"."wall_id" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("wall_screens"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $13 and "playlists"."approved" = $14))))) order by "points"."id" desc limit $15;
select count(*) from "points" where ("points"."cabinet_id" = $1 and ("points"."name" ilike $2 or "points"."address" ilike $3 or "points"."uid" ilike $4) and "points"."id" in (select "point_id" from "net_points" where "net_points"."net_id" = $5) and (("points"."last_seen_at" > $6 and ("points"."gone_offline_at" is null or "points"."gone_offline_at" < "points"."last_seen_at")) and not "points"."id" in (select "point_id" from "point_connection_hours" where "point_connection_hours"."hour" >= $7 group by "point_connection_hours"."point_id" having sum("point_connection_hours"."disconnections") >= $8)) and not (exists (select 1 from "playlist_targets" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("playlist_targets"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $9 and "playlists"."approved" = $10))) or exists (select 1 from "net_points" inner join "playlist_targets" on "playlist_targets"."net_id" = "net_points"."net_id" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("net_points"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $11 and "playlists"."approved" = $12))) or exists (select 1 from "wall_screens" inner join "playlist_targets" on "playlist_targets"."wall_id" = "wall_screens"."wall_id" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("wall_screens"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $13 and "playlists"."approved" = $14)))));

-- PointRepository.counts
select (count(*) filter (where "points"."cabinet_id" = $1))::int, (count(*) filter (where ("points"."cabinet_id" = $2 and (("points"."last_seen_at" > $3 and ("points"."gone_offline_at" is null or "points"."gone_offline_at" < "points"."last_seen_at")) and not "points"."id" in (select "point_id" from "point_connection_hours" where "point_connection_hours"."hour" >= $4 group by "point_connection_hours"."point_id" having sum("point_connection_hours"."disconnections") >= $5)))))::int from "points" where "points"."cabinet_id" = $6;

-- PointRepository.withContent
select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]) and (exists (select 1 from "playlist_targets" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("playlist_targets"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $3 and "playlists"."approved" = $4))) or exists (select 1 from "net_points" inner join "playlist_targets" on "playlist_targets"."net_id" = "net_points"."net_id" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("net_points"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $5 and "playlists"."approved" = $6))) or exists (select 1 from "wall_screens" inner join "playlist_targets" on "playlist_targets"."wall_id" = "wall_screens"."wall_id" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("wall_screens"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $7 and "playlists"."approved" = $8)))));

-- PointRepository.presenceOf
select "id", "last_seen_at", "gone_offline_at" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]));

-- PointRepository.platformRecordPresence
update "points" p set
last_seen_at = coalesce(b.seen, p.last_seen_at),
report = coalesce(b.report, p.report),
synced_at = case
when b.report is null then p.synced_at
when b.report->>'contentVersion' is distinct from p.current_version then null
when p.synced_at is not null and p.report->>'contentVersion' = b.report->>'contentVersion' then p.synced_at
else coalesce(b.seen, now()) end,
gone_offline_at = case when b.seen is not null and b.seen > coalesce(p.gone_offline_at, '-infinity') then null else p.gone_offline_at end
from (select unnest($1::int[]) as id, unnest($2::timestamptz[]) as seen,
unnest($3::jsonb[]) as report) b
where p.id = b.id;
insert into "point_connection_hours" (point_id, hour, online_seconds)
select id, date_trunc('hour', seen), secs
from (select unnest($1::int[]) as id, unnest($2::timestamptz[]) as seen, unnest($3::int[]) as secs) h
on conflict (point_id, hour) do update
set online_seconds = least(3600, "point_connection_hours"."online_seconds" + excluded.online_seconds);

-- PointRepository.platformRecordDisconnection
update "points" set "gone_offline_at" = $1, "disconnections" = "points"."disconnections" + 1 where "points"."id" = $2;
insert into "point_connection_hours" ("point_id", "hour", "online_seconds", "disconnections") values ($1, $2, default, $3) on conflict ("point_id","hour") do update set "disconnections" = "point_connection_hours"."disconnections" + 1;
