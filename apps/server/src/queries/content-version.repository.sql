-- ContentVersionRepository.setCurrentVersions
update "points" p set
current_version = v.version,
content_changed_at = $1::timestamptz,
content_change = $2,
synced_at = case when p.report->>'contentVersion' = v.version
then coalesce(p.synced_at, $3::timestamptz) else null end
from (select unnest($4::int[]) as id, unnest($5::text[]) as version) v
where p.id = v.id and p.cabinet_id = $6;

-- ContentVersionRepository.markServed
update "points" set "served_version" = $1, "served_at" = $2 where ("points"."cabinet_id" = $3 and "points"."id" = $4);

-- ContentVersionRepository.markServed (heal)
update "points" set "synced_at" = case when "points"."report"->>'contentVersion' = $1 then coalesce("points"."synced_at", $2::timestamptz) else null end, "served_version" = $3, "served_at" = $4, "current_version" = $5, "content_changed_at" = $6, "content_change" = $7 where ("points"."cabinet_id" = $8 and "points"."id" = $9);
