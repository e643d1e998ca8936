-- NetRepository.netsOf
select "net_points"."point_id", "nets"."id", "nets"."cabinet_id", "nets"."name", "nets"."color", "nets"."created_at" from "net_points" inner join "nets" on "nets"."id" = "net_points"."net_id" where ("nets"."cabinet_id" = $1 and "net_points"."point_id" = any($2::int[])) order by "nets"."name";

-- NetRepository.net
select "id", "cabinet_id", "name", "color", "created_at" from "nets" where ("nets"."cabinet_id" = $1 and "nets"."id" = $2);

-- NetRepository.netsByIds
select "id", "cabinet_id", "name", "color", "created_at" from "nets" where ("nets"."cabinet_id" = $1 and "nets"."id" = any($2::int[]));

-- NetRepository.list
select "id", "cabinet_id", "name", "color", "created_at" from "nets" where ("nets"."cabinet_id" = $1 and "nets"."name" ilike $2) order by lower("nets"."name"), "nets"."id" limit $3;
select count(*) from "nets" where ("nets"."cabinet_id" = $1 and "nets"."name" ilike $2);

-- NetRepository.membersOf
select "net_points"."net_id", "points"."id", "points"."name" from "net_points" inner join "points" on "points"."id" = "net_points"."point_id" where ("points"."cabinet_id" = $1 and "net_points"."net_id" = any($2::int[])) order by "points"."name";

-- NetRepository.insert
insert into "nets" ("id", "cabinet_id", "name", "color", "created_at") values (default, $1, $2, $3, default) returning "id", "cabinet_id", "name", "color", "created_at";

-- NetRepository.update
update "nets" set "name" = $1 where ("nets"."cabinet_id" = $2 and "nets"."id" = $3);

-- NetRepository.remove
delete from "nets" where ("nets"."cabinet_id" = $1 and "nets"."id" = $2);

-- NetRepository.setMembers
select "id" from "nets" where ("nets"."cabinet_id" = $1 and "nets"."id" in ($2));
delete from "net_points" where "net_points"."net_id" = $1;
select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" in ($2));
insert into "net_points" ("net_id", "point_id") values ($1, $2);

-- NetRepository.setPointNets
select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" in ($2));
delete from "net_points" where "net_points"."point_id" = $1;
select "id" from "nets" where ("nets"."cabinet_id" = $1 and "nets"."id" in ($2));
insert into "net_points" ("net_id", "point_id") values ($1, $2);
