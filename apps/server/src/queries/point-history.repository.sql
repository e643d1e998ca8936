-- PointHistoryRepository.recentDisconnections
select "point_id", sum("disconnections")::int from "point_connection_hours" where ("point_connection_hours"."point_id" in (select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]))) and "point_connection_hours"."hour" >= $3) group by "point_connection_hours"."point_id";

-- PointHistoryRepository.connectionHours
select "point_id", "hour", "online_seconds", "disconnections" from "point_connection_hours" where ("point_connection_hours"."point_id" in (select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]))) and "point_connection_hours"."hour" > $3) order by "point_connection_hours"."hour";

-- PointHistoryRepository.appendLog
select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" in ($2));
insert into "point_logs" ("id", "point_id", "at", "level", "message") values (default, $1, $2, $3, $4);

-- PointHistoryRepository.log
select "id", "point_id", "at", "level", "message" from "point_logs" where "point_logs"."point_id" in (select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]))) order by "point_logs"."id" desc limit $3;

-- PointHistoryRepository.log (before)
select "id", "point_id", "at", "level", "message" from "point_logs" where ("point_logs"."point_id" in (select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]))) and "point_logs"."id" < $3) order by "point_logs"."id" desc limit $4;
