/**
 * Delivers verification codes. Every message is written to the outbox table (read it with
 * `npm run ops -- outbox`; with SMTP the code itself is left out of it); without SMTP_URL the server also logs one dev line with the target and
 * code so a new user can register on a fresh machine. Phone targets have no SMS gateway here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Q } from '../../db/schema';
import { sendSmtp } from './smtp';

export interface Mailer {
  /** `code` is the verification code the body carries, if any (logged in dev mode only). */
  send(db: Q, target: string, subject: string, body: string, code: string | null): Promise<void>;
}

export function createMailer(log: FastifyBaseLogger | undefined, smtpUrl: string | undefined): Mailer {
  return {
    async send(db, target, subject, body, code) {
      // With a real delivery channel the code leaves only by it: the table keeps the message
      // without it, so a database reader cannot use a live code.
      const kept = smtpUrl && code ? body.replaceAll(code, '••••••') : body;
      await db.insertInto('outbox').values({ target, subject, body: kept }).execute();
      const email = target.startsWith('email:') ? target.slice(6) : null;
      if (smtpUrl && email) {
        sendSmtp(smtpUrl, email, subject, body).catch((err: Error) =>
          log?.error({ target, err: err.message }, 'smtp delivery failed'),
        );
      } else {
        // Dev mode only (no SMTP): the code is logged so a local user can register.
        if (code) log?.info({ outbox: true, target }, `code sent to outbox: ${target} ${code}`);
        else log?.info({ outbox: true, target }, `notice sent to outbox: ${target}`);
      }
    },
  };
}
