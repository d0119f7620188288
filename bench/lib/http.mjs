// Raw HTTP reads for byte counts: the bytes on the wire (compressed as asked) and the decoded body.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export function getRaw(url, { encoding = 'gzip', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const body = coding === 'gzip' ? gunzipSync(wire) : coding === 'br' ? brotliDecompressSync(wire) : wire;
        resolve({ status: res.statusCode, headers: res.headers, wireBytes: wire.length, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
