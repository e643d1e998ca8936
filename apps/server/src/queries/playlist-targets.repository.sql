-- PlaylistTargetsRepository.replaceTargets
select "id" from "playlists" where ("playlists"."cabinet_id" = $1 and "playlists"."id" = any($2::int[]));
delete from "playlist_targets" where "playlist_targets"."playlist_id" = $1;
select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]));
select "id" from "nets" where ("nets"."cabinet_id" = $1 and "nets"."id" = any($2::int[]));
select "id" from "walls" where ("walls"."cabinet_id" = $1 and "walls"."id" = any($2::int[]));
insert into "playlist_targets" ("id", "playlist_id", "point_id", "net_id", "wall_id") values (default, $1, $2, $3, $4), (default, $5, $6, $7, $8), (default, $9, $10, $11, $12);

-- PlaylistTargetsRepository.addPointTargets
insert into "playlist_targets" (playlist_id, point_id)
select p, q from unnest($1::int[]) as p
cross join unnest($2::int[]) as q
where p = any(array(select id from "playlists" where cabinet_id = $3))
and q = any(array(select id from "points" where cabinet_id = $4))
on conflict do nothing;

-- PlaylistTargetsRepository.targets
select "playlist_targets"."playlist_id", "points"."id", "points"."name", "nets"."id", "nets"."name", "walls"."id", "walls"."name" from "playlist_targets" left join "points" on "points"."id" = "playlist_targets"."point_id" left join "nets" on "nets"."id" = "playlist_targets"."net_id" left join "walls" on "walls"."id" = "playlist_targets"."wall_id" where "playlist_targets"."playlist_id" in (select "id" from "playlists" where ("playlists"."cabinet_id" = $1 and "playlists"."id" = any($2::int[]))) order by "playlist_targets"."id";

-- PlaylistTargetsRepository.pointsTotal
select "playlist_id", "points" from "playlist_direct_counts" where "playlist_direct_counts"."playlist_id" in (select "id" from "playlists" where ("playlists"."cabinet_id" = $1 and "playlists"."id" = any($2::int[])));
select "playlist_id", count(distinct "point_id")::int from ((select "t"."playlist_id", "net_points"."point_id" from "playlist_targets" "t" inner join "net_points" on "net_points"."net_id" = "t"."net_id" where ("t"."playlist_id" in (select "id" from "playlists" where ("playlists"."cabinet_id" = $1 and "playlists"."id" = any($2::int[]))) and "t"."net_id" is not null)) union all (select "t"."playlist_id", "wall_screens"."point_id" from "playlist_targets" "t" inner join "wall_screens" on "wall_screens"."wall_id" = "t"."wall_id" where ("t"."playlist_id" in (select "id" from "playlists" where ("playlists"."cabinet_id" = $3 and "playlists"."id" = any($4::int[]))) and "t"."wall_id" is not null))) "m" where not exists (select 1 from "playlist_targets" "d" where ("d"."playlist_id" = "m"."playlist_id" and "d"."point_id" = "m"."point_id")) group by "m"."playlist_id";

-- PlaylistTargetsRepository.reachedPoints
select distinct coalesce("playlist_targets"."point_id", "net_points"."point_id", "wall_screens"."point_id") from "playlist_targets" left join "net_points" on "net_points"."net_id" = "playlist_targets"."net_id" left join "wall_screens" on "wall_screens"."wall_id" = "playlist_targets"."wall_id" where ("playlist_targets"."playlist_id" in (select "id" from "playlists" where ("playlists"."cabinet_id" = $1 and "playlists"."id" = any($2::int[]))) and coalesce("playlist_targets"."point_id", "net_points"."point_id", "wall_screens"."point_id") is not null);

-- PlaylistTargetsRepository.countReach
select count(distinct "id")::int from "points" where ("points"."cabinet_id" = $1 and ("points"."id" = any($2::int[]) or "points"."id" in (select "point_id" from "net_points" where "net_points"."net_id" = any($3::int[])) or "points"."id" in (select "point_id" from "wall_screens" where "wall_screens"."wall_id" = any($4::int[]))));

-- PlaylistTargetsRepository.existingPoints
select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]));

-- PlaylistTargetsRepository.existingWalls
select "id" from "walls" where ("walls"."cabinet_id" = $1 and "walls"."id" = any($2::int[]));

-- PlaylistTargetsRepository.namedWalls
select "id", "cabinet_id", "name", "width", "height", "screen_width_px", "screen_height_px", "screen_width_mm", "screen_height_mm", "bezel_mm", "created_at" from "walls" where ("walls"."cabinet_id" = $1 and "walls"."id" = any($2::int[]));

-- PlaylistTargetsRepository.existingNets
select "id" from "nets" where ("nets"."cabinet_id" = $1 and "nets"."id" = any($2::int[]));

-- PlaylistTargetsRepository.namedPoints
select "id", "name" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]));

-- PlaylistTargetsRepository.namedNets
select "id", "name" from "nets" where ("nets"."cabinet_id" = $1 and "nets"."id" = any($2::int[]));

-- PlaylistTargetsRepository.targetOptions
select "id", "name" from "points" where ("points"."cabinet_id" = $1 and "points"."name" ilike $2) order by "points"."name", "points"."id" limit $3;
select "id", "name" from "nets" where ("nets"."cabinet_id" = $1 and "nets"."name" ilike $2) order by "nets"."name", "nets"."id" limit $3;
select "id", "name" from "walls" where ("walls"."cabinet_id" = $1 and "walls"."name" ilike $2) order by "walls"."name", "walls"."id" limit $3;
