import { faucet, ops } from './ops.ts';

export { faucet, ops };

/**
 * The newest verification code the outbox holds for `target`, in the server's account-key form
 * (`phone:1:5550123`, `email:a@b.co`). The outbox lists newest first, one block per message.
 */
export async function latestCode(target: string): Promise<string> {
  const outbox = await ops('outbox', '50');
  for (const block of outbox.split(/\n(?=\S)/)) {
    if (block.trim().split(/\s+/)[1] !== target) continue;
    const code = /verification code is (\d{6})/.exec(block)?.[1];
    if (code) return code;
  }
  throw new Error(`no code for ${target} in the outbox:\n${outbox}`);
}
