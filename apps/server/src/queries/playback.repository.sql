-- PlaybackRepository.ingest
with pt as (
select id, cabinet_id, name, audience, playback_cost, coalesce($1::text, timezone) as tz
from "points" where id = $2 and cabinet_id = $3
),
input as (
select * from unnest(
$4::text[],
$5::int[],
$6::int[],
$7::timestamptz[],
$8::timestamptz[],
$9::float8[],
$10::int[]
) as t(event_id, file_id, playlist_id, started_at, ended_at, duration, ad_id)
),
-- An ad's show: its first show of the ad's creative in the batch takes the ad, if the ad is this
-- screen's and waiting (docs/ssp.md, "Proof of play").
ranked as (
select i.*, row_number() over (partition by i.ad_id, i.file_id order by i.started_at, i.event_id) as ad_rank
from input i
),
ins as (
insert into "playbacks" (cabinet_id, point_id, event_id, file_id, playlist_id, file_name,
playlist_name, point_name, started_at, ended_at, duration, impressions, cost, ad_id, revenue,
source)
select pt.cabinet_id, pt.id, i.event_id, i.file_id, i.playlist_id, f.name, pl.name, pt.name,
i.started_at, i.ended_at, i.duration,
-- An ad's audience multiplier; else the audience the screen measured in that hour, else its
-- setting for the hour, else its average.
coalesce(ad.multiplier_micros / 1000000.0, a.viewers,
(pt.audience -> 'perHour' ->> extract(hour from l.local_at)::int)::float8,
(pt.audience ->> 'viewers')::float8),
pt.playback_cost::float8, ad.id, coalesce(ad.revenue_micros / 1000000.0, 0), coalesce(ad.source, 'manual')
from ranked i
cross join pt
cross join lateral (select i.started_at at time zone pt.tz as local_at) l
left join "audience_hourly" a on a.point_id = pt.id
and a.hour_utc = i.started_at - (l.local_at - date_trunc('hour', l.local_at))
left join "files" f on f.id = i.file_id and f.cabinet_id = pt.cabinet_id
left join "playlists" pl on pl.id = i.playlist_id and pl.cabinet_id = pt.cabinet_id
left join "ssp_ads" ad on ad.id = i.ad_id and i.ad_rank = 1 and ad.point_id = pt.id
and ad.cabinet_id = pt.cabinet_id and ad.status = 'leased' and ad.file_id = i.file_id
order by i.event_id
on conflict (point_id, event_id) do nothing
returning cabinet_id, point_id, event_id, playlist_id, file_id, started_at, duration, impressions,
cost, source, revenue, ad_id
),
played as (
-- The ad is played: its show's event id is kept, so its calls are owed once.
update "ssp_ads" ad set status = 'played', event_id = ins.event_id, played_at = ins.started_at
from ins
where ad.id = ins.ad_id and ad.status = 'leased'
returning ad.id, ad.cabinet_id, ad.point_id, ins.event_id, ins.started_at, ad.burl, ad.impressions,
ad.pop_url, ad.expires_at
),
adcalls as (
-- The billing notice, every impression tracker and a lease's proof of play, queued on the trackers'
-- outbox once per show (unique on screen, event and kind), retried until the ad's deadline (an hour
-- at least, for a show reported just before it).
insert into "tracker_deliveries" (cabinet_id, point_id, event_id, kind, url, method, body, expires_at)
select c.cabinet_id, c.point_id, c.event_id, c.kind, c.url, c.method, c.body,
greatest(c.expires_at, now() + interval '1 hour')
from (
select p.cabinet_id, p.point_id, p.event_id, 'ssp:burl' as kind, p.burl as url, 'GET' as method,
null::text as body, p.expires_at
from played p where p.burl is not null
union all
select p.cabinet_id, p.point_id, p.event_id, 'ssp:imp:' || t.n, t.url, 'GET', null, p.expires_at
from played p cross join lateral jsonb_array_elements_text(p.impressions) with ordinality as t(url, n)
union all
select p.cabinet_id, p.point_id, p.event_id, 'ssp:pop', p.pop_url, 'POST',
json_build_object('display_time', floor(extract(epoch from p.started_at))::bigint)::text,
p.expires_at
from played p where p.pop_url is not null
) c
order by c.event_id, c.kind
on conflict (point_id, event_id, kind) do nothing
returning id
),
pixels as (
-- A playlist's tracking pixel is owed once per show stored (a resent event inserts nothing above).
insert into "tracker_deliveries" (cabinet_id, point_id, event_id, kind, url, expires_at)
select ins.cabinet_id, ins.point_id, ins.event_id, 'pixel', pl.pixel,
now() + make_interval(secs => $11)
from (
select id, pixel from "playlists"
where "playlists"."id" = any($12::int[]) and cabinet_id = $13 and pixel is not null
) pl
join ins on ins.playlist_id = pl.id
order by ins.event_id
on conflict (point_id, event_id, kind) do nothing
returning id
),
hours as (
-- The local hour the show started in, and the instant it began: the start less its minutes and
-- seconds past that local hour (exact for zones offset by half or quarter hours, and for the hour
-- repeated when clocks go back).
select cabinet_id, point_id, coalesce(playlist_id, 0) as playlist_id, file_id, duration,
impressions, cost, revenue, source, date_trunc('hour', local_at) as hour_local,
started_at - (local_at - date_trunc('hour', local_at)) as hour_utc
from (
select ins.*, (ins.started_at at time zone pt.tz) as local_at
from ins cross join pt
) s
),
rolled as (
insert into "playback_hourly" as r (cabinet_id, point_id, playlist_id, file_id, hour_utc, hour_local,
shows, seconds, impressions, cost, revenue, source)
select cabinet_id, point_id, playlist_id, file_id, hour_utc, min(hour_local), count(*)::int,
sum(duration), coalesce(sum(impressions), 0), coalesce(sum(cost), 0), coalesce(sum(revenue), 0),
source
from hours
group by cabinet_id, point_id, playlist_id, file_id, hour_utc, source
order by point_id, hour_utc, playlist_id, file_id, source
on conflict (point_id, hour_utc, playlist_id, file_id, source) do update set
shows = r.shows + excluded.shows,
seconds = r.seconds + excluded.seconds,
impressions = r.impressions + excluded.impressions,
cost = r.cost + excluded.cost,
revenue = r.revenue + excluded.revenue
)
select (select count(*) from pt)::int as found, (select count(*) from ins)::int as inserted,
((select count(*) from adcalls) + (select count(*) from pixels))::int as trackers;

