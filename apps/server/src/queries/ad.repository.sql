-- AdRepository.platformCandidates
select distinct on (pt.id) pt.id as point_id, pt.cabinet_id, c.name as cabinet_name,
c.approval_required, pt.name, pt.address, pt.latitude, pt.longitude, (pt.photo_key is not null) as has_photo,
(pt.audience ->> 'viewers')::float8 as viewers, pt.playback_cost, pt.report ->> 'resolution' as resolution, pl.id as playlist_id,
pl.ssp_connector, pl.source, pl.advertising_providers, pl.periodicity, pl.max_duration
from playlists pl
join cabinets c on c.id = pl.cabinet_id
join playlist_targets tg on tg.playlist_id = pl.id
left join net_points np on np.net_id = tg.net_id
join points pt on pt.id = coalesce(tg.point_id, np.point_id) and pt.cabinet_id = pl.cabinet_id
where pl.active and pl.approved
and ((pl.ssp_connector ->> 'enabled')::boolean or pl.source is not null)
and not pt.is_stopped
order by pt.id, pl.id;

-- AdRepository.playlistScreens
select "id" from "playlists" where ("playlists"."cabinet_id" = $1 and "playlists"."id" = $2);
select distinct pt.id, pt.name, pt.address, pt.latitude, pt.longitude, (pt.photo_key is not null) as has_photo,
(pt.audience ->> 'viewers')::float8 as viewers, pt.playback_cost
from playlist_targets tg
left join net_points np on np.net_id = tg.net_id
join points pt on pt.id = coalesce(tg.point_id, np.point_id) and pt.cabinet_id = $1
where tg.playlist_id = $2
order by pt.name, pt.id;

-- AdRepository.platformTakenSlots
select "slot_at" from "ssp_ads" where ("ssp_ads"."point_id" = $1 and "ssp_ads"."slot_at" >= $2 and "ssp_ads"."slot_at" <= $3);

-- AdRepository.platformInsert
insert into "ssp_ads" ("id", "cabinet_id", "point_id", "playlist_id", "supplier_id", "supplier_name", "adapter", "source", "slot_at", "seconds", "file_id", "external_id", "creative_url", "price_micros", "multiplier_micros", "revenue_micros", "currency", "expires_at", "burl", "impressions", "pop_url", "expiry_url", "status", "approved", "event_id", "played_at", "created_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, default, $11, $12, $13, $14, $15, $16, default, default, default, default, default, default, default, default, default) on conflict do nothing returning "id", "cabinet_id", "point_id", "playlist_id", "supplier_id", "supplier_name", "adapter", "source", "slot_at", "seconds", "file_id", "external_id", "creative_url", "price_micros", "multiplier_micros", "revenue_micros", "currency", "expires_at", "burl", "impressions", "pop_url", "expiry_url", "status", "approved", "event_id", "played_at", "created_at";

-- AdRepository.platformMiss
insert into "ssp_misses" ("cabinet_id", "point_id", "hour_utc", "reason", "count") values ($1, $2, date_trunc('hour', $3::timestamptz), $4, $5) on conflict ("point_id","hour_utc","reason") do update set "count" = "ssp_misses"."count" + excluded.count;

-- AdRepository.misses
select "cabinet_id", "point_id", "hour_utc", "reason", "count" from "ssp_misses" where ("ssp_misses"."cabinet_id" = $1 and "ssp_misses"."point_id" = $2);

-- AdRepository.upcoming
select "id", "cabinet_id", "point_id", "playlist_id", "supplier_id", "supplier_name", "adapter", "source", "slot_at", "seconds", "file_id", "external_id", "creative_url", "price_micros", "multiplier_micros", "revenue_micros", "currency", "expires_at", "burl", "impressions", "pop_url", "expiry_url", "status", "approved", "event_id", "played_at", "created_at" from "ssp_ads" where ("ssp_ads"."cabinet_id" = $1 and "ssp_ads"."point_id" = $2 and "ssp_ads"."status" = $3 and "ssp_ads"."approved" = $4 and "ssp_ads"."expires_at" >= $5) order by "ssp_ads"."slot_at";

-- AdRepository.ofPoint
select "id", "cabinet_id", "point_id", "playlist_id", "supplier_id", "supplier_name", "adapter", "source", "slot_at", "seconds", "file_id", "external_id", "creative_url", "price_micros", "multiplier_micros", "revenue_micros", "currency", "expires_at", "burl", "impressions", "pop_url", "expiry_url", "status", "approved", "event_id", "played_at", "created_at" from "ssp_ads" where ("ssp_ads"."cabinet_id" = $1 and "ssp_ads"."point_id" = $2) order by "ssp_ads"."slot_at";

-- AdRepository.platformExpire
with gone as (
update "ssp_ads" set status = 'expired'
where status = 'leased' and expires_at < $1::timestamptz
returning id, cabinet_id, point_id, expiry_url
),
calls as (
insert into "tracker_deliveries" (cabinet_id, point_id, event_id, kind, url, expires_at)
select cabinet_id, point_id, 'ad-' || id, 'ssp:expire', expiry_url,
$2::timestamptz + interval '1 day'
from gone where expiry_url is not null
on conflict (point_id, event_id, kind) do nothing
returning id
)
select (select count(*) from gone)::int as n;

-- AdRepository.byIds
select "id", "cabinet_id", "point_id", "playlist_id", "supplier_id", "supplier_name", "adapter", "source", "slot_at", "seconds", "file_id", "external_id", "creative_url", "price_micros", "multiplier_micros", "revenue_micros", "currency", "expires_at", "burl", "impressions", "pop_url", "expiry_url", "status", "approved", "event_id", "played_at", "created_at" from "ssp_ads" where ("ssp_ads"."cabinet_id" = $1 and "ssp_ads"."id" = any($2::int[]));

-- AdRepository.fileApproved
select "id" from "ssp_ads" where ("ssp_ads"."cabinet_id" = $1 and "ssp_ads"."file_id" = $2 and "ssp_ads"."approved" = $3) limit $4;

-- AdRepository.approveFile
update "ssp_ads" set "approved" = $1 where ("ssp_ads"."cabinet_id" = $2 and "ssp_ads"."file_id" = $3) returning "id";
