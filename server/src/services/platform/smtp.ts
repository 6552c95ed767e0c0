/**
 * A minimal SMTP client (no dependency): smtp://[user:pass@]host[:port] (plain, or upgraded with
 * STARTTLS when offered) or smtps://… (implicit TLS). Sender: SMTP_FROM or no-reply@<host>.
 */
import net from 'node:net';
import tls from 'node:tls';

export async function sendSmtp(url: string, to: string, subject: string, body: string): Promise<void> {
  if (/[<>\s]/.test(to)) throw new Error('smtp: refusing a recipient with <, > or whitespace');
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  const port = Number(u.port || (secure ? 465 : 25));
  const from = process.env.SMTP_FROM || `no-reply@${u.hostname}`;
  let socket: net.Socket = secure
    ? tls.connect({ host: u.hostname, port, servername: u.hostname })
    : net.connect({ host: u.hostname, port });
  socket.setTimeout(20_000, () => socket.destroy(new Error('smtp timeout')));
  let buffer = '';
  let waiter: ((line: string) => void) | null = null;
  const attach = (s: net.Socket) =>
    s.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      // A reply is complete at a line "NNN text" (a space after the code, not a dash).
      const m = /(^|\r\n)(\d{3}) [^\r\n]*\r\n$/.exec(buffer);
      if (m && waiter) {
        const reply = buffer;
        buffer = '';
        const w = waiter;
        waiter = null;
        w(reply);
      }
    });
  attach(socket);
  const failed = new Promise<never>((_, reject) => socket.once('error', reject));
  const read = () => Promise.race([new Promise<string>((resolve) => (waiter = resolve)), failed]);
  const cmd = async (line: string | null, expect: number) => {
    const p = read();
    if (line !== null) socket.write(`${line}\r\n`);
    const reply = await p;
    const code = Number(
      reply
        .slice(reply.lastIndexOf('\r\n', reply.length - 3) + 1)
        .trim()
        .slice(0, 3),
    );
    if (code !== expect) throw new Error(`smtp: expected ${expect}, got ${reply.trim().slice(0, 200)}`);
    return reply;
  };
  try {
    await cmd(null, 220);
    let ehlo = await cmd('EHLO tessera.local', 250);
    if (!secure && /STARTTLS/i.test(ehlo)) {
      await cmd('STARTTLS', 220);
      socket.removeAllListeners('data');
      socket = tls.connect({ socket, servername: u.hostname });
      attach(socket);
      await new Promise((r) => socket.once('secureConnect', r));
      ehlo = await cmd('EHLO tessera.local', 250);
    }
    if (u.username) {
      const auth = Buffer.from(`\0${decodeURIComponent(u.username)}\0${decodeURIComponent(u.password)}`).toString('base64');
      await cmd(`AUTH PLAIN ${auth}`, 235);
    }
    await cmd(`MAIL FROM:<${from}>`, 250);
    await cmd(`RCPT TO:<${to}>`, 250);
    await cmd('DATA', 354);
    const msg = [
      `From: Tessera <${from}>`,
      `To: <${to}>`,
      `Subject: ${subject.replace(/[\r\n]/g, ' ')}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..'),
      '.',
    ].join('\r\n');
    await cmd(msg, 250);
    socket.write('QUIT\r\n');
  } finally {
    socket.end();
  }
}
