-- MediaRepository.folder
select "id", "cabinet_id", "parent_id", "name", "index", "favorite", "created_at" from "folders" where ("folders"."cabinet_id" = $1 and "folders"."id" = $2);

-- MediaRepository.childFolders
select "id", "cabinet_id", "parent_id", "name", "index", "favorite", "created_at" from "folders" where ("folders"."cabinet_id" = $1 and "folders"."parent_id" = $2) order by "folders"."index", "folders"."name";

-- MediaRepository.childFolders (root)
select "id", "cabinet_id", "parent_id", "name", "index", "favorite", "created_at" from "folders" where ("folders"."cabinet_id" = $1 and "folders"."parent_id" is null) order by "folders"."index", "folders"."name";

-- MediaRepository.folderNameTaken
select count(*) from "folders" where ("folders"."cabinet_id" = $1 and "folders"."parent_id" = $2 and lower("folders"."name") = $3 and "folders"."id" <> $4);

-- MediaRepository.insertFolder
insert into "folders" ("id", "cabinet_id", "parent_id", "name", "index", "favorite", "created_at") values (default, $1, $2, $3, default, default, default) returning "id", "cabinet_id", "parent_id", "name", "index", "favorite", "created_at";

-- MediaRepository.updateFolders
update "folders" set "name" = $1 where ("folders"."cabinet_id" = $2 and "folders"."id" = any($3::int[])) returning "id", "cabinet_id", "parent_id", "name", "index", "favorite", "created_at";

-- MediaRepository.subtreeIds
with recursive tree(id) as (
select id from "folders" where cabinet_id = $1 and id = $2
union all
select f.id from "folders" f join tree on f.parent_id = tree.id where f.cabinet_id = $3
)
select id from tree;

-- MediaRepository.ancestors
with recursive up(id, name, parent_id, depth) as (
select id, name, parent_id, 0 from "folders" where cabinet_id = $1 and id = $2
union all
select f.id, f.name, f.parent_id, up.depth + 1 from "folders" f join up on f.id = up.parent_id
where f.cabinet_id = $3 and up.depth < 100
)
select id, name from up order by depth desc;

-- MediaRepository.removeFolders
delete from "folders" where ("folders"."cabinet_id" = $1 and "folders"."id" = any($2::int[]));

-- MediaRepository.favoriteFolders
select "id", "cabinet_id", "parent_id", "name", "index", "favorite", "created_at" from "folders" where ("folders"."cabinet_id" = $1 and "folders"."favorite" = $2) order by "folders"."name";

-- MediaRepository.searchFolders
select "id", "cabinet_id", "parent_id", "name", "index", "favorite", "created_at" from "folders" where ("folders"."cabinet_id" = $1 and "folders"."name" ilike $2) order by "folders"."name" limit $3;

-- MediaRepository.file
select "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at" from "files" where ("files"."cabinet_id" = $1 and "files"."id" = $2);

-- MediaRepository.platformFileById
select "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at" from "files" where "files"."id" = $1;

-- MediaRepository.filesIn
select "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at" from "files" where ("files"."cabinet_id" = $1 and "files"."folder_id" = $2) order by "files"."index", "files"."name";

-- MediaRepository.filesInFolders
select "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at" from "files" where ("files"."cabinet_id" = $1 and "files"."folder_id" = any($2::int[]));

-- MediaRepository.platformPlaylistsUsing
select distinct "playlist_items"."file_id", "playlists"."id", "playlists"."cabinet_id", "playlists"."name" from "playlist_items" inner join "playlists" on "playlists"."id" = "playlist_items"."playlist_id" where "playlist_items"."file_id" = any($1::int[]);
select "secondary_file_id", "id", "cabinet_id", "name" from "playlists" where "playlists"."secondary_file_id" = any($1::int[]);

-- MediaRepository.fileNameTaken
select count(*) from "files" where (("files"."cabinet_id" = $1 and "files"."folder_id" = $2 and lower("files"."name") = $3) and "files"."id" <> $4);

-- MediaRepository.namedFileSize
select "size" from "files" where ("files"."cabinet_id" = $1 and "files"."folder_id" = $2 and lower("files"."name") = $3) limit $4;

-- MediaRepository.fileByHash
select "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at" from "files" where ("files"."cabinet_id" = $1 and "files"."hash" = $2) order by "files"."id" limit $3;

-- MediaRepository.platformStorageKeyUsers
select count(*) from "files" where "files"."storage_key" = $1;

-- MediaRepository.insertFile
insert into "files" ("id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at") values (default, $1, $2, $3, $4, $5, default, $6, default, default, default, default, default, default, $7, default, default, default, default, default, default, default, default) returning "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at";

-- MediaRepository.updateFiles
update "files" set "name" = $1 where ("files"."cabinet_id" = $2 and "files"."id" = any($3::int[])) returning "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at";

-- MediaRepository.removeFiles
delete from "files" where ("files"."cabinet_id" = $1 and "files"."id" = any($2::int[])) returning "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at";

-- MediaRepository.recentFiles
select "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at" from "files" where "files"."cabinet_id" = $1 order by "files"."used_at" desc, "files"."id" desc limit $2;

-- MediaRepository.favoriteFiles
select "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at" from "files" where ("files"."cabinet_id" = $1 and "files"."favorite" = $2) order by "files"."name";

-- MediaRepository.searchFiles
select "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at" from "files" where ("files"."cabinet_id" = $1 and ("files"."name" ilike $2 or "files"."id" in (select "file_id" from "file_tags" where ("file_tags"."cabinet_id" = $3 and "file_tags"."tag" ilike $4)))) order by "files"."name" limit $5;

-- MediaRepository.listFiles
select "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at" from "files" where "files"."cabinet_id" = $1 order by "files"."id" desc, "files"."id" desc limit $2;
select count(*) from "files" where "files"."cabinet_id" = $1;

-- MediaRepository.listFiles (every filter)
select "id", "cabinet_id", "folder_id", "name", "mime", "kind", "source", "size", "unpacked_size", "width", "height", "duration", "measured_by", "hash", "storage_key", "thumb_key", "remote_url", "package_entry", "font_family", "index", "favorite", "created_at", "used_at" from "files" where ("files"."cabinet_id" = $1 and "files"."name" ilike $2 and "files"."kind" = $3 and "files"."folder_id" = $4 and "files"."favorite" = $5 and "files"."id" in (select "file_id" from "file_tags" where ("file_tags"."cabinet_id" = $6 and "file_tags"."tag" = $7))) order by "files"."id" desc, "files"."id" desc limit $8;
select count(*) from "files" where ("files"."cabinet_id" = $1 and "files"."name" ilike $2 and "files"."kind" = $3 and "files"."folder_id" = $4 and "files"."favorite" = $5 and "files"."id" in (select "file_id" from "file_tags" where ("file_tags"."cabinet_id" = $6 and "file_tags"."tag" = $7)));

-- MediaRepository.tagsOf
select "cabinet_id", "file_id", "tag" from "file_tags" where ("file_tags"."cabinet_id" = $1 and "file_tags"."file_id" = any($2::int[])) order by "file_tags"."tag";

-- MediaRepository.setTags
delete from "file_tags" where ("file_tags"."cabinet_id" = $1 and "file_tags"."file_id" = $2);
insert into "file_tags" ("cabinet_id", "file_id", "tag") values ($1, $2, $3) on conflict do nothing;
