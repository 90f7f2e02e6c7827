// The benchmark's SMTP sink in a worker thread of its own: what it costs to receive a message is not
// charged to the server's event loop it measures. Posts its count every 200 ms.
import { parentPort } from 'node:worker_threads';
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.server.address().port }));
const timer = setInterval(() => parentPort.postMessage({ received }), 200);
parentPort.on('message', (m) => {
  if (m === 'close') {
    clearInterval(timer);
    server.close(() => parentPort.postMessage({ received, closed: true }));
  }
});
