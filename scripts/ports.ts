import { createServer } from 'node:net';

/**
 * Bind `port` and let it go again: 0 answers a port free right now; a taken one fails with a message
 * naming what wanted it. Checked before a start opens any data, so a second instance stops cleanly.
 */
export function claimPort(port: number, what: string, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(err.code === 'EADDRINUSE' ? `port ${port} for ${what} is already in use (is another Caskade running?)` : err.message)),
    );
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}
