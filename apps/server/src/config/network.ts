import { isIP } from 'node:net';

/** OUTBOUND_ALLOW's entries: comma-separated, blanks dropped. */
export const outboundList = (value: string): string[] =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** 'a.b.c.d', 'a.b.c.d/n', an IPv6 address or range: [address, prefix, family], or null. */
export function parseCidr(entry: string): [string, number, 'ipv4' | 'ipv6'] | null {
  const [address = '', bits] = entry.split('/');
  const family = isIP(address);
  if (family === 0) return null;
  const max = family === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return [address, prefix, family === 4 ? 'ipv4' : 'ipv6'];
}
