// Differential test against code no one here wrote: the npm uuid package.
// Its validate() and version() must accept every make_v7() ID as a valid
// version-7 UUID and every facade of one (<ulid/facade.hpp>) as version 4,
// and the library must read uuid's own v7() output with the times uuid gave
// it. Usage: node differential.js <oracle> <node_modules dir>
'use strict';
const { execFileSync } = require('child_process');
const path = require('path');
const [oracle, modules] = process.argv.slice(2);
const { v7, validate, version } = require(path.join(modules, 'uuid'));

let failures = 0;
const fail = (why) => {
  if (failures++ < 10) console.error(why);
};

// Ours, judged by uuid.
const ours = execFileSync(oracle, ['make', '2000']).toString().trim().split('\n');
if (ours.length !== 2000) fail(`oracle made ${ours.length} IDs, not 2000`);
for (const line of ours) {
  const [uuid, text] = line.split(' ');
  if (!validate(uuid)) fail(`uuid.validate rejects ${uuid} (ULID ${text})`);
  else if (version(uuid) !== 7) fail(`uuid.version(${uuid}) is ${version(uuid)}, not 7`);
}

// Private IDs: the facades of make_v7() IDs are valid version-4 UUIDs to uuid.
const facades = execFileSync(oracle, ['facade', '2000']).toString().trim().split('\n');
if (facades.length !== 2000) fail(`oracle made ${facades.length} facades, not 2000`);
for (const line of facades) {
  const [facade, v7id] = line.split(' ');
  if (!validate(facade)) fail(`uuid.validate rejects the facade ${facade} (of ${v7id})`);
  else if (version(facade) !== 4) fail(`uuid.version(${facade}) is ${version(facade)}, not 4 (facade of ${v7id})`);
  if (version(v7id) !== 7) fail(`the ID behind the facade ${facade}, ${v7id}, is not version 7`);
}

// Theirs, read by the library, with the millisecond bracket of each call.
const lines = [];
for (let i = 0; i < 2000; ++i) {
  const before = Date.now();
  const id = v7();
  const after = Date.now();
  lines.push(`${id} ${before} ${after}`);
}
const verdicts = execFileSync(oracle, ['read'], { input: lines.join('\n') + '\n' }).toString().trim().split('\n');
if (verdicts.length !== lines.length) fail(`oracle judged ${verdicts.length} IDs, not ${lines.length}`);
for (const v of verdicts) if (v !== 'ok') fail(`library on uuid's v7(): ${v}`);

console.log(`${ours.length + facades.length + verdicts.length - failures} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
