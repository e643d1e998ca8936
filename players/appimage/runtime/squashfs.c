/*
 * A squashfs 4.0 reader (gzip blocks, as our build makes them), enough to unpack an image: directories,
 * regular files (blocks, sparse blocks and fragment tails) and symbolic links. Names that would leave the
 * target folder are refused.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "runtime.h"

#define SQUASHFS_MAGIC 0x73717368u
#define META_SIZE 8192
#define CACHE_SIZE 16
#define UNCOMPRESSED_BLOCK 0x1000000u
#define NO_FRAGMENT 0xffffffffu

typedef struct {
    uint64_t pos, next;
    uint32_t len;
    int used;
    uint8_t data[META_SIZE];
} meta;

typedef struct {
    int fd;
    off_t base;
    uint32_t block_size, frag_count;
    uint16_t flags;
    uint64_t root, inode_table, dir_table, frag_table;
    meta cache[CACHE_SIZE];
    int next_slot;
    uint8_t *packed, *plain, *frag;
    int64_t frag_loaded;
    uint32_t frag_len;
} image;

typedef struct {
    uint16_t type, mode;
    uint32_t dir_block, dir_size;
    uint16_t dir_offset;
    uint64_t blocks_start, file_size;
    uint32_t frag, frag_offset;
    uint64_t list_block; /* where the block sizes follow the inode */
    uint32_t list_offset;
    char target[4097];
} inode;

static uint16_t u16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t u32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint64_t u64(const uint8_t *p) { return (uint64_t)u32(p) | (uint64_t)u32(p + 4) << 32; }

static int fail(const char *what) {
    fprintf(stderr, "AppImage: %s\n", what);
    return -1;
}

static int read_at(image *im, uint64_t pos, void *buf, size_t n) {
    uint8_t *to = buf;
    while (n) {
        ssize_t got = pread(im->fd, to, n, im->base + (off_t)pos);
        if (got <= 0) {
            if (got < 0 && errno == EINTR) continue;
            return fail("the image is cut short");
        }
        to += got;
        pos += (uint64_t)got;
        n -= (size_t)got;
    }
    return 0;
}

/* A data block or a fragment block into `out`: its length, or -1. */
static long read_block(image *im, uint64_t pos, uint32_t size_field, uint8_t *out, uint32_t out_len) {
    uint32_t size = size_field & ~UNCOMPRESSED_BLOCK;
    if (size > im->block_size) return fail("a block is too large");
    if (size_field & UNCOMPRESSED_BLOCK) return read_at(im, pos, out, size) ? -1 : (long)size;
    if (read_at(im, pos, im->packed, size)) return -1;
    long len = zlib_inflate(im->packed, size, out, out_len);
    return len < 0 ? fail("a block is damaged") : len;
}

/* The metadata block at `pos` (absolute in the image), decoded, from a small cache. */
static meta *meta_at(image *im, uint64_t pos) {
    for (int i = 0; i < CACHE_SIZE; i++)
        if (im->cache[i].used && im->cache[i].pos == pos) return &im->cache[i];
    meta *m = &im->cache[im->next_slot];
    im->next_slot = (im->next_slot + 1) % CACHE_SIZE;
    uint8_t header[2], raw[META_SIZE];
    m->used = 0;
    if (read_at(im, pos, header, 2)) return NULL;
    uint32_t size = u16(header) & 0x7fff;
    if (size > META_SIZE || read_at(im, pos + 2, raw, size)) return NULL;
    if (u16(header) & 0x8000) {
        memcpy(m->data, raw, size);
        m->len = size;
    } else {
        long len = zlib_inflate(raw, size, m->data, META_SIZE);
        if (len < 0) return fail("metadata is damaged"), NULL;
        m->len = (uint32_t)len;
    }
    m->pos = pos;
    m->next = pos + 2 + size;
    m->used = 1;
    return m;
}

/* `n` bytes of a metadata table from (block, offset), moving both on across blocks. */
static int meta_read(image *im, uint64_t table, uint64_t *block, uint32_t *offset, void *out, size_t n) {
    uint8_t *to = out;
    while (n) {
        meta *m = meta_at(im, table + *block);
        if (!m) return -1;
        if (*offset >= m->len) {
            if (*offset > m->len) return fail("a metadata reference is out of range");
            *block = m->next - table;
            *offset = 0;
            continue;
        }
        size_t chunk = m->len - *offset < n ? m->len - *offset : n;
        memcpy(to, m->data + *offset, chunk);
        to += chunk;
        *offset += (uint32_t)chunk;
        n -= chunk;
    }
    return 0;
}

