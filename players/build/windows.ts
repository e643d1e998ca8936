/**
 * Node's official Windows binary is signed; injecting the shell into it breaks that signature. The
 * signature is removed first (the certificate table cut off the end of the file and its directory entry and
 * the header checksum zeroed, as `signtool remove` does), so the exe is plainly unsigned rather than
 * carrying a broken one.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** Offsets of the PE32+ optional header's checksum and certificate-table directory entry. */
function peOffsets(file: Buffer): { checksum: number; security: number } {
  if (file.readUInt16LE(0) !== 0x5a4d) throw new Error('Not an MZ executable');
  const pe = file.readUInt32LE(0x3c);
  if (file.readUInt32LE(pe) !== 0x00004550) throw new Error('No PE header');
  const optional = pe + 24;
  const magic = file.readUInt16LE(optional);
  const directories = optional + (magic === 0x20b ? 112 : magic === 0x10b ? 96 : -1);
  if (directories < optional) throw new Error('Unknown optional header');
  return { checksum: optional + 64, security: directories + 4 * 8 };
}

/** The certificate table of a PE file: where it starts and how long it is (0, 0 when unsigned). */
export function certificateTable(file: Buffer): { offset: number; size: number } {
  const { security } = peOffsets(file);
  return { offset: file.readUInt32LE(security), size: file.readUInt32LE(security + 4) };
}

export function removeSignature(path: string): void {
  let file = readFileSync(path);
  const { checksum, security } = peOffsets(file);
  const { offset, size } = certificateTable(file);
  if (size === 0) return;
  if (offset + size < file.length - 8) throw new Error('The signature is not at the end of the file');
  file = Buffer.from(file.subarray(0, offset));
  file.writeUInt32LE(0, security);
  file.writeUInt32LE(0, security + 4);
  file.writeUInt32LE(0, checksum);
  writeFileSync(path, file);
}
