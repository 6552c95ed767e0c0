// The tests run on one Node: the `node` package pinned in package.json's devDependencies, a build
// from the npm registry that npm puts first on the PATH of every script. Its major must be the one
// the Dockerfile ships, so that what is tested is what runs in production.
import { readFileSync } from 'node:fs';

const pinned = JSON.parse(readFileSync('package.json', 'utf8')).devDependencies.node;
const shipped = readFileSync('Dockerfile', 'utf8').match(/^FROM node:(\d+)/m)?.[1];
const running = process.versions.node;
const problems = [];
if (running !== pinned) {
  problems.push(`running Node ${running}, but package.json pins ${pinned}: run the tests through npm (npm test), after npm ci`);
}
if (shipped !== pinned.split('.')[0]) {
  problems.push(`the Dockerfile ships Node ${shipped}, but package.json pins ${pinned}`);
}
if (problems.length > 0) {
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  process.exit(1);
}
process.stdout.write(`Node ${running}, as pinned and as the Dockerfile ships\n`);
