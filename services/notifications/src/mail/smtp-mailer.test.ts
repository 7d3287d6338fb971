import net from 'node:net';
import nodemailer from 'nodemailer';
import { PermanentDeliveryError, type OutgoingEmail } from '../app/mailer';
import { createSmtpMailer, transportMailer } from './smtp-mailer';

const FROM = 'Caskade <no-reply@caskade.local>';
const email: OutgoingEmail = {
  id: '0b7e6c1e-7d0c-4a53-9d0f-3f1b6f4f2a10',
  kind: 'verify-email',
  to: 'matilda@bottle-o.com.au',
  subject: 'Please confirm your email address for Caskade',
  text: 'Hi Matilda,\n\nConfirm: http://localhost:3000/verify-email?token=abc%2Bdef\n\nIf you didn’t sign up, ignore this.\n',
  html: '<p>Hi Matilda,</p><p><a href="http://localhost:3000/verify-email?token=abc%2Bdef">Confirm</a></p>',
};

interface Received {
  mailFrom: string;
  rcptTo: string[];
  data: string;
}

/** A minimal SMTP server: enough of RFC 5321 for nodemailer, no TLS, no auth; RCPT answers as told. */
async function startSmtpServer(rcptReply = '250 2.1.5 OK'): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current: Received = { mailFrom: '', rcptTo: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.local ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          // Undo dot-stuffing (RFC 5321 §4.5.2).
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { mailFrom: '', rcptTo: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test.local');
        else if (verb === 'MAIL') {
          current.mailFrom = line.replace(/^MAIL FROM:\s*<([^>]*)>.*$/i, '$1');
          reply('250 2.1.0 OK');
        } else if (verb === 'RCPT') {
          current.rcptTo.push(line.replace(/^RCPT TO:\s*<([^>]*)>.*$/i, '$1'));
          reply(rcptReply);
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'RSET') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Headers and body of a MIME part; the body decoded from quoted-printable or base64. */
function parsePart(part: string): { headers: string; body: string } {
  const split = part.indexOf('\r\n\r\n');
  const headers = part.slice(0, split);
  // The line break before the next boundary belongs to the boundary (RFC 2046 §5.1.1).
  const raw = part.slice(split + 4).replace(/\r\n$/, '');
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(headers)?.[1]?.toLowerCase();
  let body = raw;
  if (encoding === 'quoted-printable') {
    const bytes = raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  } else if (encoding === 'base64') {
    body = Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { headers, body };
}

describe('SMTP mailer contract', () => {
  it('builds the message: from, to, subject, message id, kind header, text and html parts', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sendMail = jest.spyOn(transport, 'sendMail');
    const mailer = transportMailer(transport, FROM);
    await mailer.send(email);
    await mailer.close();
    expect(sendMail).toHaveBeenCalledTimes(1);
    const info = (await sendMail.mock.results[0]?.value) as { message: string };
    const message = JSON.parse(info.message) as Record<string, unknown>;
    expect(message).toMatchObject({
      from: { address: 'no-reply@caskade.local', name: 'Caskade' },
      to: [{ address: 'matilda@bottle-o.com.au', name: '' }],
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: `<${email.id}@caskade.notifications>`,
      headers: { 'X-Caskade-Kind': 'verify-email' },
    });
  });

  describe('over SMTP', () => {
    let server: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });

    it('delivers a multipart/alternative message with the envelope and both parts intact', async () => {
      server = await startSmtpServer();
      const mailer = createSmtpMailer({ url: server.url, from: FROM });
      await mailer.send(email);
      await mailer.close();

      expect(server.received).toHaveLength(1);
      const got = server.received[0]!;
      expect(got.mailFrom).toBe('no-reply@caskade.local');
      expect(got.rcptTo).toEqual(['matilda@bottle-o.com.au']);
      expect(got.data).toMatch(/^From: Caskade <no-reply@caskade\.local>$/m);
      expect(got.data).toMatch(/^To: matilda@bottle-o\.com\.au$/m);
      expect(got.data).toMatch(/^Subject: Please confirm your email address for Caskade$/m);
      expect(got.data).toMatch(/^Message-ID: <0b7e6c1e-7d0c-4a53-9d0f-3f1b6f4f2a10@caskade\.notifications>$/m);
      const boundary = /Content-Type: multipart\/alternative;\s*boundary="([^"]+)"/i.exec(got.data)?.[1];
      expect(boundary).toMatch(/^\S{8,}$/);
      const parts = got.data.split(`--${boundary}`).slice(1, -1).map(parsePart);
      const text = parts.find((p) => /content-type: text\/plain/i.test(p.headers));
      const html = parts.find((p) => /content-type: text\/html/i.test(p.headers));
      expect(text?.body.replace(/\r\n/g, '\n')).toBe(email.text);
      expect(html?.body).toBe(email.html);
    });

    it('reports a 5xx refusal as permanent', async () => {
      server = await startSmtpServer('550 5.1.1 no such mailbox');
      const mailer = createSmtpMailer({ url: server.url, from: FROM });
      await expect(mailer.send(email)).rejects.toBeInstanceOf(PermanentDeliveryError);
      await mailer.close();
    });

    it('reports a 4xx deferral as retryable', async () => {
      server = await startSmtpServer('451 4.3.0 try again later');
      const mailer = createSmtpMailer({ url: server.url, from: FROM });
      const err: unknown = await mailer.send(email).then(() => null, (e: unknown) => e);
      expect(err).toHaveProperty('message');
      expect(err).not.toBeInstanceOf(PermanentDeliveryError);
      await mailer.close();
    });

    it('reports an unreachable server as retryable', async () => {
      server = await startSmtpServer();
      const url = server.url;
      await server.close();
      server = undefined;
      const mailer = createSmtpMailer({ url, from: FROM });
      const err: unknown = await mailer.send(email).then(() => null, (e: unknown) => e);
      expect(err).toHaveProperty('message');
      expect(err).not.toBeInstanceOf(PermanentDeliveryError);
      await mailer.close();
    });
  });
});