static int read_inode(image *im, uint64_t ref, inode *node) {
    uint64_t block = ref >> 16;
    uint32_t offset = ref & 0xffff;
    uint8_t b[56];
    if (meta_read(im, im->inode_table, &block, &offset, b, 16)) return -1;
    memset(node, 0, sizeof *node);
    node->type = u16(b);
    node->mode = u16(b + 2);
    switch (node->type) {
    case 1: /* directory */
        if (meta_read(im, im->inode_table, &block, &offset, b, 16)) return -1;
        node->dir_block = u32(b), node->dir_size = u16(b + 8), node->dir_offset = u16(b + 10);
        return 0;
    case 8: /* extended directory */
        if (meta_read(im, im->inode_table, &block, &offset, b, 24)) return -1;
        node->dir_size = u32(b + 4), node->dir_block = u32(b + 8), node->dir_offset = u16(b + 18);
        return 0;
    case 2: /* file */
        if (meta_read(im, im->inode_table, &block, &offset, b, 16)) return -1;
        node->blocks_start = u32(b), node->frag = u32(b + 4), node->frag_offset = u32(b + 8), node->file_size = u32(b + 12);
        break;
    case 9: /* extended file */
        if (meta_read(im, im->inode_table, &block, &offset, b, 40)) return -1;
        node->blocks_start = u64(b), node->file_size = u64(b + 8), node->frag = u32(b + 28), node->frag_offset = u32(b + 32);
        break;
    case 3:
    case 10: { /* symbolic link */
        if (meta_read(im, im->inode_table, &block, &offset, b, 8)) return -1;
        uint32_t size = u32(b + 4);
        if (size >= sizeof node->target) return fail("a link target is too long");
        return meta_read(im, im->inode_table, &block, &offset, node->target, size);
    }
    default:
        return 0; /* devices, pipes, sockets: not unpacked */
    }
    node->list_block = block;
    node->list_offset = offset;
    return 0;
}

static int load_fragment(image *im, uint32_t index) {
    if (im->frag_loaded == (int64_t)index) return 0;
    if (index >= im->frag_count) return fail("a fragment is out of range");
    uint8_t pointer[8], entry[16];
    if (read_at(im, im->frag_table + (uint64_t)(index / 512) * 8, pointer, 8)) return -1;
    uint64_t block = u64(pointer);
    uint32_t offset = (index % 512) * 16;
    if (meta_read(im, 0, &block, &offset, entry, 16)) return -1;
    long len = read_block(im, u64(entry), u32(entry + 8), im->frag, im->block_size);
    if (len < 0) return -1;
    im->frag_loaded = index;
    im->frag_len = (uint32_t)len;
    return 0;
}

static int write_all(int fd, const uint8_t *data, size_t n) {
    while (n) {
        ssize_t put = write(fd, data, n);
        if (put < 0) {
            if (errno == EINTR) continue;
            return fail("the unpacked file could not be written");
        }
        data += put;
        n -= (size_t)put;
    }
    return 0;
}

static int extract_file(image *im, inode *node, const char *path) {
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0) return fail("a file could not be created");
    uint64_t whole = node->frag == NO_FRAGMENT ? (node->file_size + im->block_size - 1) / im->block_size
                                               : node->file_size / im->block_size;
    uint64_t pos = node->blocks_start, left = node->file_size;
    int error = 0;
    for (uint64_t i = 0; i < whole && !error; i++) {
        uint8_t raw[4];
        error = meta_read(im, im->inode_table, &node->list_block, &node->list_offset, raw, 4);
        if (error) break;
        uint32_t field = u32(raw), want = left < im->block_size ? (uint32_t)left : im->block_size;
        if (field == 0) {
            memset(im->plain, 0, want); /* a sparse block */
        } else {
            long len = read_block(im, pos, field, im->plain, im->block_size);
            if (len < (long)want) error = len < 0 ? -1 : fail("a block is short");
            pos += field & ~UNCOMPRESSED_BLOCK;
        }
        if (!error) error = write_all(fd, im->plain, want);
        left -= want;
    }
    if (!error && left) {
        error = load_fragment(im, node->frag);
        if (!error && node->frag_offset + left > im->frag_len) error = fail("a fragment is short");
        if (!error) error = write_all(fd, im->frag + node->frag_offset, left);
    }
    if (!error && fchmod(fd, node->mode & 0777)) error = fail("a file mode could not be set");
    if (close(fd) && !error) error = fail("a file could not be closed");
    return error;
}

