import * as assert from 'node:assert/strict';
import { attachmentHeading, folderListing, MENTION_BUDGET, problemsText, withinBudget } from '../../../../src/core/chat/mentions';
import { userMessage } from '../../../../src/core/chat/chatRound';
import type { Attachment } from '../../../../src/shared/protocol';

const file = (id: string, length: number): Attachment => ({ id, kind: 'file', label: `src/${id}.ts`, text: 'x'.repeat(length) });

describe('mentions: budget and labels', () => {
  it('keeps mentions whole while they fit the budget', () => {
    const small = [file('a', 1000), file('b', 2000)];
    assert.deepEqual(withinBudget(small, 10_000), small);
  });

  it('shares a budget past its limit fairly, cutting each big text with a visible note', () => {
    const out = withinBudget([file('small', 1000), file('big', 100_000), file('huge', 500_000)], MENTION_BUDGET);
    assert.equal(out[0].text, 'x'.repeat(1000), 'the small one is whole');
    const kept = (a: Attachment) => a.text!.split('\n')[0].length;
    assert.equal(kept(out[1]), (MENTION_BUDGET - 1000) / 2);
    assert.equal(kept(out[2]), (MENTION_BUDGET - 1000) / 2);
    assert.ok(kept(out[0]) + kept(out[1]) + kept(out[2]) <= MENTION_BUDGET);
    assert.match(out[1].text!, /\n… \[cut: 29500 of 100000 characters kept, to stay within the mentions' budget of 60000\]$/);
    assert.match(out[2].text!, /\[cut: 29500 of 500000 characters kept/);
  });

  it('cuts 20 mentions of 10,000 characters to the budget in total', () => {
    const out = withinBudget(
      Array.from({ length: 20 }, (_, i) => file(`f${i}`, 10_000)),
      MENTION_BUDGET,
    );
    const total = out.reduce((n, a) => n + a.text!.split('\n')[0].length, 0);
    assert.equal(total, MENTION_BUDGET);
    assert.ok(out.every((a) => a.text!.includes('[cut:')));
  });

  it('leaves images alone', () => {
    const image: Attachment = { id: 'i', kind: 'image', label: 'a.png', dataUrl: 'data:image/png;base64,AAAA' };
    assert.deepEqual(withinBudget([image, file('a', 10)], 5)[0], image);
  });

  it('labels each kind in the user message with its path', () => {
    const text = userMessage(
      {
        id: 'u',
        role: 'user',
        text: 'Look',
        attachments: [
          { id: '1', kind: 'file', label: 'src/greet.ts', text: 'export {}', language: 'typescript' },
          { id: '2', kind: 'folder', label: 'src/', text: 'greet.ts' },
          { id: '3', kind: 'symbol', label: 'greet — src/greet.ts:6', text: 'function greet() {}' },
          { id: '4', kind: 'problems', label: 'problems', text: 'src/a.ts:1: error: x' },
        ],
      },
      'B',
    ).content as string;
    assert.match(text, /File src\/greet\.ts:\n```typescript\nexport \{\}\n```/);
    assert.match(text, /Folder src\/ \(listing\):\n```\ngreet\.ts\n```/);
    assert.match(text, /Symbol greet — src\/greet\.ts:6:\n```\nfunction greet\(\) \{\}/);
    assert.match(text, /Problems in the workspace:\n```\nsrc\/a\.ts:1: error: x/);
    assert.equal(attachmentHeading({ id: 's', kind: 'selection', label: 'a.ts:1-2' }), 'Selected code a.ts:1-2');
  });

  it('lists a folder below its path, bounded', () => {
    const paths = ['src/a.ts', 'src/sub/b.ts', 'srcx/c.ts', 'README.md'];
    assert.equal(folderListing('src', paths), 'a.ts\nsub/b.ts');
    const many = Array.from({ length: 600 }, (_, i) => `d/f${String(i).padStart(3, '0')}`);
    const listing = folderListing('d', many, 500).split('\n');
    assert.equal(listing.length, 501);
    assert.equal(listing.at(-1), '… and 100 more');
  });

  it('lists problems errors first with file:line, bounded', () => {
    const text = problemsText([
      { path: 'b.ts', line: 3, severity: 'warning', message: 'unused' },
      { path: 'a.ts', line: 9, severity: 'error', message: 'type\nmismatch', source: 'ts' },
    ]);
    assert.equal(text, 'a.ts:9: error: type mismatch (ts)\nb.ts:3: warning: unused');
    const many = Array.from({ length: 250 }, (_, i) => ({ path: 'a.ts', line: i + 1, severity: 'info' as const, message: 'm' }));
    assert.match(problemsText(many, 200), /\n… and 50 more$/);
  });
});