-- PlaybackRepository.ingest (a zone given)
with pt as (
select id, cabinet_id, name, audience, playback_cost, coalesce($1::text, timezone) as tz
from "points" where id = $2 and cabinet_id = $3
),
input as (
select * from unnest(
$4::text[],
$5::int[],
$6::int[],
$7::timestamptz[],
$8::timestamptz[],
$9::float8[],
$10::int[]
) as t(event_id, file_id, playlist_id, started_at, ended_at, duration, ad_id)
),
-- An ad's show: its first show of the ad's creative in the batch takes the ad, if the ad is this
-- screen's and waiting (docs/ssp.md, "Proof of play").
ranked as (
select i.*, row_number() over (partition by i.ad_id, i.file_id order by i.started_at, i.event_id) as ad_rank
from input i
),
ins as (
insert into "playbacks" (cabinet_id, point_id, event_id, file_id, playlist_id, file_name,
playlist_name, point_name, started_at, ended_at, duration, impressions, cost, ad_id, revenue,
source)
select pt.cabinet_id, pt.id, i.event_id, i.file_id, i.playlist_id, f.name, pl.name, pt.name,
i.started_at, i.ended_at, i.duration,
-- An ad's audience multiplier; else the audience the screen measured in that hour, else its
-- setting for the hour, else its average.
coalesce(ad.multiplier_micros / 1000000.0, a.viewers,
(pt.audience -> 'perHour' ->> extract(hour from l.local_at)::int)::float8,
(pt.audience ->> 'viewers')::float8),
pt.playback_cost::float8, ad.id, coalesce(ad.revenue_micros / 1000000.0, 0), coalesce(ad.source, 'manual')
from ranked i
cross join pt
cross join lateral (select i.started_at at time zone pt.tz as local_at) l
left join "audience_hourly" a on a.point_id = pt.id
and a.hour_utc = i.started_at - (l.local_at - date_trunc('hour', l.local_at))
left join "files" f on f.id = i.file_id and f.cabinet_id = pt.cabinet_id
left join "playlists" pl on pl.id = i.playlist_id and pl.cabinet_id = pt.cabinet_id
left join "ssp_ads" ad on ad.id = i.ad_id and i.ad_rank = 1 and ad.point_id = pt.id
and ad.cabinet_id = pt.cabinet_id and ad.status = 'leased' and ad.file_id = i.file_id
order by i.event_id
on conflict (point_id, event_id) do nothing
returning cabinet_id, point_id, event_id, playlist_id, file_id, started_at, duration, impressions,
cost, source, revenue, ad_id
),
played as (
-- The ad is played: its show's event id is kept, so its calls are owed once.
update "ssp_ads" ad set status = 'played', event_id = ins.event_id, played_at = ins.started_at
from ins
where ad.id = ins.ad_id and ad.status = 'leased'
returning ad.id, ad.cabinet_id, ad.point_id, ins.event_id, ins.started_at, ad.burl, ad.impressions,
ad.pop_url, ad.expires_at
),
adcalls as (
-- The billing notice, every impression tracker and a lease's proof of play, queued on the trackers'
-- outbox once per show (unique on screen, event and kind), retried until the ad's deadline (an hour
-- at least, for a show reported just before it).
insert into "tracker_deliveries" (cabinet_id, point_id, event_id, kind, url, method, body, expires_at)
select c.cabinet_id, c.point_id, c.event_id, c.kind, c.url, c.method, c.body,
greatest(c.expires_at, now() + interval '1 hour')
from (
select p.cabinet_id, p.point_id, p.event_id, 'ssp:burl' as kind, p.burl as url, 'GET' as method,
null::text as body, p.expires_at
from played p where p.burl is not null
union all
select p.cabinet_id, p.point_id, p.event_id, 'ssp:imp:' || t.n, t.url, 'GET', null, p.expires_at
from played p cross join lateral jsonb_array_elements_text(p.impressions) with ordinality as t(url, n)
union all
select p.cabinet_id, p.point_id, p.event_id, 'ssp:pop', p.pop_url, 'POST',
json_build_object('display_time', floor(extract(epoch from p.started_at))::bigint)::text,
p.expires_at
from played p where p.pop_url is not null
) c
order by c.event_id, c.kind
on conflict (point_id, event_id, kind) do nothing
returning id
),
pixels as (
-- A playlist's tracking pixel is owed once per show stored (a resent event inserts nothing above).
insert into "tracker_deliveries" (cabinet_id, point_id, event_id, kind, url, expires_at)
select ins.cabinet_id, ins.point_id, ins.event_id, 'pixel', pl.pixel,
now() + make_interval(secs => $11)
from (
select id, pixel from "playlists"
where "playlists"."id" = any($12::int[]) and cabinet_id = $13 and pixel is not null
) pl
join ins on ins.playlist_id = pl.id
order by ins.event_id
on conflict (point_id, event_id, kind) do nothing
returning id
),
hours as (
-- The local hour the show started in, and the instant it began: the start less its minutes and
-- seconds past that local hour (exact for zones offset by half or quarter hours, and for the hour
-- repeated when clocks go back).
select cabinet_id, point_id, coalesce(playlist_id, 0) as playlist_id, file_id, duration,
impressions, cost, revenue, source, date_trunc('hour', local_at) as hour_local,
started_at - (local_at - date_trunc('hour', local_at)) as hour_utc
from (
select ins.*, (ins.started_at at time zone pt.tz) as local_at
from ins cross join pt
) s
),
rolled as (
insert into "playback_hourly" as r (cabinet_id, point_id, playlist_id, file_id, hour_utc, hour_local,
shows, seconds, impressions, cost, revenue, source)
select cabinet_id, point_id, playlist_id, file_id, hour_utc, min(hour_local), count(*)::int,
sum(duration), coalesce(sum(impressions), 0), coalesce(sum(cost), 0), coalesce(sum(revenue), 0),
source
from hours
group by cabinet_id, point_id, playlist_id, file_id, hour_utc, source
order by point_id, hour_utc, playlist_id, file_id, source
on conflict (point_id, hour_utc, playlist_id, file_id, source) do update set
shows = r.shows + excluded.shows,
seconds = r.seconds + excluded.seconds,
impressions = r.impressions + excluded.impressions,
cost = r.cost + excluded.cost,
revenue = r.revenue + excluded.revenue
)
select (select count(*) from pt)::int as found, (select count(*) from ins)::int as inserted,
((select count(*) from adcalls) + (select count(*) from pixels))::int as trackers;

