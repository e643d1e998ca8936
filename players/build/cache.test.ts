import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestOf } from './cache.js';

describe('the build cache key', () => {
  it('follows the content of every input and the extra texts, not where a file lies', async () => {
    const a = await mkdtemp(join(tmpdir(), 'vitrine-digest-'));
    const b = await mkdtemp(join(tmpdir(), 'vitrine-digest-'));
    await writeFile(join(a, 'shell.cjs'), 'bundle');
    await writeFile(join(b, 'shell.cjs'), 'bundle');
    const key = digestOf([join(a, 'shell.cjs')], ['linux', '0.1.0']);
    expect(digestOf([join(b, 'shell.cjs')], ['linux', '0.1.0'])).toBe(key);
    expect(digestOf([join(b, 'shell.cjs')], ['arm', '0.1.0'])).not.toBe(key);
    await writeFile(join(b, 'shell.cjs'), 'bundle!');
    expect(digestOf([join(b, 'shell.cjs')], ['linux', '0.1.0'])).not.toBe(key);
    expect(await readFile(join(a, 'shell.cjs'), 'utf8')).toBe('bundle');
    await rm(a, { recursive: true, force: true });
    await rm(b, { recursive: true, force: true });
  });
});
