-- ContentVersionRepository.setCurrentVersions
select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[])) order by "points"."id" for no key update;
update "points" p set
current_version = v.version,
content_base = v.base,
content_sum = v.sum,
content_changed_at = $1::timestamptz,
content_change = $2,
synced_at = case when p.report->>'contentVersion' = v.version
then coalesce(p.synced_at, $3::timestamptz) else null end
from (
select unnest($4::int[]) as id,
unnest($5::text[]) as version,
unnest($6::text[]) as base,
unnest($7::numeric[]) as sum) v
where p.id = v.id and p.cabinet_id = $8;

-- ContentVersionRepository.keepParts
select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[])) order by "points"."id" for no key update;
update "points" p set content_base = v.base, content_sum = v.sum
from (
select unnest($1::int[]) as id,
unnest($2::text[]) as version,
unnest($3::text[]) as base,
unnest($4::numeric[]) as sum) v
where p.id = v.id and p.cabinet_id = $5 and p.current_version = v.version;

-- ContentVersionRepository.addToSums
select "id" from "points" where ("points"."cabinet_id" = $1 and "points"."id" = any($2::int[]) and "points"."content_sum" is not null and "points"."content_base" is not null) order by "points"."id" for no key update;
update "points" p set
content_sum = mod(p.content_sum + d.delta, $1::numeric),
current_version = left(encode(sha256(convert_to(p.content_base || ':' || (mod(p.content_sum + d.delta, $2::numeric))::text, 'UTF8')), 'hex'), 16),
content_changed_at = $3::timestamptz,
content_change = $4,
synced_at = case
when p.report->>'contentVersion' = left(encode(sha256(convert_to(p.content_base || ':' || (mod(p.content_sum + d.delta, $5::numeric))::text, 'UTF8')), 'hex'), 16)
then coalesce(p.synced_at, $6::timestamptz) else null end
from (select unnest($7::int[]) as id,
unnest($8::numeric[]) as delta) d
where p.id = d.id and p.cabinet_id = $9;

-- ContentVersionRepository.markServed
update "points" set "served_version" = $1, "served_at" = $2 where ("points"."cabinet_id" = $3 and "points"."id" = $4);

-- ContentVersionRepository.markServed (heal)
update "points" set "synced_at" = case when "points"."report"->>'contentVersion' = $1 then coalesce("points"."synced_at", $2::timestamptz) else null end, "served_version" = $3, "served_at" = $4, "current_version" = $5, "content_base" = $6, "content_sum" = $7, "content_changed_at" = $8, "content_change" = $9 where ("points"."cabinet_id" = $10 and "points"."id" = $11);
