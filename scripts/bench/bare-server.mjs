// The yardstick of the API rows: a bare node:http server (no framework, no database) answering
// every request with the same bytes the real list endpoint sent. Usage: bare-server.mjs FILE
// Prints the port it listens on.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]);
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(String(server.address().port));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
