-- ExportJobRepository.insertJob
insert into "export_jobs" ("id", "cabinet_id", "user_id", "kind", "format", "params", "name", "status", "progress", "storage_key", "size", "error", "created_at", "finished_at") values (default, $1, $2, $3, $4, $5, $6, default, default, default, default, default, default, default) returning "id", "cabinet_id", "user_id", "kind", "format", "params", "name", "status", "progress", "storage_key", "size", "error", "created_at", "finished_at";

-- ExportJobRepository.jobs
select "id", "cabinet_id", "user_id", "kind", "format", "params", "name", "status", "progress", "storage_key", "size", "error", "created_at", "finished_at" from "export_jobs" where "export_jobs"."cabinet_id" = $1 order by "export_jobs"."id" desc limit $2;

-- ExportJobRepository.platformJobById
select "id", "cabinet_id", "user_id", "kind", "format", "params", "name", "status", "progress", "storage_key", "size", "error", "created_at", "finished_at" from "export_jobs" where "export_jobs"."id" = $1;

-- ExportJobRepository.jobInCabinet
select "id", "cabinet_id", "user_id", "kind", "format", "params", "name", "status", "progress", "storage_key", "size", "error", "created_at", "finished_at" from "export_jobs" where ("export_jobs"."cabinet_id" = $1 and "export_jobs"."id" = $2);

-- ExportJobRepository.platformUpdateJob
update "export_jobs" set "status" = $1 where "export_jobs"."id" = $2;

-- ExportJobRepository.platformFinishedJobsBefore
select "id", "cabinet_id", "user_id", "kind", "format", "params", "name", "status", "progress", "storage_key", "size", "error", "created_at", "finished_at" from "export_jobs" where ("export_jobs"."status" in ('done', 'failed') and "export_jobs"."finished_at" < $1) order by "export_jobs"."finished_at" limit $2;

-- ExportJobRepository.platformDeleteJobs
delete from "export_jobs" where "export_jobs"."id" = any($1::int[]) returning "id";

-- ExportJobRepository.platformFailAbandonedJobs
update "export_jobs" set "status" = $1, "error" = $2, "finished_at" = $3 where "export_jobs"."status" in ('queued', 'running');
