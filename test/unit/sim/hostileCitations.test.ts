import assert from 'node:assert/strict';
import { startSimulator, type Simulator } from '../../../sim/simulator';
import { HOSTILE_SAFE_URL } from '../../../sim/webSearch';
import { chatA, parseSse, USER } from './simHttp';

describe('sim: x-sim-citations: hostile', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());

  const body = { model: 'alpha-v2.5', tools: [{ type: 'web_search' }], messages: [USER('What changed in Node streams?')] };

  it('cites links a client must never open, and one web address', async () => {
    const res = await chatA(sim, body, { 'x-sim-citations': 'hostile' });
    assert.equal(res.status, 200);
    const urls: string[] = res.json.choices[0].message.annotations.map((a: { url: string }) => a.url);
    for (const prefix of ['vscode:', 'command:', 'javascript:', 'java\nscript:', 'file:', 'data:', 'https://user:secret@']) {
      assert.ok(
        urls.some((u) => u.startsWith(prefix)),
        prefix,
      );
    }
    assert.ok(urls.includes(HOSTILE_SAFE_URL));
    assert.deepEqual(res.json.usage.web_search_usage, { tool_usage: 1, page_usage: urls.length });

    const sse = parseSse((await chatA(sim, { ...body, stream: true }, { 'x-sim-citations': 'hostile' })).text);
    assert.deepEqual(
      sse.chunks.find((c) => c.annotations).annotations.map((a: { url: string }) => a.url),
      urls,
      'the stream carries the same citations',
    );
  });

  it('refuses an unknown mode', async () => {
    const res = await chatA(sim, body, { 'x-sim-citations': 'evil' });
    assert.equal(res.status, 400);
    assert.match(res.json.error.message, /x-sim-citations/);
  });
});
