-- QuotaRepository.lock
select pg_advisory_xact_lock($1, $2);

-- QuotaRepository.storedBytes
select coalesce(sum(size + unpacked_size), 0)::bigint as total from (
select distinct on (storage_key) size, unpacked_size from "files"
where cabinet_id = $1 and source = 'HOME' and storage_key is not null
order by storage_key
) stored;

-- QuotaRepository.takenBytes
select (
select coalesce(sum(size + unpacked_size), 0) from (
select distinct on (storage_key) size, unpacked_size from "files"
where cabinet_id = $1 and source = 'HOME' and storage_key is not null
order by storage_key
) stored
) + (
select coalesce(sum(bytes), 0) from "upload_reservations"
where cabinet_id = $2 and expires_at > now()
) as total;

-- QuotaRepository.insertHold
insert into "upload_reservations" ("id", "cabinet_id", "bytes", "tus_id", "expires_at") values (default, $1, $2, $3, $4) returning "id";

-- QuotaRepository.growHold
update "upload_reservations" set "bytes" = "upload_reservations"."bytes" + $1 where ("upload_reservations"."cabinet_id" = $2 and "upload_reservations"."id" = $3) returning "id";

-- QuotaRepository.holdOfTus
select "id" from "upload_reservations" where ("upload_reservations"."cabinet_id" = $1 and "upload_reservations"."tus_id" = $2);

-- QuotaRepository.removeHold
delete from "upload_reservations" where ("upload_reservations"."cabinet_id" = $1 and "upload_reservations"."id" = $2);

-- QuotaRepository.platformRemoveHoldOfTus
delete from "upload_reservations" where "upload_reservations"."tus_id" = $1;

-- QuotaRepository.platformSweep
delete from "upload_reservations" where "upload_reservations"."expires_at" <= now() returning "id";
