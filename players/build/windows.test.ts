import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { certificateTable, removeSignature } from './windows.js';

/** The headers of a PE32+ file with a certificate table of `signature` bytes at its end. */
function signedPe(signature: number): Buffer {
  const body = 0x400;
  const file = Buffer.alloc(body + signature);
  file.writeUInt16LE(0x5a4d, 0);
  file.writeUInt32LE(0x80, 0x3c);
  file.writeUInt32LE(0x00004550, 0x80);
  const optional = 0x80 + 24;
  file.writeUInt16LE(0x20b, optional);
  file.writeUInt32LE(0x1234, optional + 64);
  file.writeUInt32LE(body, optional + 112 + 32);
  file.writeUInt32LE(signature, optional + 112 + 36);
  file.fill(0xaa, body);
  return file;
}

describe("the Windows binary's signature", () => {
  it('is cut off with its directory entry and the checksum, leaving the rest as it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vitrine-pe-'));
    const path = join(dir, 'node.exe');
    await writeFile(path, signedPe(200));
    expect(certificateTable(await readFile(path))).toEqual({ offset: 0x400, size: 200 });
    removeSignature(path);
    const after = await readFile(path);
    expect(after.length).toBe(0x400);
    expect(certificateTable(after)).toEqual({ offset: 0, size: 0 });
    expect(after.readUInt32LE(0x80 + 24 + 64)).toBe(0);
    // An unsigned file is left alone.
    removeSignature(path);
    expect((await readFile(path)).length).toBe(0x400);
    await writeFile(path, Buffer.from('not a program'));
    expect(() => removeSignature(path)).toThrow('Not an MZ executable');
    await rm(dir, { recursive: true, force: true });
  });
});
