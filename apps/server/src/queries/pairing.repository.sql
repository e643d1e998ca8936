-- PairingRepository.platformInsertPairing
insert into "pairing_codes" ("code", "device_key_hash", "expires_at", "point_id", "created_at") values ($1, $2, $3, default, default) on conflict do nothing returning "code", "device_key_hash", "expires_at", "point_id", "created_at";

-- PairingRepository.platformLivePairing
select "code", "device_key_hash", "expires_at", "point_id", "created_at" from "pairing_codes" where ("pairing_codes"."code" = $1 and "pairing_codes"."expires_at" > $2);

-- PairingRepository.platformBindPairing
update "pairing_codes" set "point_id" = $1 where ("pairing_codes"."code" = $2 and "pairing_codes"."expires_at" > $3 and "pairing_codes"."point_id" is null) returning "code";

-- PairingRepository.platformRemovePairing
delete from "pairing_codes" where "pairing_codes"."code" = $1;

-- PairingRepository.platformRemoveExpiredPairings
delete from "pairing_codes" where ("pairing_codes"."expires_at" <= $1 and "pairing_codes"."point_id" is null);
