import type { DatabaseHandle } from '../db/client.js';

/**
 * A digest of every row of every table of the app's schema, so a test can tell that a refused request
 * changed nothing. Columns that move on their own (a screen's last heartbeat, an export's progress) are
 * left out by name; a table can be left out whole with '*'.
 */
export class Fingerprint {
  private query: string | null = null;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly ignore: Record<string, readonly string[] | '*'> = {},
  ) {}

  private async prepare(): Promise<string> {
    if (this.query) return this.query;
    const { rows } = await this.database.executeSql(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      [],
    );
    const tables = (rows as { name: string }[])
      .map((r) => r.name)
      .filter((name) => /^[a-z_]+$/.test(name) && this.ignore[name] !== '*');
    const digest = (name: string) => {
      const columns = this.ignore[name];
      const cut =
        Array.isArray(columns) && columns.length
          ? ` - array[${columns.map((c) => `'${c}'`).join(',')}]::text[]`
          : '';
      const row = `md5((to_jsonb(x)${cut})::text)`;
      return `(select md5(coalesce(string_agg(${row}, '' order by ${row}), '')) from "${name}" x) as "${name}"`;
    };
    this.query = `select ${tables.map(digest).join(', ')}`;
    return this.query;
  }

  /** One digest per table. */
  async take(): Promise<Record<string, string>> {
    const { rows } = await this.database.executeSql(await this.prepare(), []);
    return rows[0] as Record<string, string>;
  }

  /**
   * The next transaction id: it moves only when something wrote (or tried to), so an unchanged value
   * proves nothing changed without digesting every table.
   */
  async writeMark(): Promise<string> {
    const { rows } = await this.database.executeSql(
      'select pg_snapshot_xmax(pg_current_snapshot())::text as x',
      [],
    );
    return (rows[0] as { x: string }).x;
  }
}

/** The tables whose digests differ. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}
