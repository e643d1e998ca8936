-- PointCommandRepository.insert
insert into "point_commands" (cabinet_id, point_id, name, args, created_by, expires_at)
select "points"."cabinet_id", "points"."id", $1, $2::jsonb,
$3::int, $4::timestamptz
from "points"
where "points"."cabinet_id" = $5 and "points"."id" = any($6::int[])
order by "points"."id"
for key share
returning id, point_id;

-- PointCommandRepository.platformPending
select "id", "cabinet_id", "point_id", "name", "args", "status", "message", "created_by", "created_at", "expires_at", "sent_at", "acked_at" from "point_commands" where ("point_commands"."point_id" = $1 and "point_commands"."status" in ($2, $3) and "point_commands"."expires_at" > $4) order by "point_commands"."id";

-- PointCommandRepository.platformCommand
select "id", "cabinet_id", "point_id", "name", "args", "status", "message", "created_by", "created_at", "expires_at", "sent_at", "acked_at" from "point_commands" where "point_commands"."id" = $1;

-- PointCommandRepository.platformMarkSent
update "point_commands" set "status" = $1, "sent_at" = $2 where ("point_commands"."id" = any($3::int[]) and "point_commands"."status" = $4);

-- PointCommandRepository.platformMark
update "point_commands" set "status" = $1, "acked_at" = $2 where ("point_commands"."id" = $3 and "point_commands"."point_id" = $4);

-- PointCommandRepository.recent
select "id", "cabinet_id", "point_id", "name", "args", "status", "message", "created_by", "created_at", "expires_at", "sent_at", "acked_at" from "point_commands" where ("point_commands"."cabinet_id" = $1 and "point_commands"."point_id" = $2) order by "point_commands"."id" desc limit $3;