-- PlaybackRepository.ingest (no ad)
with pt as (
select id, cabinet_id, name, audience, playback_cost, coalesce($1::text, timezone) as tz
from "points" where id = $2 and cabinet_id = $3
),
input as (
select * from unnest(
$4::text[],
$5::int[],
$6::int[],
$7::timestamptz[],
$8::timestamptz[],
$9::float8[]
) as t(event_id, file_id, playlist_id, started_at, ended_at, duration)
),
ins as (
insert into "playbacks" (cabinet_id, point_id, event_id, file_id, playlist_id, file_name,
playlist_name, point_name, started_at, ended_at, duration, impressions, cost, ad_id, revenue,
source)
select pt.cabinet_id, pt.id, i.event_id, i.file_id, i.playlist_id, f.name, pl.name, pt.name,
i.started_at, i.ended_at, i.duration,
-- An ad's audience multiplier; else the audience the screen measured in that hour, else its
-- setting for the hour, else its average.
coalesce(a.viewers,
(pt.audience -> 'perHour' ->> extract(hour from l.local_at)::int)::float8,
(pt.audience ->> 'viewers')::float8),
pt.playback_cost::float8, null, 0, 'manual'
from input i
cross join pt
cross join lateral (select i.started_at at time zone pt.tz as local_at) l
left join "audience_hourly" a on a.point_id = pt.id
and a.hour_utc = i.started_at - (l.local_at - date_trunc('hour', l.local_at))
left join "files" f on f.id = i.file_id and f.cabinet_id = pt.cabinet_id
left join "playlists" pl on pl.id = i.playlist_id and pl.cabinet_id = pt.cabinet_id
order by i.event_id
on conflict (point_id, event_id) do nothing
returning cabinet_id, point_id, event_id, playlist_id, file_id, started_at, duration, impressions,
cost, source, revenue, ad_id
),
pixels as (
-- A playlist's tracking pixel is owed once per show stored (a resent event inserts nothing above).
insert into "tracker_deliveries" (cabinet_id, point_id, event_id, kind, url, expires_at)
select ins.cabinet_id, ins.point_id, ins.event_id, 'pixel', pl.pixel,
now() + make_interval(secs => $10)
from (
select id, pixel from "playlists"
where "playlists"."id" = any($11::int[]) and cabinet_id = $12 and pixel is not null
) pl
join ins on ins.playlist_id = pl.id
order by ins.event_id
on conflict (point_id, event_id, kind) do nothing
returning id
),
hours as (
-- The local hour the show started in, and the instant it began: the start less its minutes and
-- seconds past that local hour (exact for zones offset by half or quarter hours, and for the hour
-- repeated when clocks go back).
select cabinet_id, point_id, coalesce(playlist_id, 0) as playlist_id, file_id, duration,
impressions, cost, revenue, source, date_trunc('hour', local_at) as hour_local,
started_at - (local_at - date_trunc('hour', local_at)) as hour_utc
from (
select ins.*, (ins.started_at at time zone pt.tz) as local_at
from ins cross join pt
) s
),
rolled as (
insert into "playback_hourly" as r (cabinet_id, point_id, playlist_id, file_id, hour_utc, hour_local,
shows, seconds, impressions, cost, revenue, source)
select cabinet_id, point_id, playlist_id, file_id, hour_utc, min(hour_local), count(*)::int,
sum(duration), coalesce(sum(impressions), 0), coalesce(sum(cost), 0), coalesce(sum(revenue), 0),
source
from hours
group by cabinet_id, point_id, playlist_id, file_id, hour_utc, source
order by point_id, hour_utc, playlist_id, file_id, source
on conflict (point_id, hour_utc, playlist_id, file_id, source) do update set
shows = r.shows + excluded.shows,
seconds = r.seconds + excluded.seconds,
impressions = r.impressions + excluded.impressions,
cost = r.cost + excluded.cost,
revenue = r.revenue + excluded.revenue
)
select (select count(*) from pt)::int as found, (select count(*) from ins)::int as inserted,
((select count(*) from pixels))::int as trackers;

