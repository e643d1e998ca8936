-- AdReportRepository.report
select date_trunc('hour', a.played_at) as hour, a.source, count(*)::int as shows,
sum(a.multiplier_micros)::text as impressions, sum(a.revenue_micros)::text as revenue
from "ssp_ads" a where a.cabinet_id = $1 and a.status = 'played' and a.played_at >= $2::date and a.played_at < $3::date + 1
group by 1, 2 order by 1 desc, 2
offset $4 limit $5;
select count(distinct (date_trunc('hour', a.played_at), a.source))::int as groups, count(*)::int as shows,
coalesce(sum(a.multiplier_micros), 0)::text as impressions, coalesce(sum(a.revenue_micros), 0)::text as revenue,
coalesce(array_agg(distinct a.currency) filter (where a.currency is not null), '{}') as currencies
from "ssp_ads" a where a.cabinet_id = $1 and a.status = 'played' and a.played_at >= $2::date and a.played_at < $3::date + 1;

-- AdReportRepository.shows
select a.id, a.played_at, a.source, a.supplier_name, a.file_id, f.name as file_name, a.point_id,
p.name as point_name, a.price_micros, a.currency, a.multiplier_micros, a.revenue_micros
from "ssp_ads" a
join "points" p on p.id = a.point_id and p.cabinet_id = a.cabinet_id
left join "files" f on f.id = a.file_id and f.cabinet_id = a.cabinet_id
where a.cabinet_id = $1 and a.status = 'played' and a.played_at >= $2::date and a.played_at < $3::date + 1
order by a.played_at desc, a.id desc
offset $4 limit $5;
select count(*)::int as n from "ssp_ads" a where a.cabinet_id = $1 and a.status = 'played' and a.played_at >= $2::date and a.played_at < $3::date + 1;

-- AdReportRepository.creatives
select f.id, f.name, max(a.supplier_name) as supplier, bool_or(a.approved) as approved,
count(*)::int as ads, count(*) filter (where a.status = 'played')::int as shows, max(a.created_at) as last
from "ssp_ads" a join "files" f on f.id = a.file_id and f.cabinet_id = a.cabinet_id
where a.cabinet_id = $1
group by f.id, f.name order by last desc, f.id desc
offset $2 limit $3;
select count(distinct a.file_id)::int as n from "ssp_ads" a
join "files" f on f.id = a.file_id and f.cabinet_id = a.cabinet_id
where a.cabinet_id = $1;

-- AdReportRepository.saveSupplierReports
insert into "ssp_supplier_reports" ("cabinet_id", "supplier_id", "hour_utc", "shows", "impressions_micros", "revenue_micros", "updated_at", "updated_by") values ($1, $2, $3, $4, $5, $6, default, $7) on conflict ("cabinet_id","supplier_id","hour_utc") do update set "shows" = excluded.shows, "impressions_micros" = excluded.impressions_micros, "revenue_micros" = excluded.revenue_micros, "updated_at" = now(), "updated_by" = excluded.updated_by returning "hour_utc";

-- AdReportRepository.reconciliation
with ours as (
select date_trunc('hour', a.played_at) as hour, a.supplier_id, max(a.supplier_name) as supplier_name,
count(*)::int as shows, sum(a.multiplier_micros) as impressions, sum(a.revenue_micros) as revenue
from "ssp_ads" a where a.cabinet_id = $1 and a.status = 'played' and a.played_at >= $2::date and a.played_at < $3::date + 1
group by 1, 2
),
theirs as (
select r.hour_utc as hour, r.supplier_id, r.shows, r.impressions_micros as impressions,
r.revenue_micros as revenue
from "ssp_supplier_reports" r where r.cabinet_id = $4 and r.hour_utc >= $5::date and r.hour_utc < $6::date + 1
),
joined as (
select coalesce(o.hour, t.hour) as hour, coalesce(o.supplier_id, t.supplier_id) as supplier_id,
coalesce(s.name, o.supplier_name, '') as supplier,
coalesce(o.shows, 0) as our_shows, coalesce(o.impressions, 0) as our_impressions,
coalesce(o.revenue, 0) as our_revenue, t.supplier_id is not null as reported,
coalesce(t.shows, 0) as their_shows, coalesce(t.impressions, 0) as their_impressions,
coalesce(t.revenue, 0) as their_revenue
from ours o full join theirs t on t.hour = o.hour and t.supplier_id = o.supplier_id
left join "ssp_suppliers" s on s.id = coalesce(o.supplier_id, t.supplier_id)
)
select hour, supplier_id, supplier, reported, our_shows::int, our_impressions::text,
our_revenue::text, their_shows::int, their_impressions::text, their_revenue::text
from joined order by hour desc, supplier, supplier_id
offset $7 limit $8;
with ours as (
select date_trunc('hour', a.played_at) as hour, a.supplier_id, max(a.supplier_name) as supplier_name,
count(*)::int as shows, sum(a.multiplier_micros) as impressions, sum(a.revenue_micros) as revenue
from "ssp_ads" a where a.cabinet_id = $1 and a.status = 'played' and a.played_at >= $2::date and a.played_at < $3::date + 1
group by 1, 2
),
theirs as (
select r.hour_utc as hour, r.supplier_id, r.shows, r.impressions_micros as impressions,
r.revenue_micros as revenue
from "ssp_supplier_reports" r where r.cabinet_id = $4 and r.hour_utc >= $5::date and r.hour_utc < $6::date + 1
),
joined as (
select coalesce(o.hour, t.hour) as hour, coalesce(o.supplier_id, t.supplier_id) as supplier_id,
coalesce(s.name, o.supplier_name, '') as supplier,
coalesce(o.shows, 0) as our_shows, coalesce(o.impressions, 0) as our_impressions,
coalesce(o.revenue, 0) as our_revenue, t.supplier_id is not null as reported,
coalesce(t.shows, 0) as their_shows, coalesce(t.impressions, 0) as their_impressions,
coalesce(t.revenue, 0) as their_revenue
from ours o full join theirs t on t.hour = o.hour and t.supplier_id = o.supplier_id
left join "ssp_suppliers" s on s.id = coalesce(o.supplier_id, t.supplier_id)
)
select count(*)::int as groups, coalesce(sum(our_shows), 0)::int as our_shows,
coalesce(sum(our_impressions), 0)::text as our_impressions,
coalesce(sum(our_revenue), 0)::text as our_revenue, coalesce(sum(their_shows), 0)::int as their_shows,
coalesce(sum(their_impressions), 0)::text as their_impressions,
coalesce(sum(their_revenue), 0)::text as their_revenue
from joined;
