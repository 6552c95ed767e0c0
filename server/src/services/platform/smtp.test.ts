/** The minimal SMTP client against a scripted local SMTP server. */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendSmtp } from './smtp';

let server: net.Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

function fakeSmtp(): Promise<{ port: number; lines: string[] }> {
  const lines: string[] = [];
  return new Promise((resolve) => {
    server = net.createServer((s) => {
      let inData = false;
      let buf = '';
      s.write('220 fake ESMTP\r\n');
      s.on('data', (chunk) => {
        buf += chunk.toString();
        let i = buf.indexOf('\r\n');
        while (i >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 2);
          lines.push(line);
          if (inData) {
            if (line === '.') {
              inData = false;
              s.write('250 queued\r\n');
            }
          } else if (/^EHLO/.test(line)) s.write('250-fake\r\n250 AUTH PLAIN\r\n');
          else if (/^AUTH PLAIN/.test(line)) s.write('235 ok\r\n');
          else if (/^(MAIL|RCPT)/.test(line)) s.write('250 ok\r\n');
          else if (line === 'DATA') {
            inData = true;
            s.write('354 go\r\n');
          } else if (line === 'QUIT') s.end('221 bye\r\n');
          i = buf.indexOf('\r\n');
        }
      });
    });
    server.listen(0, '127.0.0.1', () => resolve({ port: (server!.address() as net.AddressInfo).port, lines }));
  });
}

describe('sendSmtp', () => {
  it('authenticates and delivers a message', async () => {
    const { port, lines } = await fakeSmtp();
    await sendSmtp(`smtp://user:p%40ss@127.0.0.1:${port}`, 'ada@example.com', 'Your code', 'Code 123456\n.hidden dot');
    expect(lines).toContain('MAIL FROM:<no-reply@127.0.0.1>');
    expect(lines).toContain('RCPT TO:<ada@example.com>');
    const auth = lines.find((l) => l.startsWith('AUTH PLAIN '))!;
    expect(Buffer.from(auth.slice(11), 'base64').toString()).toBe('\0user\0p@ss');
    expect(lines).toContain('Subject: Your code');
    expect(lines).toContain('..hidden dot');
  });

  it('refuses injected recipients and fails when nothing listens', async () => {
    const { port } = await fakeSmtp();
    await expect(sendSmtp(`smtp://127.0.0.1:${port}`, 'bad>@example.com', 's', 'b')).rejects.toThrow(/recipient/);
    server!.close();
    await expect(sendSmtp('smtp://127.0.0.1:1', 'a@example.com', 's', 'b')).rejects.toThrow();
  });
});
