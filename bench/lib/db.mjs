// Reads the run's SQLite file beside the running cms (WAL lets a reader in at any time): counts a benchmark
// checks after its load, e.g. that every accepted visit was stored.
import Database from 'better-sqlite3';

export function readCount(file, sql, ...params) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return Object.values(db.prepare(sql).get(...params))[0] ?? 0;
  } finally {
    db.close();
  }
}
