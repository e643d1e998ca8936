-- PlaylistChangesRepository.insertChange
insert into "playlist_changes" ("id", "cabinet_id", "playlist_id", "user_id", "user_name", "patch", "status", "decided_by", "decided_at", "reason", "superseded_at", "created_at") values (default, $1, $2, $3, $4, $5, default, default, default, default, default, default) returning "id", "cabinet_id", "playlist_id", "user_id", "user_name", "patch", "status", "decided_by", "decided_at", "reason", "superseded_at", "created_at";

-- PlaylistChangesRepository.pendingChanges
select "id", "cabinet_id", "playlist_id", "user_id", "user_name", "patch", "status", "decided_by", "decided_at", "reason", "superseded_at", "created_at" from "playlist_changes" where ("playlist_changes"."cabinet_id" = $1 and "playlist_changes"."playlist_id" = any($2::int[]) and "playlist_changes"."status" = $3) order by "playlist_changes"."id";

-- PlaylistChangesRepository.decideChanges
update "playlist_changes" set "status" = $1, "decided_by" = $2, "decided_at" = $3, "reason" = $4 where ("playlist_changes"."cabinet_id" = $5 and "playlist_changes"."id" = any($6::int[]) and "playlist_changes"."status" = $7);

-- PlaylistChangesRepository.supersede
update "playlist_changes" set "status" = case when "playlist_changes"."status" = 'PENDING' then 'SUPERSEDED' else "playlist_changes"."status" end, "superseded_at" = $1 where ("playlist_changes"."cabinet_id" = $2 and "playlist_changes"."playlist_id" = any($3::int[]) and "playlist_changes"."user_id" = $4 and "playlist_changes"."superseded_at" is null and "playlist_changes"."status" in ($5, $6));

-- PlaylistChangesRepository.openRejection
select "playlist_changes"."decided_at", "playlist_changes"."reason", "users"."name" from "playlist_changes" left join "users" on "users"."id" = "playlist_changes"."decided_by" where ("playlist_changes"."cabinet_id" = $1 and "playlist_changes"."playlist_id" = $2 and "playlist_changes"."user_id" = $3 and "playlist_changes"."status" = $4 and "playlist_changes"."superseded_at" is null) order by "playlist_changes"."id" desc limit $5;
