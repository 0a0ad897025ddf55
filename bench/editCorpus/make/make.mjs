// Writes ../cases/*.json from the edit specs and the hand-written refusals,
// then ../FROZEN. Run: node bench/editCorpus/make/make.mjs
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EDITS } from './edits.mjs';
import { REFUSALS } from './refusals.mjs';
import { prepare, renderCase } from './render.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const casesDir = path.join(here, '..', 'cases');
fs.rmSync(casesDir, { recursive: true, force: true });
fs.mkdirSync(casesDir, { recursive: true });

const cases = [];
const failures = [];
for (const spec of EDITS) {
  const st = prepare(spec);
  spec.forms.forEach((form) => {
    const id = `${spec.id}-${form}`;
    try {
      cases.push(renderCase(st, form, id));
    } catch (e) {
      failures.push(e.message);
    }
  });
}
for (const ref of REFUSALS) cases.push(ref());

const seen = new Set();
for (const c of cases) {
  if (seen.has(c.id)) throw new Error('duplicate id ' + c.id);
  seen.add(c.id);
  fs.writeFileSync(path.join(casesDir, c.id + '.json'), JSON.stringify(c, null, 2) + '\n');
}
const frozen = [...seen].sort().map((id) => {
  const buf = fs.readFileSync(path.join(casesDir, id + '.json'));
  return `${crypto.createHash('sha256').update(buf).digest('hex')}  cases/${id}.json`;
});
fs.writeFileSync(path.join(here, '..', 'FROZEN'), frozen.join('\n') + '\n');

const byFormat = {};
const byLang = {};
for (const c of cases) {
  byFormat[c.format] = (byFormat[c.format] ?? 0) + 1;
  byLang[c.language] = (byLang[c.language] ?? 0) + 1;
}
if (failures.length) console.log('FAILED FORMS:\n' + failures.join('\n'));
console.log(cases.length, 'cases');
console.log(byFormat);
console.log(byLang);
