import { describe, expect, it } from 'vitest';
import { maskPassword, passwordOf, sameConnectionButPassword, unmaskPassword, withPassword, PASSWORD_MASK } from '../../../../functions/databases/uri';
import { engineKindFromUri as backendOf, driverOf } from '../../../../functions/engines/registry';

describe('connection URIs', () => {
  it('maps schemes (with drivers and aliases) to engines', () => {
    expect(backendOf('duckdb:////data/examples.duckdb')).toBe('duckdb');
    expect(backendOf('postgresql+psycopg2://u:p@h:5432/db')).toBe('postgresql');
    expect(backendOf('postgres://h/db')).toBe('postgresql');
    expect(backendOf('awsathena+rest://athena.us-east-1.amazonaws.com/db?s3_staging_dir=s3://b/p')).toBe('awsathena');
    expect(backendOf('mysql://h/db')).toBeNull();
    expect(backendOf('not a uri')).toBeNull();
    expect(driverOf('postgresql+psycopg2://h/db')).toBe('psycopg2');
    expect(driverOf('duckdb:///x')).toBe('duckdb_engine');
  });

  it('masks the password and nothing else', () => {
    expect(maskPassword('postgresql://bob:pa$$w0rd@db.example:5432/sales')).toBe(`postgresql://bob:${PASSWORD_MASK}@db.example:5432/sales`);
    expect(maskPassword('postgresql://bob@db.example/sales')).toBe('postgresql://bob@db.example/sales');
    expect(maskPassword('duckdb:////tmp/x.duckdb')).toBe('duckdb:////tmp/x.duckdb');
  });

  it('restores the stored password when the masked URI comes back, even with $ in it', () => {
    const stored = 'postgresql://bob:pa$&w0rd@db.example:5432/sales';
    expect(unmaskPassword(maskPassword(stored), stored)).toBe(stored);
    expect(unmaskPassword(`postgresql://bob:${PASSWORD_MASK}@other:5432/sales`, stored)).toBe('postgresql://bob:pa$&w0rd@other:5432/sales');
    expect(unmaskPassword('postgresql://bob:new@db.example/sales', stored)).toBe('postgresql://bob:new@db.example/sales');
  });
});

describe('same connection but the password', () => {
  it('holds only when nothing but the password differs', () => {
    const stored = 'postgresql://bob:secret@db.example:5432/sales';
    expect(sameConnectionButPassword(`postgresql://bob:${PASSWORD_MASK}@db.example:5432/sales`, stored)).toBe(true);
    expect(sameConnectionButPassword(`postgresql://bob:${PASSWORD_MASK}@evil.example:5432/sales`, stored)).toBe(false);
    expect(sameConnectionButPassword(`postgresql://bob:${PASSWORD_MASK}@db.example:5433/sales`, stored)).toBe(false);
    expect(sameConnectionButPassword(`postgresql+pg8000://bob:${PASSWORD_MASK}@db.example:5432/sales`, stored)).toBe(false);
    expect(sameConnectionButPassword(`postgresql://eve:${PASSWORD_MASK}@db.example:5432/sales`, stored)).toBe(false);
    expect(sameConnectionButPassword(`postgresql://bob:${PASSWORD_MASK}@db.example:5432/sales?sslmode=disable`, stored)).toBe(false);
  });
});

describe('password of a URI', () => {
  it('reads the password as written and puts another in its place, even with $ in it', () => {
    expect(passwordOf('postgresql://bob:pa%40ss$1@db.example:5432/sales')).toBe('pa%40ss$1');
    expect(passwordOf('postgresql://bob:@db.example/sales')).toBeNull();
    expect(passwordOf('postgresql://bob@db.example/sales')).toBeNull();
    expect(passwordOf('duckdb:////tmp/x.duckdb')).toBeNull();
    expect(withPassword(`postgresql://bob:${PASSWORD_MASK}@h/db`, 'x$&y')).toBe('postgresql://bob:x$&y@h/db');
    expect(withPassword('duckdb:////tmp/x.duckdb', 'x')).toBe('duckdb:////tmp/x.duckdb');
  });
});
