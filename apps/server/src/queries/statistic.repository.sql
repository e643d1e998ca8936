-- StatisticRepository.reportByHour
select to_char(t.hour_local, 'YYYY-MM-DD HH24:00') as hour, sum(t.shows)::bigint as shows,
sum(t.seconds) as seconds, sum(t.impressions) as impressions, sum(t.revenue) as revenue,
sum(t.cost) as cost
from "playback_hourly" t
where t.cabinet_id = $1 and t.point_id = any($2::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $3 and np.net_id = any($4::int[])) and t.playlist_id = any($5::int[]) and t.file_id = any($6::int[]) and t.hour_local >= $7::timestamp and t.hour_local < $8::timestamp
group by t.hour_local
order by t.hour_local;

-- StatisticRepository.reportByHour (no playlist or file filter)
select to_char(t.hour_local, 'YYYY-MM-DD HH24:00') as hour, sum(t.shows)::bigint as shows,
sum(t.seconds) as seconds, sum(t.impressions) as impressions, sum(t.revenue) as revenue,
sum(t.cost) as cost
from "playback_screen_hourly" t
where t.cabinet_id = $1 and t.point_id = any($2::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $3 and np.net_id = any($4::int[])) and t.hour_local >= $5::timestamp and t.hour_local < $6::timestamp
group by t.hour_local
order by t.hour_local;

-- StatisticRepository.reportByInstances
select s.point_id, pt.name, s.shows, s.seconds, s.impressions, s.revenue, s.cost
from (
select t.point_id, sum(t.shows)::bigint as shows, sum(t.seconds) as seconds,
sum(t.impressions) as impressions, sum(t.revenue) as revenue, sum(t.cost) as cost
from "playback_daily" t
where t.cabinet_id = $1 and t.point_id = any($2::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $3 and np.net_id = any($4::int[])) and t.playlist_id = any($5::int[]) and t.file_id = any($6::int[]) and t.day_local >= $7::date and t.day_local <= $8::date
group by t.point_id
) s
left join "points" pt on pt.id = s.point_id and pt.cabinet_id = $9
order by pt.name nulls last, s.point_id;

-- StatisticRepository.reportByFiles
select s.playlist_id, pl.name as playlist, s.file_id, fl.name as file, s.shows, s.seconds,
s.impressions, s.revenue, s.cost
from (
select t.playlist_id, t.file_id, sum(t.shows)::bigint as shows, sum(t.seconds) as seconds,
sum(t.impressions) as impressions, sum(t.revenue) as revenue, sum(t.cost) as cost
from "playback_daily" t
where t.cabinet_id = $1 and t.point_id = any($2::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $3 and np.net_id = any($4::int[])) and t.playlist_id = any($5::int[]) and t.file_id = any($6::int[]) and t.day_local >= $7::date and t.day_local <= $8::date
group by t.playlist_id, t.file_id
) s
left join "playlists" pl on pl.id = s.playlist_id and pl.cabinet_id = $9
left join "files" fl on fl.id = s.file_id and fl.cabinet_id = $10
order by s.shows desc, s.playlist_id, s.file_id;

-- StatisticRepository.audience
select s.point_id, pt.name, s.hour, s.shows, s.impressions
from (
select e.point_id, extract(hour from e.at)::int as hour, e.shows, e.impressions
from (
select t.point_id, t.hour_local::time as at, sum(t.shows)::bigint as shows, sum(t.impressions) as impressions
from "playback_hourly" t
where t.cabinet_id = $1 and t.point_id = any($2::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $3 and np.net_id = any($4::int[])) and t.playlist_id = any($5::int[]) and t.file_id = any($6::int[]) and t.hour_local >= $7::timestamp and t.hour_local < $8::timestamp
group by 1, 2
) e) s
left join "points" pt on pt.id = s.point_id and pt.cabinet_id = $9
order by pt.name nulls last, s.point_id, s.hour;

-- StatisticRepository.audience (no playlist or file filter)
select s.point_id, pt.name, s.hour, s.shows, s.impressions
from (
select u.point_id, u.hour, sum(u.shows)::bigint as shows, sum(u.impressions) as impressions
from (
select t.point_id, t.hour_of_day::int as hour, t.shows::bigint as shows, t.impressions
from "playback_screen_weekly" t
where t.cabinet_id = $1 and t.point_id = any($2::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $3 and np.net_id = any($4::int[])) and t.week_local >= $5::date and t.week_local < $6::date
union all
select e.point_id, extract(hour from e.at)::int as hour, e.shows, e.impressions
from (
select t.point_id, t.hour_local::time as at, sum(t.shows)::bigint as shows, sum(t.impressions) as impressions
from "playback_screen_hourly" t
where t.cabinet_id = $7 and t.point_id = any($8::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $9 and np.net_id = any($10::int[])) and ((t.hour_local >= $11::timestamp and t.hour_local < $12::timestamp)
or (t.hour_local >= $13::timestamp and t.hour_local < $14::timestamp))
group by 1, 2
) e
) u
group by 1, 2) s
left join "points" pt on pt.id = s.point_id and pt.cabinet_id = $15
order by pt.name nulls last, s.point_id, s.hour;

