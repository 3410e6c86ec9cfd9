// Differential test against code no one here wrote: the npm package
// typeid-js, TypeID's official TypeScript implementation. Both ways: every
// TypeID the library makes must read back in typeid-js with the same prefix
// and UUID (TypeID.fromString(...).toUUID()); every TypeID typeid-js makes,
// and random mutations of them, must be accepted by the library exactly
// when typeid-js accepts them, with the same prefix and UUID.
// Usage: node differential.js <oracle> <node_modules dir>
'use strict';
const { execFileSync } = require('child_process');
const path = require('path');
const crypto = require('crypto');
const [oracle, modules] = process.argv.slice(2);
const { typeid, TypeID } = require(path.join(modules, 'typeid-js'));

let failures = 0;
let checked = 0;
// toUUID() refuses bits that are no RFC 9562 version (uuid's stringify
// validates), though fromString() accepts them as the specification says:
// the library's UUID text is compared with the bytes instead.
const uuidText = (bytes) => {
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const fail = (why) => {
  if (failures++ < 10) console.error(why);
};

// Ours, judged by typeid-js.
const ours = execFileSync(oracle, ['make', '2000']).toString().trim().split('\n');
if (ours.length !== 2000) fail(`oracle made ${ours.length} TypeIDs, not 2000`);
for (const line of ours) {
  const [text, prefix, uuid] = line.split(' ');
  ++checked;
  try {
    const id = TypeID.fromString(text);
    if (id.toUUID() !== uuid) fail(`typeid-js reads ${text} as UUID ${id.toUUID()}, not ${uuid}`);
    if (id.getType() !== (prefix === '-' ? '' : prefix)) fail(`typeid-js reads ${text}'s prefix as '${id.getType()}'`);
  } catch (e) {
    fail(`typeid-js rejects ${text}: ${e.message}`);
  }
}

// Theirs, read by the library: new ones, ones from random UUIDs, and
// mutations of both (a character replaced, dropped or doubled, the case
// flipped), which either side may reject but both must judge alike.
const prefixes = ['', 'user', 'pre_fix', 'a', 'x'.repeat(63)];
const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-. \u00e9';
const texts = [];
for (let i = 0; i < 2000; ++i) {
  const prefix = prefixes[i % prefixes.length];
  const id = i % 2 === 0 ? typeid(prefix) : TypeID.fromUUID(prefix, crypto.randomUUID());
  texts.push(id.toString());
}
const mutate = (s) => {
  const at = Math.floor(Math.random() * s.length);
  const c = alphabet[Math.floor(Math.random() * alphabet.length)];
  switch (Math.floor(Math.random() * 4)) {
    case 0: return s.slice(0, at) + c + s.slice(at + 1);
    case 1: return s.slice(0, at) + s.slice(at + 1);
    case 2: return s.slice(0, at) + s[at] + s.slice(at);
    default: return s.slice(0, at) + s[at].toUpperCase() + s.slice(at + 1);
  }
};
const originals = texts.length;
for (let i = 0; i < originals; ++i) texts.push(mutate(texts[i]));
// A few hand-picked edges: the first character's bound and the empty prefix.
texts.push('7zzzzzzzzzzzzzzzzzzzzzzzzz', '8zzzzzzzzzzzzzzzzzzzzzzzzz', 'a_7zzzzzzzzzzzzzzzzzzzzzzzzz', '_0000000000000000000000000');

const verdicts = execFileSync(oracle, ['read'], { input: texts.join('\n') + '\n' }).toString().trim().split('\n');
if (verdicts.length !== texts.length) fail(`oracle judged ${verdicts.length} texts, not ${texts.length}`);
for (let i = 0; i < texts.length && i < verdicts.length; ++i) {
  ++checked;
  let theirs = null;
  try {
    const id = TypeID.fromString(texts[i]);
    theirs = `ok ${id.toString()} ${id.getType() === '' ? '-' : id.getType()} ${uuidText(id.toUUIDBytes())}`;
  } catch (e) {
    theirs = null;
    if (process.env.DEBUG_TYPEID) console.error(texts[i], e.message);
  }
  const ok = verdicts[i].startsWith('ok ');
  if (i < originals && !ok) fail(`library rejects typeid-js's ${JSON.stringify(texts[i])}: ${verdicts[i]}`);
  else if (theirs === null && ok) fail(`library accepts ${JSON.stringify(texts[i])}, which typeid-js rejects`);
  else if (theirs !== null && !ok) fail(`library rejects ${JSON.stringify(texts[i])} (${verdicts[i]}), which typeid-js accepts`);
  else if (theirs !== null && verdicts[i] !== theirs) fail(`${JSON.stringify(texts[i])}: library says ${verdicts[i]}, typeid-js ${theirs}`);
}

console.log(`${checked - failures} passed, ${failures} failed`);
process.exit(failures === 0 ? 0 : 1);