-- PlaybackRepository.ingest (no ad, no playlist)
with pt as (
select id, cabinet_id, name, audience, playback_cost, coalesce($1::text, timezone) as tz
from "points" where id = $2 and cabinet_id = $3
),
input as (
select * from unnest(
$4::text[],
$5::int[],
$6::int[],
$7::timestamptz[],
$8::timestamptz[],
$9::float8[]
) as t(event_id, file_id, playlist_id, started_at, ended_at, duration)
),
ins as (
insert into "playbacks" (cabinet_id, point_id, event_id, file_id, playlist_id, file_name,
playlist_name, point_name, started_at, ended_at, duration, impressions, cost, ad_id, revenue,
source)
select pt.cabinet_id, pt.id, i.event_id, i.file_id, i.playlist_id, f.name, pl.name, pt.name,
i.started_at, i.ended_at, i.duration,
-- An ad's audience multiplier; else the audience the screen measured in that hour, else its
-- setting for the hour, else its average.
coalesce(a.viewers,
(pt.audience -> 'perHour' ->> extract(hour from l.local_at)::int)::float8,
(pt.audience ->> 'viewers')::float8),
pt.playback_cost::float8, null, 0, 'manual'
from input i
cross join pt
cross join lateral (select i.started_at at time zone pt.tz as local_at) l
left join "audience_hourly" a on a.point_id = pt.id
and a.hour_utc = i.started_at - (l.local_at - date_trunc('hour', l.local_at))
left join "files" f on f.id = i.file_id and f.cabinet_id = pt.cabinet_id
left join "playlists" pl on pl.id = i.playlist_id and pl.cabinet_id = pt.cabinet_id
order by i.event_id
on conflict (point_id, event_id) do nothing
returning cabinet_id, point_id, event_id, playlist_id, file_id, started_at, duration, impressions,
cost, source, revenue, ad_id
),
hours as (
-- The local hour the show started in, and the instant it began: the start less its minutes and
-- seconds past that local hour (exact for zones offset by half or quarter hours, and for the hour
-- repeated when clocks go back).
select cabinet_id, point_id, coalesce(playlist_id, 0) as playlist_id, file_id, duration,
impressions, cost, revenue, source, date_trunc('hour', local_at) as hour_local,
started_at - (local_at - date_trunc('hour', local_at)) as hour_utc
from (
select ins.*, (ins.started_at at time zone pt.tz) as local_at
from ins cross join pt
) s
),
rolled as (
insert into "playback_hourly" as r (cabinet_id, point_id, playlist_id, file_id, hour_utc, hour_local,
shows, seconds, impressions, cost, revenue, source)
select cabinet_id, point_id, playlist_id, file_id, hour_utc, min(hour_local), count(*)::int,
sum(duration), coalesce(sum(impressions), 0), coalesce(sum(cost), 0), coalesce(sum(revenue), 0),
source
from hours
group by cabinet_id, point_id, playlist_id, file_id, hour_utc, source
order by point_id, hour_utc, playlist_id, file_id, source
on conflict (point_id, hour_utc, playlist_id, file_id, source) do update set
shows = r.shows + excluded.shows,
seconds = r.seconds + excluded.seconds,
impressions = r.impressions + excluded.impressions,
cost = r.cost + excluded.cost,
revenue = r.revenue + excluded.revenue
)
select (select count(*) from pt)::int as found, (select count(*) from ins)::int as inserted,
(0)::int as trackers;

