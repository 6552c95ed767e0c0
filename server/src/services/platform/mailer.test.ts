/** The outbox keeps a live code only when it is the delivery channel (no SMTP: the dev outbox). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDb, setupDb, type TestEnv } from '../../test/helpers';
import { createMailer } from './mailer';

describe('outbox', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await setupDb();
    await resetDb(env.db);
  });
  afterAll(() => env.close());

  const bodyFor = async (target: string) =>
    (await env.db.selectFrom('outbox').select('body').where('target', '=', target).executeTakeFirstOrThrow()).body;

  it('keeps the code without SMTP (the dev outbox is the channel) and leaves it out with SMTP', async () => {
    await createMailer(undefined, undefined).send(env.db, 'email:dev@example.com', 'Code', 'Your code is 123456.', '123456');
    expect(await bodyFor('email:dev@example.com')).toBe('Your code is 123456.');
    // Port 1: the delivery fails in the background, as a down SMTP server would; the row is what matters.
    await createMailer(undefined, 'smtp://127.0.0.1:1').send(
      env.db,
      'email:prod@example.com',
      'Code',
      'Your code is 654321.',
      '654321',
    );
    expect(await bodyFor('email:prod@example.com')).toBe('Your code is ••••••.');
  });
});
