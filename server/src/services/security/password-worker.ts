/**
 * One argon2id thread of the password pool (`password-threads.ts`). It runs below the server's
 * priority: a burst of withdrawals fills the spare cores with hashing, yet the event loop and the
 * database thread get a core the moment they need one, so a transaction never waits for a time
 * slice while it holds the embedded database. (On Linux the nice value is per thread.)
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';
import { must } from '../../../../src/lib/must';
import type { PasswordReply, PasswordTask } from './password-threads';

try {
  os.setPriority(0, os.constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // A platform that refuses it still hashes, at the normal priority.
}

const port = must(parentPort, 'the parent thread (this file runs as a worker)');
port.on('message', ({ id, task }: { id: number; task: PasswordTask }) => {
  let reply: PasswordReply;
  try {
    if (task.kind === 'hash') reply = { id, value: hashSync(task.password, task.options) };
    else reply = { id, value: verifySync(task.stored, task.password) };
  } catch (e) {
    reply = { id, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