-- PlaybackRepository.reportAudience
with pt as (
select id, cabinet_id, coalesce($1::text, timezone) as tz
from "points" where id = $2 and cabinet_id = $3
),
input as (
select * from unnest(
$4::timestamptz[],
$5::float8[]
) with ordinality as t(at, viewers, n)
),
hours as (
-- The local hour each sample falls in and the instant it began; the batch's last sample of an hour wins.
select distinct on (hour_utc) hour_utc, hour_local, viewers
from (
select i.at - (l.local_at - date_trunc('hour', l.local_at)) as hour_utc,
date_trunc('hour', l.local_at) as hour_local, i.viewers, i.n
from input i
cross join pt
cross join lateral (select i.at at time zone pt.tz as local_at) l
) s
order by hour_utc, n desc
),
stored as (
insert into "audience_hourly" as a (cabinet_id, point_id, hour_utc, hour_local, viewers, reported_at)
select pt.cabinet_id, pt.id, h.hour_utc, h.hour_local, h.viewers, now()
from hours h cross join pt
order by h.hour_utc
on conflict (point_id, hour_utc) do update set
hour_local = excluded.hour_local, viewers = excluded.viewers, reported_at = excluded.reported_at
returning a.hour_utc, a.viewers
),
old as (
-- Hour by hour, so each is one range of the (point_id, started_at) index.
select p.id, p.playlist_id, p.file_id, p.source, p.before, s.viewers, s.hour_utc
from stored s
cross join lateral (
select p.id, coalesce(p.playlist_id, 0) as playlist_id, p.file_id, p.source,
coalesce(p.impressions, 0) as before
from "playbacks" p
where p.point_id = $6 and p.cabinet_id = $7
and p.started_at >= s.hour_utc and p.started_at < s.hour_utc + interval '1 hour'
and p.impressions is distinct from s.viewers
and not exists (select 1 from "statistic_changes" c
where c.playback_id = p.id and c.field = 'impressions')
order by p.id
for update
) p
),
changed as (
update "playbacks" p set impressions = old.viewers from old where p.id = old.id returning p.id
),
rollup as (
update "playback_hourly" r set impressions = r.impressions + d.delta
from (
select old.hour_utc, old.playlist_id, old.file_id, old.source, sum(old.viewers - old.before) as delta
from old join changed on changed.id = old.id
group by old.hour_utc, old.playlist_id, old.file_id, old.source
) d
where r.point_id = $8 and r.hour_utc = d.hour_utc and r.playlist_id = d.playlist_id
and r.file_id = d.file_id and r.source = d.source
)
-- (A data-modifying CTE runs to completion whether or not the answer reads it.)
select (select count(*) from pt)::int as found, (select count(*) from stored)::int as hours,
(select count(*) from changed)::int as shows;
