import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as sent after DATA: headers, a blank line, the body (dot-unstuffed). */
  data: string;
}

/**
 * A minimal plain SMTP server (RFC 5321 without TLS or AUTH) that keeps what it receives, so a
 * test can see a message leave through nodemailer. Hand-rolled because no SMTP server package is
 * installed and the dialogue nodemailer needs is a dozen lines. `{ down: true }` starts it refusing
 * connections, as a mail server that is down, until `up()`.
 */
export async function startSmtpSink({ down = false }: { down?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp-sink ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 OK: queued');
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        handle(line);
      }
    });
    const handle = (line: string) => {
      switch (line.slice(0, 4).toUpperCase()) {
        case 'MAIL':
          mail.from = line.replace(/^MAIL FROM:\s*/i, '');
          return reply('250 OK');
        case 'RCPT':
          mail.to.push(line.replace(/^RCPT TO:\s*/i, ''));
          return reply('250 OK');
        case 'DATA':
          inData = true;
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          mail = { from: '', to: [], data: '' };
          return reply('250 OK');
        case 'QUIT':
          reply('221 Bye');
          return socket.end();
        default:
          // EHLO, HELO, NOOP: a plain "yes", advertising no extensions (so no STARTTLS either).
          return reply('250 smtp-sink');
      }
    };
    socket.on('error', () => socket.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A connection nodemailer left open would keep close() waiting; the test is over.
      for (const socket of sockets) socket.destroy();
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  // A mail server that is down: its port refuses connections until `up()`.
  if (down) await stop();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The messages received for `address`. */
    to: (address: string) => received.filter((mail) => mail.to.some((to) => to.includes(address))),
    /** Starts accepting again on the same port. */
    up: () => listen(port),
    /** Refuses connections (the server is down) until `up()`. */
    down: stop,
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
