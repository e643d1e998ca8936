-- PointRepository.point
select "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_base", "content_sum", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = $2);

-- PointRepository.pointsByIds
select "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_base", "content_sum", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]));

-- PointRepository.platformPointById
select "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_base", "content_sum", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at" from "points" where "points"."id" = $1;

-- PointRepository.platformDeviceCaller
select "id", "cabinet_id" from "points" where "points"."device_token_hash" = $1;

-- PointRepository.insert
insert into "points" ("id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_base", "content_sum", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at") values (default, $1, $2, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default) returning "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_base", "content_sum", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at";

-- PointRepository.update
update "points" set "name" = $1 where ("points"."cabinet_id" = $2 and "points"."id" = any($3::int[]));

-- PointRepository.platformSetDeviceToken
update "points" set "device_token_hash" = $1 where "points"."id" = $2;

-- PointRepository.remove
delete from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]));

-- PointRepository.list
select "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_base", "content_sum", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at" from "points" where "points"."cabinet_id" = $1 order by "points"."id" desc limit $2;
select count(*) from "points" where "points"."cabinet_id" = $1;

-- PointRepository.list (every filter)
select "id", "cabinet_id", "name", "uid", "address", "latitude", "longitude", "photo_key", "timezone", "rotation", "autostart", "transition_ms", "relaunch_interval", "work_from", "work_to", "commercial_cycle", "windows", "config", "audience", "playback_cost", "camera_stream_url", "is_stopped", "sync_interval", "device_token_hash", "report", "last_seen_at", "gone_offline_at", "offline_alerted", "synced_at", "served_version", "served_at", "current_version", "content_base", "content_sum", "content_changed_at", "content_change", "disconnections", "screenshot_key", "screenshot_at", "created_at", "updated_at" from "points" where ("points"."cabinet_id" = $1 and ("points"."name" ilike $2 or "points"."address" ilike $3 or "points"."uid" ilike $4) and "points"."id" in (select "point_id" from "net_points" where "net_points"."net_id" = $5) and (("points"."last_seen_at" > $6 and ("points"."gone_offline_at" is null or "points"."gone_offline_at" < "points"."last_seen_at")) and not "points"."id" in (select "point_id" from "point_connection_hours" where "point_connection_hours"."hour" >= $7 group by "point_connection_hours"."point_id" having sum("point_connection_hours"."disconnections") >= $8)) and not (exists (select 1 from "playlist_targets" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("playlist_targets"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $9 and "playlists"."approved" = $10))) or exists (select 1 from "net_points" inner join "playlist_targets" on "playlist_targets"."net_id" = "net_points"."net_id" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("net_points"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $11 and "playlists"."approved" = $12))) or exists (select 1 from "wall_screens" inner join "playlist_targets" on "playlist_targets"."wall_id" = "wall_screens"."wall_id" inner join "playlists" on "playlists"."id" = "playlist_targets"."playlist_id" where ("wall_screens"."point_id" = "points"."id" and ("playlists"."cabinet_id" = $13 and "playlists"."approved" = $14))))) order by "points"."id" desc limit $15;
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
