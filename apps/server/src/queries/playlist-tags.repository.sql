-- PlaylistTagsRepository.tags
select "id", "cabinet_id", "name", "color" from "playlist_tags" where "playlist_tags"."cabinet_id" = $1 order by lower("playlist_tags"."name");

-- PlaylistTagsRepository.tag
select "id", "cabinet_id", "name", "color" from "playlist_tags" where ("playlist_tags"."cabinet_id" = $1 and "playlist_tags"."id" = $2);

-- PlaylistTagsRepository.insertTag
insert into "playlist_tags" ("id", "cabinet_id", "name", "color") values (default, $1, $2, $3) returning "id", "cabinet_id", "name", "color";

-- PlaylistTagsRepository.updateTag
update "playlist_tags" set "name" = $1 where ("playlist_tags"."cabinet_id" = $2 and "playlist_tags"."id" = $3) returning "id", "cabinet_id", "name", "color";

-- PlaylistTagsRepository.removeTag
delete from "playlist_tags" where ("playlist_tags"."cabinet_id" = $1 and "playlist_tags"."id" = $2) returning "id";

-- PlaylistTagsRepository.existingTags
select "id" from "playlist_tags" where ("playlist_tags"."cabinet_id" = $1 and "playlist_tags"."id" = any($2::int[]));

-- PlaylistTagsRepository.namedTags
select "id", "name" from "playlist_tags" where ("playlist_tags"."cabinet_id" = $1 and "playlist_tags"."id" = any($2::int[])) order by lower("playlist_tags"."name");

-- PlaylistTagsRepository.replaceTags
select "id" from "playlists" where ("playlists"."cabinet_id" = $1 and "playlists"."id" = any($2::int[]));
delete from "playlist_tag_links" where "playlist_tag_links"."playlist_id" = $1;
select "id" from "playlist_tags" where ("playlist_tags"."cabinet_id" = $1 and "playlist_tags"."id" = any($2::int[]));
insert into "playlist_tag_links" ("playlist_id", "tag_id") values ($1, $2);

-- PlaylistTagsRepository.tagsOf
select "playlist_tag_links"."playlist_id", "playlist_tags"."id", "playlist_tags"."name" from "playlist_tag_links" inner join "playlist_tags" on "playlist_tags"."id" = "playlist_tag_links"."tag_id" where ("playlist_tags"."cabinet_id" = $1 and "playlist_tag_links"."playlist_id" = any($2::int[])) order by lower("playlist_tags"."name");
