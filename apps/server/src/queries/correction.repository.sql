-- CorrectionRepository.platformPatch
with old as (
select p.id, p.cabinet_id, p.point_id, coalesce(p.playlist_id, 0) as playlist_id, p.file_id,
p.started_at, p.duration, coalesce(p.impressions, 0) as impressions, p.revenue,
coalesce(p.cost, 0) as cost, p.source, p.impressions as raw_impressions, p.cost as raw_cost,
-- The rollup hour the row was counted in: the latest of its key starting at or before the show.
(select max(h.hour_utc) from "playback_hourly" h
where h.point_id = p.point_id and h.playlist_id = coalesce(p.playlist_id, 0)
and h.file_id = p.file_id and h.source = p.source and h.hour_utc <= p.started_at
and h.hour_utc > p.started_at - interval '1 hour') as hour_utc
from "playbacks" p
where p.id = any($1::bigint[])
order by p.id
for update
),
upd as (
update "playbacks" p set
impressions = $2::float8,
revenue = p.revenue,
cost = p.cost,
source = p.source
from old where p.id = old.id
returning p.id, coalesce(p.impressions, 0) as impressions, p.revenue, coalesce(p.cost, 0) as cost,
p.source
),
changes as (
insert into "statistic_changes" (cabinet_id, playback_id, user_id, field, old_value, new_value)
select old.cabinet_id, old.id, $3, c.field, c.old_value, c.new_value
from old join upd on upd.id = old.id
cross join lateral (values
('impressions', old.raw_impressions::text, upd.impressions::text),
('revenue', old.revenue::text, upd.revenue::text),
('cost', old.raw_cost::text, upd.cost::text),
('source', old.source, upd.source)
) as c(field, old_value, new_value)
where c.field in ($4) and c.old_value is distinct from c.new_value
returning 1
),
moves as (
select old.cabinet_id, old.point_id, old.playlist_id, old.file_id, old.hour_utc, old.source,
-1 as sign, old.duration, old.impressions, old.revenue, old.cost
from old where old.hour_utc is not null
union all
select old.cabinet_id, old.point_id, old.playlist_id, old.file_id, old.hour_utc, upd.source,
1, old.duration, upd.impressions, upd.revenue, upd.cost
from old join upd on upd.id = old.id where old.hour_utc is not null
),
net as (
select m.cabinet_id, m.point_id, m.playlist_id, m.file_id, m.hour_utc, m.source,
sum(m.sign)::int as shows, sum(m.sign * m.duration) as seconds,
sum(m.sign * m.impressions) as impressions, sum(m.sign * m.revenue) as revenue,
sum(m.sign * m.cost) as cost,
(select h.hour_local from "playback_hourly" h where h.point_id = m.point_id
and h.hour_utc = m.hour_utc limit 1) as hour_local
from moves m
group by m.cabinet_id, m.point_id, m.playlist_id, m.file_id, m.hour_utc, m.source
order by m.point_id, m.hour_utc, m.playlist_id, m.file_id, m.source
),
rolled as (
insert into "playback_hourly" as r (cabinet_id, point_id, playlist_id, file_id, hour_utc, hour_local,
shows, seconds, impressions, revenue, cost, source)
select cabinet_id, point_id, playlist_id, file_id, hour_utc, hour_local, shows, seconds,
impressions, revenue, cost, source
from net
on conflict (point_id, hour_utc, playlist_id, file_id, source) do update set
shows = r.shows + excluded.shows,
seconds = r.seconds + excluded.seconds,
impressions = r.impressions + excluded.impressions,
revenue = r.revenue + excluded.revenue,
cost = r.cost + excluded.cost
returning 1
)
select (select count(*) from upd)::int as updated, (select count(*) from changes)::int as changes,
(select count(*) from rolled)::int as rolled;

-- CorrectionRepository.platformPatch (source)
with old as (
select p.id, p.cabinet_id, p.point_id, coalesce(p.playlist_id, 0) as playlist_id, p.file_id,
p.started_at, p.duration, coalesce(p.impressions, 0) as impressions, p.revenue,
coalesce(p.cost, 0) as cost, p.source, p.impressions as raw_impressions, p.cost as raw_cost,
-- The rollup hour the row was counted in: the latest of its key starting at or before the show.
(select max(h.hour_utc) from "playback_hourly" h
where h.point_id = p.point_id and h.playlist_id = coalesce(p.playlist_id, 0)
and h.file_id = p.file_id and h.source = p.source and h.hour_utc <= p.started_at
and h.hour_utc > p.started_at - interval '1 hour') as hour_utc
from "playbacks" p
where p.id = any($1::bigint[])
order by p.id
for update
),
upd as (
update "playbacks" p set
impressions = p.impressions,
revenue = $2::float8,
cost = $3::float8,
source = $4::text
from old where p.id = old.id
returning p.id, coalesce(p.impressions, 0) as impressions, p.revenue, coalesce(p.cost, 0) as cost,
p.source
),
changes as (
insert into "statistic_changes" (cabinet_id, playback_id, user_id, field, old_value, new_value)
select old.cabinet_id, old.id, $5, c.field, c.old_value, c.new_value
from old join upd on upd.id = old.id
cross join lateral (values
('impressions', old.raw_impressions::text, upd.impressions::text),
('revenue', old.revenue::text, upd.revenue::text),
('cost', old.raw_cost::text, upd.cost::text),
('source', old.source, upd.source)
) as c(field, old_value, new_value)
where c.field in ($6, $7, $8) and c.old_value is distinct from c.new_value
returning 1
),
moves as (
select old.cabinet_id, old.point_id, old.playlist_id, old.file_id, old.hour_utc, old.source,
-1 as sign, old.duration, old.impressions, old.revenue, old.cost
from old where old.hour_utc is not null
union all
select old.cabinet_id, old.point_id, old.playlist_id, old.file_id, old.hour_utc, upd.source,
1, old.duration, upd.impressions, upd.revenue, upd.cost
from old join upd on upd.id = old.id where old.hour_utc is not null
),
net as (
select m.cabinet_id, m.point_id, m.playlist_id, m.file_id, m.hour_utc, m.source,
sum(m.sign)::int as shows, sum(m.sign * m.duration) as seconds,
sum(m.sign * m.impressions) as impressions, sum(m.sign * m.revenue) as revenue,
sum(m.sign * m.cost) as cost,
(select h.hour_local from "playback_hourly" h where h.point_id = m.point_id
and h.hour_utc = m.hour_utc limit 1) as hour_local
from moves m
group by m.cabinet_id, m.point_id, m.playlist_id, m.file_id, m.hour_utc, m.source
order by m.point_id, m.hour_utc, m.playlist_id, m.file_id, m.source
),
rolled as (
insert into "playback_hourly" as r (cabinet_id, point_id, playlist_id, file_id, hour_utc, hour_local,
shows, seconds, impressions, revenue, cost, source)
select cabinet_id, point_id, playlist_id, file_id, hour_utc, hour_local, shows, seconds,
impressions, revenue, cost, source
from net
on conflict (point_id, hour_utc, playlist_id, file_id, source) do update set
shows = r.shows + excluded.shows,
seconds = r.seconds + excluded.seconds,
impressions = r.impressions + excluded.impressions,
revenue = r.revenue + excluded.revenue,
cost = r.cost + excluded.cost
returning 1
)
select (select count(*) from upd)::int as updated, (select count(*) from changes)::int as changes,
(select count(*) from rolled)::int as rolled;