-- StatisticRepository.measuredHours
select u.point_id, u.hour, sum(u.hours)::int as hours
from (
select t.point_id, t.hour_of_day::int as hour, t.hours
from "audience_weekly" t
where t.cabinet_id = $1 and t.point_id = any($2::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $3 and np.net_id = any($4::int[])) and t.week_local >= $5::date and t.week_local < $6::date
union all
select e.point_id, extract(hour from e.at)::int as hour, e.hours
from (
select t.point_id, t.hour_local::time as at, count(*)::int as hours
from "audience_hourly" t
where t.cabinet_id = $7 and t.point_id = any($8::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $9 and np.net_id = any($10::int[])) and ((t.hour_local >= $11::timestamp and t.hour_local < $12::timestamp)
or (t.hour_local >= $13::timestamp and t.hour_local < $14::timestamp))
group by 1, 2
) e
) u
group by 1, 2;

-- StatisticRepository.exchange
select to_char(s.day, 'YYYY-MM-DD') as date, s.source, s.shows, s.impressions, s.revenue, s.cost
from (
select t.day_local as day, t.source, sum(t.shows)::bigint as shows,
sum(t.impressions) as impressions, sum(t.revenue) as revenue, sum(t.cost) as cost
from "playback_daily" t
where t.cabinet_id = $1 and t.point_id = any($2::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $3 and np.net_id = any($4::int[])) and t.playlist_id = any($5::int[]) and t.file_id = any($6::int[]) and t.day_local >= $7::date and t.day_local <= $8::date
group by 1, 2
) s
order by s.day, s.source;

-- StatisticRepository.countShows
select coalesce(sum(t.shows), 0)::bigint as n from "playback_daily" t
where t.cabinet_id = $1 and t.point_id = any($2::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $3 and np.net_id = any($4::int[])) and t.playlist_id = any($5::int[]) and t.file_id = any($6::int[]) and t.day_local >= $7::date and t.day_local <= $8::date;

-- StatisticRepository.list
select timezone, array_agg(id order by id) as ids from "points" where cabinet_id = $1
group by timezone;
select s.*,
pt.timezone,
(select string_agg(n.name, ', ' order by n.name) from "net_points" np
join "nets" n on n.id = np.net_id where np.point_id = s.point_id) as channel
from (
select t.id, t.point_id, t.playlist_id, t.file_id, t.point_name, t.playlist_name, t.file_name,
t.started_at, to_char(t.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as datetime,
t.started_at::text as cursor_at, t.duration, t.impressions, t.revenue, t.cost, t.source
from "playbacks" t
where t.cabinet_id = $1 and t.point_id = any($2::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $3 and np.net_id = any($4::int[])) and t.playlist_id = any($5::int[]) and t.file_id = any($6::int[]) and t.started_at >= $7::timestamptz and t.started_at < $8::timestamptz and ((t.started_at >= $9::timestamptz and t.started_at < $10::timestamptz)
or (t.point_id = any($11::int[]) and t.started_at >= $12::timestamptz
and t.started_at < $13::timestamptz) or (t.point_id <> all($14::int[]) and t.started_at >= $15::timestamptz
and t.started_at < $16::timestamptz))
order by t.started_at desc, t.id desc
limit $17 offset $18
) s
left join "points" pt on pt.id = s.point_id and pt.cabinet_id = $19
order by s.started_at desc, s.id desc;

-- StatisticRepository.list (after a cursor)
select timezone, array_agg(id order by id) as ids from "points" where cabinet_id = $1
group by timezone;
select s.*,
pt.timezone,
(select string_agg(n.name, ', ' order by n.name) from "net_points" np
join "nets" n on n.id = np.net_id where np.point_id = s.point_id) as channel
from (
select t.id, t.point_id, t.playlist_id, t.file_id, t.point_name, t.playlist_name, t.file_name,
t.started_at, to_char(t.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as datetime,
t.started_at::text as cursor_at, t.duration, t.impressions, t.revenue, t.cost, t.source
from "playbacks" t
where t.cabinet_id = $1 and t.point_id = any($2::int[]) and t.point_id in (select np.point_id from "net_points" np join "nets" n on n.id = np.net_id
where n.cabinet_id = $3 and np.net_id = any($4::int[])) and t.playlist_id = any($5::int[]) and t.file_id = any($6::int[]) and t.started_at >= $7::timestamptz and t.started_at < $8::timestamptz and ((t.started_at >= $9::timestamptz and t.started_at < $10::timestamptz)
or (t.point_id = any($11::int[]) and t.started_at >= $12::timestamptz
and t.started_at < $13::timestamptz) or (t.point_id <> all($14::int[]) and t.started_at >= $15::timestamptz
and t.started_at < $16::timestamptz)) and (t.started_at, t.id) < ($17::timestamptz, $18)
order by t.started_at desc, t.id desc
limit $19 offset $20
) s
left join "points" pt on pt.id = s.point_id and pt.cabinet_id = $21
order by s.started_at desc, s.id desc;
