import { describe, expect, it } from 'vitest';
import { packageEntry, safeEntryPath } from './unzip.js';

describe('zip entry names', () => {
  it.each(['index.html', 'css/site.css', 'a/b/c.png'])('accepts %s', (name) =>
    expect(safeEntryPath(name)).toBe(name),
  );
  it.each(['../x', 'a/../../x', '/etc/passwd', 'C:/x', 'a\\..\\x', './x'])('refuses %s', (name) =>
    expect(safeEntryPath(name)).toBeNull(),
  );
  it('finds the entry page at the root or in the one top-level folder', () => {
    expect(packageEntry(['index.html', 'a.css'])).toBe('index.html');
    expect(packageEntry(['site/index.html', 'site/a.css'])).toBe('site/index.html');
    expect(packageEntry(['a/index.html', 'b/index.html'])).toBeNull();
    expect(packageEntry(['readme.txt'])).toBeNull();
  });
});
