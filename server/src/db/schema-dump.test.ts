import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dumpSchema, SCHEMA_SQL } from '../../../scripts/schema-dump';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('schema.sql', () => {
  it('is the schema the migrations make (regenerate: bash scripts/with-postgres.sh npx tsx scripts/schema-dump.ts)', async () => {
    const current = await dumpSchema(url as string);
    expect(readFileSync(SCHEMA_SQL, 'utf8')).toBe(current);
  });
});
