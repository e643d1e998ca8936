-- PlaylistEndRepository.platformEndedWithAction
select "id", "cabinet_id", "name", "category", "type", "from_date", "to_date", "week_days", "from_time", "to_time", "from_time2", "to_time2", "files_order", "influence", "in_leftovers_only", "schedule_mode", "periodicity", "limitation_type", "quotas", "block_duration", "pixel", "access", "active", "override", "source", "advertising_providers", "ssp_connector", "action_on_end", "max_duration", "secondary_file_id", "secondary_loop_duration", "no_stats", "theme", "interval", "floating", "geofence", "approved", "ended_at", "expiry_alerted_at", "created_at", "updated_at" from "playlists" where ("playlists"."action_on_end" is not null and "playlists"."ended_at" is null and "playlists"."to_date" < $1) order by "playlists"."id" limit $2;

-- PlaylistEndRepository.platformMarkEnded
update "playlists" set "ended_at" = $1 where "playlists"."id" = any($2::int[]);

-- PlaylistEndRepository.platformRemoveByIds
delete from "playlists" where "playlists"."id" = any($1::int[]);

-- PlaylistEndRepository.platformDetachAll
delete from "playlist_targets" where "playlist_targets"."playlist_id" = any($1::int[]);

-- PlaylistEndRepository.tryEndActionLock
select pg_try_advisory_xact_lock($1) as locked;
