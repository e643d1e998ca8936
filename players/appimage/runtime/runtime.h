/* The AppImage runtime's parts (docs/players.md, "AppImage"). */
#ifndef VITRINE_RUNTIME_H
#define VITRINE_RUNTIME_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* A zlib stream (squashfs's gzip blocks) into `out`; the bytes written, or -1 for a damaged stream. */
long zlib_inflate(const uint8_t *in, size_t in_len, uint8_t *out, size_t out_len);

/* Where the squashfs starts: the end of this ELF file (its section header table is last). */
off_t elf_end(int fd);

/* The squashfs image at `offset` of `fd`: its build time and size name the cache folder it is unpacked to. */
int squashfs_identity(int fd, off_t offset, uint32_t *mkfs_time, uint64_t *bytes_used);

/* Unpacks the whole image into `dir` (which must not exist). 0 when done, -1 with a message on stderr. */
int squashfs_extract(int fd, off_t offset, const char *dir);

#endif