static int extract_dir(image *im, inode *dir, const char *path, int depth);

static int extract_entry(image *im, uint64_t ref, const char *path, int depth) {
    inode *node = malloc(sizeof *node);
    if (!node) return fail("out of memory");
    int error = read_inode(im, ref, node);
    if (!error) {
        if (node->type == 1 || node->type == 8) error = extract_dir(im, node, path, depth + 1);
        else if (node->type == 2 || node->type == 9) error = extract_file(im, node, path);
        else if ((node->type == 3 || node->type == 10) && symlink(node->target, path))
            error = fail("a link could not be made");
    }
    free(node);
    return error;
}

static int extract_dir(image *im, inode *dir, const char *path, int depth) {
    if (depth > 64) return fail("folders are nested too deep");
    if (mkdir(path, 0700) && !(depth == 0 && errno == EEXIST)) return fail("a folder could not be made");
    uint64_t block = dir->dir_block;
    uint32_t offset = dir->dir_offset;
    int64_t left = (int64_t)dir->dir_size - 3;
    uint16_t mode = dir->mode;
    while (left > 0) {
        uint8_t h[12];
        if (meta_read(im, im->dir_table, &block, &offset, h, 12)) return -1;
        left -= 12;
        for (uint32_t n = u32(h) + 1; n > 0 && left > 0; n--) {
            uint8_t e[8];
            char name[257], child[4096];
            if (meta_read(im, im->dir_table, &block, &offset, e, 8)) return -1;
            uint32_t len = u16(e + 6) + 1u;
            if (len > 256 || meta_read(im, im->dir_table, &block, &offset, name, len)) return fail("a name is damaged");
            name[len] = 0;
            left -= 8 + (int64_t)len;
            if (strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, "..")) return fail("a name leaves its folder");
            if (snprintf(child, sizeof child, "%s/%s", path, name) >= (int)sizeof child) return fail("a path is too long");
            if (extract_entry(im, (uint64_t)u32(h + 4) << 16 | u16(e), child, depth)) return -1;
        }
    }
    return chmod(path, (mode & 0777) | 0700) ? fail("a folder mode could not be set") : 0;
}

static int open_image(image *im, int fd, off_t offset) {
    uint8_t sb[96];
    memset(im, 0, sizeof *im);
    im->fd = fd;
    im->base = offset;
    im->frag_loaded = -1;
    if (read_at(im, 0, sb, sizeof sb)) return -1;
    if (u32(sb) != SQUASHFS_MAGIC || u16(sb + 28) != 4) return fail("no squashfs 4 image after the runtime");
    if (u16(sb + 20) != 1) return fail("the image is not gzip-compressed");
    im->block_size = u32(sb + 12);
    if (im->block_size < 4096 || im->block_size > (1u << 20)) return fail("the image's block size is wrong");
    im->frag_count = u32(sb + 16);
    im->flags = u16(sb + 24);
    im->root = u64(sb + 32);
    im->inode_table = u64(sb + 64);
    im->dir_table = u64(sb + 72);
    im->frag_table = u64(sb + 80);
    im->packed = malloc(im->block_size);
    im->plain = malloc(im->block_size);
    im->frag = malloc(im->block_size);
    return im->packed && im->plain && im->frag ? 0 : fail("out of memory");
}

static void close_image(image *im) {
    free(im->packed);
    free(im->plain);
    free(im->frag);
}

int squashfs_identity(int fd, off_t offset, uint32_t *mkfs_time, uint64_t *bytes_used) {
    uint8_t sb[48];
    if (pread(fd, sb, sizeof sb, offset) != (ssize_t)sizeof sb || u32(sb) != SQUASHFS_MAGIC) return -1;
    *mkfs_time = u32(sb + 8);
    *bytes_used = u64(sb + 40);
    return 0;
}

int squashfs_extract(int fd, off_t offset, const char *dir) {
    image *im = malloc(sizeof *im);
    if (!im) return fail("out of memory");
    int error = open_image(im, fd, offset);
    if (!error) {
        inode root;
        error = read_inode(im, im->root, &root);
        if (!error && root.type != 1 && root.type != 8) error = fail("the image's root is no folder");
        if (!error) error = extract_dir(im, &root, dir, 0);
    }
    close_image(im);
    free(im);
    return error;
}
