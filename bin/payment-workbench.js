#!/usr/bin/env node
// The CLI is bundled by `node esbuild.js` (npm install runs it as `prepare`) into dist/cli.js.
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const cli = path.join(__dirname, '..', 'dist', 'cli.js');
if (!fs.existsSync(cli)) {
  process.stderr.write('payment-workbench: dist/cli.js is not built; run `npm install` or `npm run build` in the repository first.\n');
  process.exit(2);
}
// A reader that stops early (`| head`) closes the pipe: that ends the output, it is no failure to report.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error && error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
const { main } = require(cli);
const io = { cwd: process.cwd(), env: process.env, out: (t) => process.stdout.write(`${t}\n`), err: (t) => process.stderr.write(`${t}\n`) };
main(process.argv.slice(2), io).then((status) => {
  if (status >= 0) process.exitCode = status;
});
